from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .specs import SPECS, PromptSpec


def make_handlers(specs: list[PromptSpec]):
    by_name = {s.prompt.name: s for s in specs}

    async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[s.prompt for s in specs])

    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        spec = by_name.get(params.name)
        if spec is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        text = spec.build(params.arguments)
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )

    return list_prompts, get_prompt


def create_server() -> Server:
    list_prompts, get_prompt = make_handlers(SPECS)
    return Server("digest", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
