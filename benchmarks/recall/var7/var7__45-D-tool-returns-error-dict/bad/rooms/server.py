from datetime import datetime

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from .calendar import Calendar, Conflict


def build(calendar: Calendar) -> MCPServer:
    server = MCPServer("rooms")

    @server.tool()
    async def reserve_room(room: str, start: str, hours: int = 1) -> dict:
        """Reserve a meeting room. start is an ISO timestamp."""
        try:
            slot = await calendar.reserve(room, datetime.fromisoformat(start), hours)
        except (ValueError, Conflict) as exc:
            return {"ok": False, "error": str(exc)}
        return {"ok": True, "reservation": slot.id}

    return server


server = build(Calendar({"atlas", "borealis", "cygnus"}))
