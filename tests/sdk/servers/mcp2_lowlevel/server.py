"""A low-level mcp 2.x server: handlers passed to the constructor, literal prompts and tools."""

from enum import Enum

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from pydantic import BaseModel, Field


class SearchArgs(BaseModel):
    query: str = Field(description="What to find")
    max_results: int = 10


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


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[
        types.Prompt(name="greet", description="Say hello", arguments=[
            types.PromptArgument(name="who", description="Whom to greet", required=True),
            types.PromptArgument(name="tone", required=False),
        ]),
    ])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    return types.GetPromptResult(messages=[])


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[
        types.Tool(name="search", description="Search notes", input_schema=SearchArgs.model_json_schema()),
        types.Tool(name="filtered", input_schema=FilteredSearch.model_json_schema()),
        types.Tool(name="echo", input_schema={"type": "object", "properties": {"text": {"type": "string"}}}),
    ])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    return types.CallToolResult(content=[])


server = Server("lowlevel-contract-2", on_list_prompts=list_prompts, on_get_prompt=get_prompt,
                on_list_tools=list_tools, on_call_tool=call_tool)
