from mcp import types
from mcp.server.lowlevel import Server


class Options(dict):
    def __missing__(self, key):
        return "origin"  # error: MCP101


class StrictOptions(dict):
    def __missing__(self, key):
        raise KeyError(key)


server = Server("mirror")


@server.list_tools()
async def list_tools():
    return [types.Tool(name="push", inputSchema={"type": "object", "properties": {"remote": {"type": "string"}},
                                                 "required": ["remote"]})]


@server.call_tool(validate_input=False)
async def call_tool(name, arguments):
    opts = Options(arguments or {})
    remote = opts["remote"]
    return [types.TextContent(type="text", text=f"pushed to {remote}")]
