"""A fastmcp server: prompts and tools from signatures, bare and called decorators."""

from typing import Annotated, Literal, Optional

from fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("fastmcp-contract")


@mcp.prompt
def review(code: str, style: str = "short") -> str:
    """
    Review a piece of code.
    """
    return f"Review {code} ({style})"


@mcp.prompt(name="explain-topic", description="Explain something", title="Explainer")
def explain(topic: Annotated[str, Field(description="What to explain")], depth: int = 1) -> str:
    return f"Explain {topic} at {depth}"


@mcp.tool
def add(a: int, b: float = 1.5, note: Optional[str] = None) -> str:
    """Add two numbers."""
    return str(a + b)


@mcp.tool(title="Tagger")
def tag(items: list[str], mode: Literal["append", "replace"] = "append",
        limit: int = Field(default=5, description="How many", ge=1)) -> str:
    return ",".join(items)


@mcp.resource("config://app")
def config() -> str:
    return "{}"


@mcp.resource("users://{user_id}/profile")
def profile(user_id: str) -> str:
    return user_id
