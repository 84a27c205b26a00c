from collections import defaultdict

from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

TRIAGE = types.Prompt(
    name="triage_ticket",
    arguments=[
        types.PromptArgument(name="ticket", required=True),
        types.PromptArgument(name="priority", required=True),
    ],
)


class TriageService:
    def __init__(self):
        self.server = Server("triage")
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    def _options(self, arguments):
        opts = {}
        opts.update(arguments or {})
        return opts

    async def list_prompts(self):
        return [TRIAGE]

    async def get_prompt(self, name, arguments):
        if name != TRIAGE.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
        opts = self._options(arguments)
        ticket = (arguments or {}).get("ticket")
        if not ticket:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="ticket is required"))
        try:
            priority = opts["priority"]
        except KeyError as exc:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing {exc}"))
        text = f"Triage ticket {ticket} at {priority} priority."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
