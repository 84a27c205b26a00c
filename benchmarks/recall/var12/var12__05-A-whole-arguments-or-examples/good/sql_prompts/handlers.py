from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .arguments import resolve_arguments
from .catalog import PROMPTS

ENGINES = {"postgres": "EXPLAIN (ANALYZE, BUFFERS)", "mysql": "EXPLAIN ANALYZE"}


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=list(PROMPTS.values()))


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in PROMPTS:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = resolve_arguments(params)
    engine = args.get("engine", "postgres")
    if engine not in ENGINES:
        raise MCPError(code=types.INVALID_PARAMS, message="engine must be postgres or mysql")
    text = f"Run `{ENGINES[engine]}` on the query below and explain the plan step by step.\n\n{args['query']}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
