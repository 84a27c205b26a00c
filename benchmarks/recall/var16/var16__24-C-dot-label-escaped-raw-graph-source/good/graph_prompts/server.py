from mcp.server import Server

from .handler import GraphPrompts


def make() -> Server:
    prompts = GraphPrompts()
    return Server("graphs", on_list_prompts=prompts.list, on_get_prompt=prompts.get)
