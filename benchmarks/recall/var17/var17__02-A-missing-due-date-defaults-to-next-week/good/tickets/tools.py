import mcp.types as types

from .dates import parse_due, parse_snooze

SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "due": {"type": "string", "format": "date"},
        "snooze_days": {"type": "integer"},
    },
    "required": ["title", "due"],
}


def _text(msg: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=msg)], is_error=error)


class CreateTicket:
    name = "create_ticket"

    def definition(self) -> types.Tool:
        return types.Tool(name=self.name, description="Open a ticket", input_schema=SCHEMA)

    async def run(self, args: dict) -> types.CallToolResult:
        try:
            title = args["title"]
            due = parse_due(args)
            snooze = parse_snooze(args)
        except (KeyError, ValueError) as exc:
            return _text(f"invalid arguments: {exc}", error=True)
        return _text(f"opened '{title}' due {due.isoformat()} (snooze {snooze}d)")
