# expect-fail: (none)
"""Correct twin (mcp 1.x FastMCP): the framework checks required arguments, the prompt
rejects bad values, the tool takes typed parameters."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gentests-clean")
TARGETS = ("staging", "production")


@mcp.prompt()
def deploy(target: str, service: str, notes: str = "none") -> str:
    """Deploy a service."""
    if target.strip().lower() not in TARGETS:
        raise ValueError("target must be staging or production")
    if not service.strip():
        raise ValueError("service must not be empty")
    return f"Deploy {service} to {target} ({notes})"


@mcp.tool()
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
