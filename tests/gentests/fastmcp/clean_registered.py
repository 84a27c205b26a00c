# expect-fail: (none)
"""Correct twin: a factory's server gets its tool and prompt from another module's function."""

from pathlib import Path

from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from helpers.notes_tools import register_notes


def create_server(data_dir: Path) -> FastMCP:
    mcp = FastMCP("gentests-registered")
    mcp.add_middleware(ErrorHandlingMiddleware())
    register_notes(mcp)

    @mcp.prompt
    def summarize(title: str) -> str:
        """Summarize a note."""
        return f"Summarize the note {title} in {data_dir.name}"

    return mcp
