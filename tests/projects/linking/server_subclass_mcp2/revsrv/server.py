"""A project subclass of the mcp 2.x Server passes its own methods to super().__init__; it is
constructed once, in __main__.py; the prompts are methods of a mixin in another module,
picked with getattr(self, f"prompt_{name}")."""
import mcp.types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext

from .handlers import PromptHandlers

PROMPTS = [types.Prompt(name="review", arguments=[types.PromptArgument(name="code", required=True)]),
           types.Prompt(name="explain", arguments=[types.PromptArgument(name="topic", required=True)])]


class ReviewServer(Server, PromptHandlers):
    def __init__(self, name: str = "review") -> None:
        super().__init__(name, on_list_prompts=self._list, on_get_prompt=self._get)

    async def _list(self, ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=PROMPTS)

    async def _get(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        handler = getattr(self, f"prompt_{params.name}", None)
        if handler is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        return handler(params.arguments or {})
