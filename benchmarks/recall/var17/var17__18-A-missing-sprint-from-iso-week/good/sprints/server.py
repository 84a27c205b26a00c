import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .prompts import PROMPTS


def create_server() -> Server:
    async def on_list(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(name=k, arguments=v[1]) for k, v in PROMPTS.items()])

    async def on_get(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name not in PROMPTS:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
        fn, _ = PROMPTS[params.name]
        text = fn(params.arguments or {})
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return Server("sprints", on_list_prompts=on_list, on_get_prompt=on_get)
