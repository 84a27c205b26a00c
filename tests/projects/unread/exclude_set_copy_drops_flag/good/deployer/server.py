from mcp.server import Server

from .handlers import call_tool, list_tools

server = Server("deployer", on_list_tools=list_tools, on_call_tool=call_tool)
