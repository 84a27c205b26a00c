from mcp import types
from mcp.server import Server

from .render import postmortem
from .specs import POSTMORTEM

RENDER = {POSTMORTEM.name: postmortem}


class IncidentServer:
    def __init__(self):
        self.server = Server("incidents", on_list_prompts=self.list_prompts, on_get_prompt=self.get_prompt)

    async def list_prompts(self, ctx, params):
        return types.ListPromptsResult(prompts=[POSTMORTEM])

    async def get_prompt(self, ctx, params: types.GetPromptRequestParams):
        fn = RENDER.get(params.name)
        if fn is None:
            return types.ErrorData(code=types.INVALID_PARAMS, message="unknown prompt")
        text = fn(params.arguments or {})
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
