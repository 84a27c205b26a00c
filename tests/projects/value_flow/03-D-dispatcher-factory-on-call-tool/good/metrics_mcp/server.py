from mcp.server import Server

from .dispatch import make_call_handler, make_list_handler
from .queries import TOOLS

server = Server("metrics", on_list_tools=make_list_handler(TOOLS), on_call_tool=make_call_handler(TOOLS))
