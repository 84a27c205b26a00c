import mcp.types as types
from mcp.server.lowlevel import Server

from .declare import RESIZE
from .readers import resize_inputs


def build_server() -> Server:
    srv = Server("gke-helper")

    @srv.list_prompts()
    async def _prompts() -> list[types.Prompt]:
        return [RESIZE]

    @srv.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        cluster, pool, size = resize_inputs(arguments or {})
        text = f"Plan resizing {pool} in {cluster} to {size} nodes with no downtime."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return srv
