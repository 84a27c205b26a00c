from pathlib import Path

from fastmcp import FastMCP

from .files import register_tools


def create_app(workspace: str) -> FastMCP:
    app = FastMCP("workspace")
    register_tools(app, Path(workspace).resolve())
    return app
