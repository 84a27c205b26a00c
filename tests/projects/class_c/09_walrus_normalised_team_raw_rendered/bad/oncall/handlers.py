from mcp import types
from mcp.types import INVALID_PARAMS

from .teams import normalise_team

HANDOFF = types.Prompt(
    name="handoff",
    description="Draft an on-call handoff note",
    arguments=[
        types.PromptArgument(name="team", required=True),
        types.PromptArgument(name="incidents", required=True),
    ],
)


async def get_prompt(ctx, params: types.GetPromptRequestParams) -> types.GetPromptResult | types.ErrorData:
    args = params.arguments or {}
    incidents = args.get("incidents", "").strip()
    if not incidents:
        return types.ErrorData(code=INVALID_PARAMS, message="incidents is required")
    if not (handle := normalise_team(args.get("team", ""))):
        return types.ErrorData(code=INVALID_PARAMS, message=f"unknown team {args.get('team')!r}")
    text = f"Write the on-call handoff for {args['team']}.\nOpen incidents:\n{incidents}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


async def list_prompts(ctx, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[HANDOFF])
