"""Prompts registered on the server handed in: fastmcp 2.x re-wraps the -32602 raise."""

from fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

SHIFTS = ("early", "late")


def register_prompts(mcp: FastMCP) -> None:
    """Register the rota prompts on ``mcp``."""

    @mcp.prompt()  # error: MCP206
    def swap(shift: str) -> str:
        """Ask for a shift swap."""
        if shift not in SHIFTS:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"shift must be one of {SHIFTS}"))
        return f"Find someone to swap the {shift} shift."
