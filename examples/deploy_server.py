"""An example MCP server (mcp 1.x low-level API) with one of each contract fault.

Run `mcplint examples/` to see them. Each fault is marked with a FAULT comment.
"""

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("deploy-prompts")
ENVIRONMENTS = ("staging", "production")


def invalid_params(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


def message(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(name="deploy", arguments=[
            types.PromptArgument(name="service", required=True),
            types.PromptArgument(name="environment", required=True),
        ]),
        types.Prompt(name="review", arguments=[types.PromptArgument(name="code", required=True)]),
        types.Prompt(name="explain", arguments=[types.PromptArgument(name="level", required=True)]),
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    arguments = arguments or {}
    if name == "deploy":
        service = arguments["service"]  # FAULT 4: KeyError when omitted, not -32602
        environment = arguments.get("environment", "production")  # FAULT 1: required, silently defaulted
        return message(f"Deploy {service} to {environment}")
    if name == "review":
        code = arguments.get("Code")  # FAULT 2: declared as "code"
        if not code:
            raise invalid_params("Missing required argument 'code'")
        return message(f"Review this code:\n{code}")
    if name == "explain":
        level = (arguments.get("level") or "").strip().lower()
        if level not in ("beginner", "expert"):
            raise invalid_params("level must be beginner or expert")
        return message(f"Explain at the {arguments['level']} level")  # FAULT 3: raw value rendered
    raise ValueError(f"Unknown prompt: {name}")  # FAULT 4: code 0 instead of -32602
