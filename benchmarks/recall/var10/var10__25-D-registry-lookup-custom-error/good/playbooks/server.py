import mcp.types as types
from mcp.server.lowlevel import Server

from . import playbooks  # noqa: F401  (fills REGISTRY)
from .registry import REGISTRY

server = Server("playbooks")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return REGISTRY.declared()


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    prompt, build = REGISTRY.lookup(name)
    text = build(arguments or {})
    return types.GetPromptResult(
        description=prompt.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
