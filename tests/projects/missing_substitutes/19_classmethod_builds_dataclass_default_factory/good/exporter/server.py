from mcp import types
from mcp.server.lowlevel import Server

from .jobs import ExportJob

server = Server("exporter")

EXPORT = types.Tool(
    name="export_table",
    description="Export selected columns of a table",
    inputSchema={
        "type": "object",
        "properties": {
            "table": {"type": "string"},
            "columns": {"type": "array", "items": {"type": "string"}},
            "limit": {"type": "integer"},
        },
        "required": ["table", "columns"],
    },
)


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [EXPORT]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != EXPORT.name:
        raise ValueError(f"unknown tool {name}")
    try:
        job = ExportJob.from_arguments(arguments)
    except TypeError as exc:
        raise ValueError(f"bad arguments: {exc}") from exc
    return [types.TextContent(type="text", text=job.sql())]
