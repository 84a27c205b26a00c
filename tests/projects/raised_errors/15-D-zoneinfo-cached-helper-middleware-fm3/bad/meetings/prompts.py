from zoneinfo import ZoneInfoNotFoundError

from fastmcp import FastMCP

from .zones import local_now


def add_prompts(mcp: FastMCP) -> None:
    @mcp.prompt
    def meeting_slot(attendee: str, timezone: str) -> str:
        now = local_now(timezone)
        return f"Suggest a meeting slot for {attendee}; it is {now} where they are."
