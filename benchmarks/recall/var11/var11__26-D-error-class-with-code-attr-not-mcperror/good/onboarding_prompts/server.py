from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .prompts import PROMPTS


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[prompt for prompt, _ in PROMPTS.values()])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in PROMPTS:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    prompt, render = PROMPTS[params.name]
    text = render(params.arguments or {})
    return types.GetPromptResult(
        description=prompt.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


server = Server("onboarding-prompts", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
