import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .builders import BUILDERS
from .config import PROMPT_CONFIG

PROMPTS = [
    types.Prompt(
        name=name,
        description=cfg["description"],
        arguments=[
            types.PromptArgument(name=arg, description=meta["description"], required=meta["required"])
            for arg, meta in cfg["arguments"].items()
        ],
    )
    for name, cfg in PROMPT_CONFIG.items()
]

server = Server("docbot")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    builder = BUILDERS.get(name)
    if builder is None:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    text = builder(arguments or {})
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )
