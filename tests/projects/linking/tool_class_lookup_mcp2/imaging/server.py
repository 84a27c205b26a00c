from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent, Tool

from . import operations

OPERATIONS = {"resize": operations.Resize, "rotate": operations.Rotate}

TOOLS = [
    Tool(name="resize", description="Resize the image",
         input_schema={"type": "object",
                       "properties": {"width": {"type": "integer", "default": 100},
                                      "height": {"type": "integer", "default": 100}}}),  # reported with the misspelt read (MCP102)
    Tool(name="rotate", description="Rotate the image",
         input_schema={"type": "object", "properties": {"degrees": {"type": "integer", "default": 90}}}),
]


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=TOOLS)


async def call_tool(ctx, params) -> CallToolResult:
    operation_class = OPERATIONS.get(params.name)
    if operation_class is None:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown tool {params.name}")
    operation = operation_class()
    text = await operation.execute(params.arguments or {})
    return CallToolResult(content=[TextContent(type="text", text=text)])


server = Server("imaging", on_list_tools=list_tools, on_call_tool=call_tool)
