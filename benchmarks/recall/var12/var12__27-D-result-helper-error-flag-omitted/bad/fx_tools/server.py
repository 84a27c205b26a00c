import httpx
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .convert import ToolInputError, convert
from .results import failure, text_result

CONVERT = types.Tool(
    name="convert_currency",
    description="Convert an amount between currencies at today's rate",
    input_schema={
        "type": "object",
        "properties": {"amount": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"}},
        "required": ["amount", "from", "to"],
    },
)


def create_server() -> Server:
    client = httpx.AsyncClient(base_url="https://rates.example.com", timeout=10)

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[CONVERT])

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != CONVERT.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            return text_result(await convert(client, params.arguments or {}))
        except (ToolInputError, httpx.HTTPStatusError) as exc:
            return failure(exc)

    return Server("fx-tools", on_list_tools=list_tools, on_call_tool=call_tool)
