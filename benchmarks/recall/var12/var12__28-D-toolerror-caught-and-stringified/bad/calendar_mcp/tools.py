from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .slots import parse_slot


def register(mcp: FastMCP, calendar: Any) -> None:
    @mcp.tool()
    async def schedule_meeting(title: str, start: str, duration_minutes: int = 30) -> str:
        """Put a meeting in the team calendar."""
        try:
            slot = parse_slot(start, duration_minutes)
        except ToolError as exc:
            return f"Could not schedule '{title}': {exc}"
        event_id = await calendar.create_event(title=title, start=slot.start, end=slot.end)
        return f"Scheduled '{title}' ({event_id}) from {slot.start:%H:%M} to {slot.end:%H:%M}"
