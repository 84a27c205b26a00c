from zoneinfo import ZoneInfoNotFoundError

from fastmcp import FastMCP

from .zones import local_now


def add_prompts(mcp: FastMCP) -> None:
    @mcp.prompt
    def meeting_slot(attendee: str, timezone: str) -> str:
        try:
            now = local_now(timezone)
        except ZoneInfoNotFoundError:
            raise ValueError(f"unknown timezone {timezone!r}")
        return f"Suggest a meeting slot for {attendee}; it is {now} where they are."
