"""Prompts registered on the server handed in: fastmcp 4.x keeps the -32602 of MCPError."""

from fastmcp import FastMCP
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

SHIFTS = ("early", "late")


def register_prompts(mcp: FastMCP) -> None:
    """Register the rota prompts on ``mcp``."""

    @mcp.prompt()  # ok: fastmcp 4.x keeps the code
    def swap(shift: str) -> str:
        """Ask for a shift swap."""
        if shift not in SHIFTS:
            raise MCPError(code=INVALID_PARAMS, message=f"shift must be one of {SHIFTS}")
        return f"Find someone to swap the {shift} shift."
