"""A low-level server whose declarations, validator and one handler live in other modules."""

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from deploybot.handlers import render_review
from .prompts import DEPLOY, PROMPTS, REVIEW, require

server = Server("deploybot")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name == DEPLOY:
        service = require(arguments, "service")
        env = (arguments or {}).get("env", "production")
        text = f"Deploy {service} to {env}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
    if name == REVIEW:
        return render_review(arguments or {})
    raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
