"""A low-level mcp 1.x server: literal prompts and tools, one schema from a pydantic model."""

from enum import Enum

import mcp.types as types
from mcp.server.lowlevel import Server
from pydantic import BaseModel, Field

server = Server("lowlevel-contract")


class SearchArgs(BaseModel):
    query: str = Field(description="What to find")
    max_results: int = Field(10, ge=1, le=50)
    exact: bool = False


class Sort(str, Enum):
    NEWEST = "newest"
    OLDEST = "oldest"


class Filter(BaseModel):
    """Which notes to keep."""

    sort: Sort = Sort.NEWEST
    tags: list[str] = Field(default_factory=list)


class FilteredSearch(BaseModel):
    query: str
    filter: Filter


PROMPTS = [
    types.Prompt(name="greet", description="Say hello", arguments=[
        types.PromptArgument(name="who", description="Whom to greet", required=True),
        types.PromptArgument(name="tone"),
    ]),
    types.Prompt(name="plain", title="Plain prompt"),
]


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    return types.GetPromptResult(messages=[])


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="search", description="Search notes", inputSchema=SearchArgs.model_json_schema()),
        types.Tool(name="filtered", inputSchema=FilteredSearch.model_json_schema()),
        types.Tool(name="echo", inputSchema={"type": "object", "properties": {"text": {"type": "string"}},
                                             "required": ["text"]}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    return []
