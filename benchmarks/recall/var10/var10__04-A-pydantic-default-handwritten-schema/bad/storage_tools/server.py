from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from pydantic import ValidationError

from .client import SnapshotClient
from .models import SnapshotRequest
from .schemas import SNAPSHOT_TOOL_SCHEMA

TOOLS = [types.Tool(name="create_snapshot", description="Snapshot a block volume", input_schema=SNAPSHOT_TOOL_SCHEMA)]


def _text(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def create_server(client: SnapshotClient | None = None) -> Server:
    client = client or SnapshotClient()

    async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != "create_snapshot":
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            req = SnapshotRequest.model_validate(params.arguments or {})
        except ValidationError as exc:
            return _text(f"Invalid arguments: {exc}", error=True)
        snap = await client.snapshot(req.volume_id, req.region, req.retention_days)
        return _text(f"Created {snap}")

    return Server("storage-tools", on_list_tools=list_tools, on_call_tool=call_tool)
