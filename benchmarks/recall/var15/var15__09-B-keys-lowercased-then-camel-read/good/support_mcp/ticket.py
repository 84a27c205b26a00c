from mcp import types
from mcp.shared.exceptions import McpError

ARGS = [
    types.PromptArgument(name="ticketId", description="helpdesk ticket id", required=True),
    types.PromptArgument(name="tone", description="reply tone", required=False),
]


def _invalid(msg: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=msg))


def draft_reply(args: dict[str, str]) -> str:
    ticket = args.get("ticketid")
    if not ticket:
        raise _invalid("ticketId is required")
    tone = args.get("tone", "friendly")
    return f"Draft a {tone} reply to helpdesk ticket {ticket}."
