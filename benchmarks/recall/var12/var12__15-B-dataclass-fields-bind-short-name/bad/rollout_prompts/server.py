from mcp.server import Server

from .handlers import get_prompt, list_prompts


def make_server() -> Server:
    return Server("rollout-prompts", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
