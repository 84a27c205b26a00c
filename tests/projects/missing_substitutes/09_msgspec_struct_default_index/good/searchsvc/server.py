import json

from mcp import types
from mcp.server.lowlevel import Server

from .schema import parse

SEARCH = types.Tool(
    name="search",
    description="Search an index",
    inputSchema={
        "type": "object",
        "properties": {"query": {"type": "string"}, "index": {"type": "string"}, "size": {"type": "integer"}},
        "required": ["query", "index"],
    },
)


def create_server(es) -> Server:
    server = Server("searchsvc")

    @server.list_tools()
    async def list_tools():
        return [SEARCH]

    @server.call_tool(validate_input=False)
    async def call_tool(name: str, arguments: dict):
        q = parse(arguments)
        hits = es.search(index=q.index, query={"query_string": {"query": q.query}}, size=q.size)
        return [types.TextContent(type="text", text=json.dumps(hits))]

    return server
