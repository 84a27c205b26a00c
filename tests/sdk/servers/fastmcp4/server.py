"""A fastmcp server: prompts and tools from signatures, bare and called decorators."""

from enum import Enum
from typing import Annotated, Literal, Optional

from fastmcp import FastMCP
from pydantic import BaseModel, Field

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


class Color(str, Enum):
    """A paint colour."""

    RED = "red"
    BLUE = "blue"


class Level(Enum):
    LOW = 1
    HIGH = 2


class Query(BaseModel):
    """What to search for."""

    text: str
    limit: int = 10
    tags: list[str] = Field(default_factory=list, description="Tags")


@mcp.tool
def paint(color: Color, level: Level = Level.LOW, shade: Optional[Color] = None) -> str:
    return color.value


@mcp.tool
def search(query: Query, note: Optional[str] = None) -> str:
    return query.text


@mcp.prompt
def repaint(color: Color, query: Query, shade: Optional[Color] = None) -> str:
    return color.value
