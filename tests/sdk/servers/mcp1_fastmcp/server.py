"""An mcp 1.x FastMCP server: prompts and tools from signatures, a resource and a template."""

from enum import Enum
from typing import Annotated, Literal, Optional

from mcp.server.fastmcp import Context, FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("fastmcp-contract")


@mcp.prompt(title="Code review")
def review(code: Annotated[str, Field(description="The code to review")], style: str = "short") -> str:
    """Review a piece of code."""
    return f"Review {code} ({style})"


@mcp.prompt(name="explain-topic", description="Explain something")
def explain(topic: str, level: Literal["basic", "expert"] = "basic", ctx: Context = None) -> str:
    return f"Explain {topic} at {level}"


@mcp.tool()
def add(a: int, b: float = 1.5, note: Optional[str] = None) -> str:
    """Add two numbers."""
    return str(a + b)


@mcp.tool(title="Tagger")
def tag(items: list[str], mode: Literal["append", "replace"] = "append",
        limit: int = Field(default=5, description="How many", ge=1),
        labels: dict[str, int] = Field(default={}, description="Label weights")) -> str:
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


@mcp.tool()
def paint(color: Color, level: Level = Level.LOW, shade: Optional[Color] = None) -> str:
    return color.value


@mcp.tool()
def search(query: Query, note: Optional[str] = None) -> str:
    return query.text
