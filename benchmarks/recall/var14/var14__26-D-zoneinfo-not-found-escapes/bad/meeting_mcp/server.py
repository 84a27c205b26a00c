from mcp.server import Server

from .prompts import MeetingPrompts


def make_server() -> Server:
    prompts = MeetingPrompts()
    return Server("meetings", on_list_prompts=prompts.list_prompts, on_get_prompt=prompts.get_prompt)
