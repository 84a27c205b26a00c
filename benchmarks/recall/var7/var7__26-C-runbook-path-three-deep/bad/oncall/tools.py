from mcp import types

from . import store

RUNBOOK_TOOL = types.Tool(
    name="get_runbook",
    description="Fetch an on-call runbook by name",
    inputSchema={
        "type": "object",
        "properties": {"name": {"type": "string", "description": "Runbook name, e.g. db-failover"}},
        "required": ["name"],
    },
)


async def _fetch(name: str) -> str:
    return await store.read_runbook(name.strip())


async def get_runbook(arguments: dict) -> list[types.TextContent]:
    name = arguments["name"]
    return [types.TextContent(type="text", text=await _fetch(name))]
