# expect-fail: test_prompt_deploy_empty_service
"""Planted fault: an empty required service silently becomes "web"."""

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

mcp = MCPServer("gentests-fault-default")
TARGETS = ("staging", "production")


@mcp.prompt()
def deploy(target: str, service: str, notes: str = "none") -> str:
    """Deploy a service."""
    if target.strip().lower() not in TARGETS:
        raise MCPError(code=INVALID_PARAMS, message="target must be staging or production")
    service = service or "web"
    return f"Deploy {service} to {target} ({notes})"


@mcp.tool()
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
