import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .reports import weekly_report

PROMPTS = [
    types.Prompt(
        name="weekly_report",
        description="Draft a team's weekly status report",
        arguments=[
            types.PromptArgument(name="team", description="Team slug, e.g. payments", required=True),
            types.PromptArgument(name="highlights", description="One highlight per line", required=False),
        ],
    )
]
RENDERERS = {"weekly_report": weekly_report}

server = Server("report-prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name not in RENDERERS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    text = RENDERERS[name](arguments or {})
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
