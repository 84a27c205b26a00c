import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .router import router


async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=router.declared())


def build_server() -> Server:
    return Server("digest", on_list_prompts=list_prompts, on_get_prompt=router)
