import os

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

mcp = MCPServer("notes")
DISABLED = set(filter(None, os.environ.get("NOTES_DISABLED_TOOLS", "").split(",")))
EXPERIMENTS: list = []


def tool(annotations: ToolAnnotations | None = None):
    """Registers the decorated function unless the deployment disabled it by name."""

    def decorator(func):
        if func.__name__ in DISABLED:
            return func  # left out on this deployment, served on the others
        if annotations is not None:
            return mcp.tool(annotations=annotations)(func)
        return mcp.tool()(func)

    return decorator


def experiment(func):
    """Collects a function for a later release; nothing registers these."""
    if os.environ.get("NOTES_EXPERIMENTS"):
        EXPERIMENTS.append(func)
    return func
