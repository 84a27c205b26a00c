from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from .commands import Deposit, Withdraw

server = Server("ledger")
COMMANDS = {"deposit": Deposit, "withdraw": Withdraw}
_AMOUNT = {"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="deposit", description="Pay in", inputSchema=_AMOUNT),  # ok: the object may read it
            Tool(name="withdraw", description="Take out", inputSchema=_AMOUNT)]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    command_class = COMMANDS.get(name)
    if command_class is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    command = command_class(arguments)
    return [TextContent(type="text", text=await command.apply())]
