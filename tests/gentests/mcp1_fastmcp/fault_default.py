# expect-fail: test_prompt_deploy_empty_service
"""Planted fault: an empty required service silently becomes "web"."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gentests-fault-default")
TARGETS = ("staging", "production")


@mcp.prompt()
def deploy(target: str, service: str, notes: str = "none") -> str:
    """Deploy a service."""
    if target.strip().lower() not in TARGETS:
        raise ValueError("target must be staging or production")
    service = service or "web"
    return f"Deploy {service} to {target} ({notes})"


@mcp.tool()
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
