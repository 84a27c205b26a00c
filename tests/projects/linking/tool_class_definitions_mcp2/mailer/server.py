from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent

from .tools import ALL_TOOLS

BY_NAME = {tool.definition.name: tool for tool in ALL_TOOLS}


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=[tool.definition for tool in ALL_TOOLS])


async def call_tool(ctx, params) -> CallToolResult:
    if params.name not in BY_NAME:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    text = await BY_NAME[params.name].execute(params.arguments or {})
    return CallToolResult(content=[TextContent(type="text", text=text)])


server = Server("mailer", on_list_tools=list_tools, on_call_tool=call_tool)
