"""A project subclass of the mcp 1.x Server registers its methods on itself in a method its
__init__ calls; app.py constructs it once."""
import mcp.types as types
from mcp.server.lowlevel import Server

TOOLS = [types.Tool(name="search", inputSchema={"type": "object", "properties": {"query": {"type": "string"}},
                                                "required": ["query"]}),
         types.Tool(name="count", inputSchema={"type": "object", "properties": {"folder": {"type": "string"}}})]  # error: MCP103


class NotesServer(Server):
    def __init__(self) -> None:
        super().__init__("notes")
        self._register()

    def _register(self) -> None:
        self.list_tools()(self._list_tools)
        self.call_tool()(self._call_tool)

    async def _list_tools(self) -> list[types.Tool]:
        return TOOLS

    async def _call_tool(self, name: str, arguments: dict) -> list[types.TextContent]:
        if name == "search":
            text = f"found {arguments['query']}"  # ok: declared, and mcp 1.x checks the schema first
        elif name == "count":
            text = f"{arguments.get('directory', '.')}"  # error: MCP102
        else:
            raise ValueError(f"Unknown tool: {name}")
        return [types.TextContent(type="text", text=text)]
