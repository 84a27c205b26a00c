from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .models import ChangelogArgs

CHANGELOG = types.Prompt(
    name="changelog",
    description="Draft the changelog between two tags",
    arguments=[
        types.PromptArgument(name="release_tag", description="New tag, e.g. v3.2.0", required=True),
        types.PromptArgument(name="previous_tag", description="Previous tag", required=True),
        types.PromptArgument(name="highlights", description="What to lead with", required=False),
    ],
)


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[CHANGELOG])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != CHANGELOG.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = ChangelogArgs.model_validate(params.arguments or {})
    text = f"Draft the changelog from {args.previous_tag} to {args.release_tag}."
    if args.highlights:
        text += f" Lead with: {args.highlights}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
