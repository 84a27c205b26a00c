from mcp.server import Server

from .handler import ThreadPrompts
from .store import ThreadStore

prompts = ThreadPrompts(ThreadStore())
server = Server("threads", on_list_prompts=prompts.list, on_get_prompt=prompts.get)
