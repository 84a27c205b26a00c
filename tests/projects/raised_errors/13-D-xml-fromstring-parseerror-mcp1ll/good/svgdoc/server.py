import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INVALID_PARAMS

from .handler import ExplainSvg

server = Server("svgdoc")
EXPLAIN = ExplainSvg()


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [EXPLAIN.prompt]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != EXPLAIN.prompt.name:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
    return await EXPLAIN.render(arguments)
