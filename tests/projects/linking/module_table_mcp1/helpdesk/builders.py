from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

PROMPTS = [
    types.Prompt(name="triage", arguments=[types.PromptArgument(name="ticket_id", required=True)]),
    types.Prompt(name="reply", arguments=[types.PromptArgument(name="ticket_id", required=True)]),
]


def _message(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(messages=[types.PromptMessage(
        role="user", content=types.TextContent(type="text", text=text))])


def _required(arguments: dict, key: str) -> str:
    value = (arguments.get(key) or "").strip()
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return value


def build_triage(arguments: dict) -> types.GetPromptResult:
    ticket = _required(arguments, "ticketId")  # error: MCP102
    return _message(f"Triage ticket {ticket}")


def build_reply(arguments: dict) -> types.GetPromptResult:
    ticket = _required(arguments, "ticket_id")  # ok: the declared name
    return _message(f"Draft a reply to ticket {ticket}")
