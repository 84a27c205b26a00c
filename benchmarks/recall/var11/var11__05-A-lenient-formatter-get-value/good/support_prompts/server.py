from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .fmt import render_template
from .specs import SPECS


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[spec.prompt for spec in SPECS.values()])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    spec = SPECS.get(params.name)
    if spec is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = params.arguments or {}
    missing = [a.name for a in spec.prompt.arguments or [] if a.required and not args.get(a.name)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")
    text = render_template(spec.template, **args)
    return types.GetPromptResult(
        description=spec.prompt.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


server = Server("support-prompts", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
