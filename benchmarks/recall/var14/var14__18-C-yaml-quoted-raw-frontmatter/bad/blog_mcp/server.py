import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext

from .drafts import DRAFT_POST, draft_post

ROUTES = {DRAFT_POST.name: (DRAFT_POST, draft_post)}


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[decl for decl, _ in ROUTES.values()])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in ROUTES:
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
    _, fn = ROUTES[params.name]
    text = fn(params.arguments or {})
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


server = Server("blog", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
