from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .catalog import ROLLOUT
from .binding import RolloutRequest, bind


def check_required(prompt: types.Prompt, arguments: dict[str, str]) -> None:
    missing = [a.name for a in prompt.arguments or [] if a.required and not arguments.get(a.name)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[ROLLOUT])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != ROLLOUT.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    arguments = params.arguments or {}
    check_required(ROLLOUT, arguments)
    req = bind(RolloutRequest, arguments)
    canary = req.canary_percent or "5"
    text = f"Plan a staged rollout of {req.service} to {req.env}: start with a {canary}% canary, then 25%, 50%, 100%."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
