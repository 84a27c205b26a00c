from mcp.server import Server

from .handlers import Handlers


def build() -> Server:
    h = Handlers()
    return Server("sqltool", on_list_tools=h.list_tools, on_call_tool=h.call_tool)
