from functools import partial

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .prompts import DECLARED, NAMES, TeamPrompts


async def _list(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=DECLARED)


async def _get(
    prompts: TeamPrompts, ctx: ServerRequestContext, params: types.GetPromptRequestParams
) -> types.GetPromptResult:
    if params.name not in NAMES:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    method = getattr(prompts, f"p_{params.name}")
    try:
        text = method(**(params.arguments or {}))
    except TypeError as exc:
        raise MCPError(code=types.INVALID_PARAMS, message=f"bad arguments for {params.name}: {exc}") from exc
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


def build(org: str) -> Server:
    server = Server(f"{org}-team-prompts", on_list_prompts=_list)
    server.add_request_handler("prompts/get", types.GetPromptRequestParams, partial(_get, TeamPrompts(org)))
    return server
