from mcp.server import Server

from .prompts import get_prompt, list_prompts

server = Server("runbooks", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
