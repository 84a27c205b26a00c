from mcp import MCPError, types
from mcp.server import ServerRequestContext
from mcp.types import INVALID_PARAMS

from .shapes import DECLARED, BriefArgs


def pick(arguments: dict[str, str]) -> BriefArgs:
    for name, required in DECLARED:
        if required and not arguments.get(name):
            raise MCPError(code=INVALID_PARAMS, message=f"{name} is required")
    return {k: arguments.get(k, "") for k in BriefArgs.__annotations__}


async def on_get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != "project_brief":
        return types.ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
    a = pick(params.arguments or {})
    who = a.get("audience") or "the whole team"
    text = f"Write a one-page brief on {a['project']} (due {a['deadline']}) for {who}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
