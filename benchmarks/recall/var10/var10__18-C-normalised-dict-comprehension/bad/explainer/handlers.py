from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .checks import LEVELS, require

EXPLAIN = types.Prompt(
    name="explain",
    description="Explain a concept at a chosen level",
    arguments=[
        types.PromptArgument(name="concept", description="What to explain", required=True),
        types.PromptArgument(name="level", description="eli5, beginner or expert", required=True),
    ],
)


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[EXPLAIN])


async def explain(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != EXPLAIN.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    vals = {k: (v.strip().lower() if k == "level" else v.strip()) for k, v in (params.arguments or {}).items()}
    require(vals, "concept", "level")
    if vals["level"] not in LEVELS:
        raise MCPError(code=types.INVALID_PARAMS, message=f"level must be one of {sorted(LEVELS)}")
    text = f"Explain {vals['concept']} at the {params.arguments['level']} level."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )
