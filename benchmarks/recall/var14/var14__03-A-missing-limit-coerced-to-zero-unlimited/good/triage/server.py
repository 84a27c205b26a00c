import mcp.types as types
from mcp.server.lowlevel import Server

from . import queue_prompt

server = Server("triage")
REGISTRY = {queue_prompt.DECLARATION.name: queue_prompt}


@server.list_prompts()
async def _list() -> list[types.Prompt]:
    return [module.DECLARATION for module in REGISTRY.values()]


@server.get_prompt()
async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    module = REGISTRY.get(name)
    if module is None:
        raise queue_prompt.bad_request(f"no prompt named {name}")
    return module.render(arguments or {})
