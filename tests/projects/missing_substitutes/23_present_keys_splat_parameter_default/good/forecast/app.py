from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .render import run

FORECAST = types.Prompt(
    name="forecast",
    arguments=[types.PromptArgument(name="metric", required=True), types.PromptArgument(name="horizon", required=True)],
)


def build_server() -> Server:
    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != FORECAST.name:
            raise MCPError(code=INVALID_PARAMS, message="unknown prompt")
        try:
            text = run(params.arguments or {})
        except TypeError as exc:
            raise MCPError(code=INVALID_PARAMS, message=str(exc))
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[FORECAST])

    return Server("forecast", on_get_prompt=get_prompt, on_list_prompts=list_prompts)
