from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .replies import RENDERERS


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[prompt for prompt, _ in RENDERERS.values()])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    entry = RENDERERS.get(params.name)
    if entry is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    prompt, render = entry
    text = render(params.arguments or {})
    return types.GetPromptResult(
        description=prompt.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


def build_server() -> Server:
    return Server("support-prompts", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
