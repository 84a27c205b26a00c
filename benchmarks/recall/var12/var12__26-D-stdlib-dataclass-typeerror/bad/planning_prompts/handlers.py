from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .args import PlanArgs
from .catalog import DECLARED, PLAN


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[PLAN])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != PLAN.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    raw = {key: value for key, value in (params.arguments or {}).items() if key in DECLARED}
    args = PlanArgs(**raw)
    text = (
        f"Goal: {args.goal}\nTime available: {args.horizon}\nConstraints: {args.constraints}\n"
        "Break this into 3-5 milestones with a rough date and a definition of done for each."
    )
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
