from mcp.server import Server

from . import handlers

server = Server("postmortems", on_list_prompts=handlers.list_prompts, on_get_prompt=handlers.get_prompt)
