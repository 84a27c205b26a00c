"""A low-level server whose prompts are listed here and served in ll_handlers.py."""
import mcp.types as types
from mcp.server import Server

server = Server("split")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="recap", arguments=[types.PromptArgument(name="week", required=True)])]
