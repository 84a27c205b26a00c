import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .prompts import TABLE


def factory() -> Server:
    async def on_list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(name=k, arguments=v[0]) for k, v in TABLE.items()])

    async def on_get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name not in TABLE:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
        return await TABLE[params.name][1](params.arguments or {})

    return Server("cmdexplain", on_list_prompts=on_list_prompts, on_get_prompt=on_get_prompt)
