from mcp import types

from .models import BriefArgs

BRIEF = types.Prompt(
    name="brief",
    description="Write a briefing",
    arguments=[
        types.PromptArgument(name="subject", required=True),
        types.PromptArgument(name="audience", required=True),
        types.PromptArgument(name="length", required=False),
    ],
)


def render_brief(arguments: dict[str, str]) -> types.GetPromptResult:
    args = BriefArgs.model_validate(arguments)
    text = f"Write a {args.length} briefing on {args.subject} for {args.audience}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
