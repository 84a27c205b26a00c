"""A runbook prompt: the unit name is named in prose beside the quoted command a helper of
another module built (the command and its quoted part handed back as a pair)."""
from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .commands import restart_command

PROMPTS = [
    types.Prompt(name=name, description=f"{name} runbook",
                 arguments=[types.PromptArgument(name="unit", description="systemd unit", required=True)])
    for name in ("restart",)
]


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    args = params.arguments or {}
    unit = args.get("unit")
    if not unit:
        raise MCPError(code=types.INVALID_PARAMS, message="unit is required")
    if params.name != "restart":
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    command, _ = restart_command(unit)
    text = f"The unit {unit} is stuck. Run `{command}` and report what changes."  # ok: the command is shown beside
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)
