from mcp.server import Server

from .handlers import PostmortemHandlers


def build() -> Server:
    handlers = PostmortemHandlers(template_dir="templates")
    return Server(
        "postmortem",
        on_list_prompts=handlers.list_prompts,
        on_get_prompt=handlers.get_prompt,
    )
