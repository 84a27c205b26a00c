import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .snippets import snippet

DECL = [types.Prompt(name="config_snippet", arguments=[
    types.PromptArgument(name="setting", required=True),
    types.PromptArgument(name="value", required=True),
])]


class CfgServer:
    def __init__(self) -> None:
        self.server = Server("cfghelp", on_list_prompts=self.list_prompts, on_get_prompt=self.get_prompt)

    async def list_prompts(self, ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=DECL)

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        args = params.arguments or {}
        missing = [a.name for a in DECL[0].arguments if a.name not in args]
        if params.name != "config_snippet" or missing:
            raise MCPError(code=INVALID_PARAMS, message=f"bad request, missing {missing}")
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=snippet(args)))])
