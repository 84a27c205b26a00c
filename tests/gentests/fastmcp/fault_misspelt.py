# expect-fail: test_prompt_release_valid
"""Planted fault: the Prompt subclass reads "Version", so every valid request fails."""

from typing import Any

from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

try:  # fastmcp 2.x and 3.x
    from fastmcp.prompts.prompt import Message, Prompt, PromptArgument
except ImportError:  # fastmcp 4.x
    from fastmcp.prompts import Message, Prompt, PromptArgument

mcp = FastMCP("gentests-clean")
mcp.add_middleware(ErrorHandlingMiddleware())
TARGETS = ("staging", "production")


@mcp.prompt
def deploy(target: str, service: str, notes: str = "none") -> str:
    """Deploy a service."""
    if target.strip().lower() not in TARGETS:
        raise ValueError("target must be staging or production")
    if not service.strip():
        raise ValueError("service must not be empty")
    return f"Deploy {service} to {target} ({notes})"


class ReleasePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list:
        args = arguments or {}
        version = args.get("Version")
        if not version:
            raise ValueError("version is required")
        return [Message(f"Release {version}")]


mcp.add_prompt(ReleasePrompt(name="release", arguments=[PromptArgument(name="version", required=True)]))


@mcp.tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
