from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .styles import styled

NOTES = types.Prompt(name="release_notes", arguments=[
    types.PromptArgument(name="changes", required=True),
    types.PromptArgument(name="style", required=False),
])


async def on_list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[NOTES])


async def on_get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    args = params.arguments or {}
    if "changes" not in args:
        raise MCPError(code=INVALID_PARAMS, message="changes is required")
    items = [c.strip() for c in args["changes"].split(";") if c.strip()]
    text = styled(args.get("style", "markdown"), items)
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


server = Server("release-notes", on_list_prompts=on_list_prompts, on_get_prompt=on_get_prompt)
