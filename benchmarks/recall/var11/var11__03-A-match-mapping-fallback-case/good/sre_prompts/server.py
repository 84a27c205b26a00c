from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .catalog import PROMPTS
from .handlers import RENDERERS


def create_server() -> Server:
    async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=PROMPTS)

    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        render = RENDERERS.get(params.name)
        if render is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        return render(params.arguments or {})

    return Server("sre-prompts", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
