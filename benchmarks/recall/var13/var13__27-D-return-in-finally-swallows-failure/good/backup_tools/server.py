from typing import Any

from mcp import types
from mcp.server.lowlevel import Server

from .backup import run_backup

BACKUP = types.Tool(
    name="backup_database",
    description="Dump a Postgres database to the backup volume",
    inputSchema={"type": "object", "properties": {"database": {"type": "string"}}, "required": ["database"]},
)

server = Server("backups")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [BACKUP]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name != BACKUP.name:
        raise ValueError(f"Unknown tool: {name}")
    return await run_backup(arguments)
