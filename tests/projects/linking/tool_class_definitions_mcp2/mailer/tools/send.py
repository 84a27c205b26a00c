from mcp.types import Tool


class SendMail:
    """Each tool class publishes its own definition and serves its calls."""

    @property
    def definition(self) -> Tool:
        return Tool(name="send_mail", description="Send a message",
                    input_schema={"type": "object",
                                  "properties": {"to": {"type": "string"},
                                                 "body": {"type": "string", "default": ""}},  # error: MCP103
                                  "required": ["to"]})

    async def execute(self, arguments: dict) -> str:
        if "to" not in arguments:
            raise ValueError("to is required")  # error: MCP207
        text = arguments.get("text", "")  # error: MCP102
        return f"sent to {arguments['to']}: {text}"
