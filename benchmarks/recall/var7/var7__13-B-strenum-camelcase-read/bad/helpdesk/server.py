from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .names import Arg, PromptName
from .tickets import load_ticket

server = Server("helpdesk")


def _invalid(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name=PromptName.TRIAGE.value,
            description="Triage a support ticket",
            arguments=[
                types.PromptArgument(name=Arg.TICKET_ID.value, description="Ticket number", required=True),
                types.PromptArgument(name=Arg.DETAIL.value, description="brief or full", required=False),
            ],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != PromptName.TRIAGE:
        raise _invalid(f"Unknown prompt: {name}")
    args = arguments or {}
    ticket = args.get("ticketId")
    if not ticket:
        raise _invalid("ticket_id is required")
    detail = args.get(Arg.DETAIL, "brief")
    body = await load_ticket(ticket, full=detail == "full")
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=f"Triage this ticket:\n\n{body}"))]
    )
