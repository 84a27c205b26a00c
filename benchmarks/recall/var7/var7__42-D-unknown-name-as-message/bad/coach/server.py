from mcp import types
from mcp.server import Server, ServerRequestContext

from .builders import BUILDERS, PROMPTS


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult | types.ErrorData:
    builder = BUILDERS.get(params.name)
    if builder is None:
        available = ", ".join(sorted(BUILDERS))
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=f"Unknown prompt {params.name!r}; available: {available}"))])
    return builder(params.arguments or {})


server = Server("career-coach", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
