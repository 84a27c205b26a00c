from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .render import faq_text

FAQ = types.Prompt(
    name="faq",
    arguments=[
        types.PromptArgument(name="topic", required=True),
        types.PromptArgument(name="audience", required=True),
        types.PromptArgument(name="language", required=False),
    ],
)


class FaqServer(Server):
    def __init__(self):
        super().__init__("faq", on_list_prompts=self.list_prompts, on_get_prompt=self.get_prompt)

    async def list_prompts(self, ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[FAQ])

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != FAQ.name:
            raise MCPError(code=INVALID_PARAMS, message="unknown prompt")
        text = faq_text(params.arguments)
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
