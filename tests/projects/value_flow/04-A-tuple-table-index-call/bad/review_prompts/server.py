from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .catalog import TABLE

server = Server("review-prompts")


@server.list_prompts()
async def list_prompts():
    return [spec for spec, _ in TABLE.values()]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None):
    if name not in TABLE:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
    return TABLE[name][1](arguments or {})
