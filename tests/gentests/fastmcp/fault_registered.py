# expect-fail: test_prompt_outline_empty_topic
"""Planted fault (in helpers/faulty_notes.py: an empty topic is defaulted); a factory's server gets its tool and prompt from another module's function."""

from pathlib import Path

from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from helpers.faulty_notes import register_faulty_notes


def create_server(data_dir: Path) -> FastMCP:
    mcp = FastMCP("gentests-registered")
    mcp.add_middleware(ErrorHandlingMiddleware())
    register_faulty_notes(mcp)

    @mcp.prompt
    def summarize(title: str) -> str:
        """Summarize a note."""
        return f"Summarize the note {title} in {data_dir.name}"

    return mcp
