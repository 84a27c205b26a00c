from mcp.server import Server

from .handlers import get_prompt, list_prompts

server = Server("oncall", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
