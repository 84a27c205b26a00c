from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

from .binder import ArgBinder
from .catalog import SUMMARY


class StandupServer:
    def __init__(self):
        self.server = Server("standup")
        self.binder = ArgBinder(SUMMARY)
        self.server.list_prompts()(self.prompts)
        self.server.get_prompt()(self.render)

    async def prompts(self):
        return [SUMMARY]

    async def render(self, name, arguments):
        if name != SUMMARY.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        args = self.binder.bind(arguments)
        text = f"Summarise the {args['team']} standup of {args['date']} in a {args['tone']} tone."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
