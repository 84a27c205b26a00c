import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .prompts import HANDLERS


def create_server() -> Server:
    async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(name=n, arguments=a) for n, (a, _) in HANDLERS.items()])

    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        entry = HANDLERS.get(params.name)
        if entry is None:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
        return entry[1](params.arguments or {})

    return Server("deploys", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
