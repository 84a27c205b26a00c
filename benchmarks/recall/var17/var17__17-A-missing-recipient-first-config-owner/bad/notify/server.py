import mcp.types as types
from mcp.server.lowlevel import Server

from .mail import recipient_for, subject_for

SEND_NOTICE = types.Tool(
    name="send_notice",
    description="Email a notice",
    inputSchema={
        "type": "object",
        "properties": {"recipient": {"type": "string"}, "subject": {"type": "string"}, "body": {"type": "string"}},
        "required": ["recipient", "body"],
    },
)


class NotifyServer:
    def __init__(self) -> None:
        self.server = Server("notify")
        self.server.list_tools()(self.list_tools)
        self.server.call_tool(validate_input=False)(self.call_tool)
        self.outbox: list[tuple[str, str, str]] = []

    async def list_tools(self) -> list[types.Tool]:
        return [SEND_NOTICE]

    async def call_tool(self, name: str, arguments: dict) -> list[types.TextContent]:
        if name != SEND_NOTICE.name:
            raise ValueError(f"unknown tool {name}")
        to = recipient_for(arguments)
        self.outbox.append((to, subject_for(arguments), arguments["body"]))
        return [types.TextContent(type="text", text=f"queued for {to}")]
