from mcp.server.fastmcp import FastMCP

from .text import rollback_text


def create() -> FastMCP:
    mcp = FastMCP("runbooks")

    @mcp.prompt()
    def rollback(service: str, version: str, reason: str = "") -> str:
        body = rollback_text(service=service, version=version)
        return f"{body}\nReason: {reason}" if reason else body

    return mcp
