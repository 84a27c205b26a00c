from mcp import types
from mcp.server import Server, ServerRequestContext

from . import backend
from .models import FORWARD, SearchArgs

SEARCH = types.Tool(name="search_docs", input_schema=SearchArgs.model_json_schema())


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[SEARCH])


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != SEARCH.name:
        return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], is_error=True)
    args = SearchArgs.model_validate(params.arguments or {})
    hits = backend.search(**args.model_dump(include=FORWARD))
    return types.CallToolResult(content=[types.TextContent(type="text", text="\n".join(hits))])


def build() -> Server:
    return Server("doc-search", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
