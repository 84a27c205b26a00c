from mcp.server import Server

from .handlers import get_prompt, list_prompts


def build() -> Server:
    return Server("planning", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
