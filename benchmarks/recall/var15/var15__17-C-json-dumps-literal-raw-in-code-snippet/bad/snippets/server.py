from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from . import prompts


def create_server() -> Server:
    server = Server("snippets")
    table = {prompts.ROLLOUT.name: (prompts.ROLLOUT, prompts.flag_rollout)}

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [spec for spec, _ in table.values()]

    @server.get_prompt()
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in table:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
        return table[name][1](arguments or {})

    return server
