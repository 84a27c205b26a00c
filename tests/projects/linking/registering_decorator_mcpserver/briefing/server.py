"""The server, and a decorator factory that registers on it."""

from mcp.server.mcpserver import MCPServer

server = MCPServer("briefing")


def briefing_prompt(title: str):
    """Registers the decorated function under ``title``."""
    def decorator(func):
        server.prompt(name=title)(func)
        return func
    return decorator
