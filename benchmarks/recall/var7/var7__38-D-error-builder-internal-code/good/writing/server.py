from mcp import types
from mcp.server.lowlevel import Server

from .router import PromptRouter

router = PromptRouter()
server = Server("writing")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return router.prompts


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    return await router.dispatch(name, arguments)
