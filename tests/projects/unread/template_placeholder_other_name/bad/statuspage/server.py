from mcp import types
from mcp.server import Server, ServerRequestContext

from .prompts import INCIDENT_PROMPT, render_update


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[INCIDENT_PROMPT])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult | types.ErrorData:
    if params.name != INCIDENT_PROMPT.name:
        return types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
    text = render_update(params.arguments or {})
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


def build_server() -> Server:
    return Server("statuspage", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
