from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .catalog import PROMPTS
from .renderers import TABLE


async def _list(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=list(PROMPTS.values()))


async def _get(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    prompt = PROMPTS.get(params.name)
    if prompt is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = params.arguments or {}
    missing = [a.name for a in prompt.arguments or [] if a.required and not args.get(a.name)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")
    render, keys = TABLE[prompt.name]
    text = render(*(args.get(key) for key in keys))
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


server = Server("pr-prompts", on_list_prompts=_list, on_get_prompt=_get)
