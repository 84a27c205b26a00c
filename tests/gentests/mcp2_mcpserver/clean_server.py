# expect-fail: (none)
"""Correct twin (mcp 2.x MCPServer): the framework checks required arguments, the prompt
rejects bad values with MCPError(INVALID_PARAMS), the tool takes typed parameters."""

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

mcp = MCPServer("gentests-clean")
TARGETS = ("staging", "production")


@mcp.prompt()
def deploy(target: str, service: str, notes: str = "none") -> str:
    """Deploy a service."""
    if target.strip().lower() not in TARGETS:
        raise MCPError(code=INVALID_PARAMS, message="target must be staging or production")
    if not service.strip():
        raise MCPError(code=INVALID_PARAMS, message="service must not be empty")
    return f"Deploy {service} to {target} ({notes})"


@mcp.tool()
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
