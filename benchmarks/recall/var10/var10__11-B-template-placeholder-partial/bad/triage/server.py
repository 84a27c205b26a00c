from collections.abc import Mapping
from functools import partial
from string import Template

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .templates import TEMPLATES


def _arg(name: str, description: str) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=True)


DECLARED = {
    "triage_ticket": types.Prompt(
        name="triage_ticket",
        description="Triage a support ticket",
        arguments=[_arg("ticket_id", "Ticket number"), _arg("queue", "Support queue")],
    ),
    "close_ticket": types.Prompt(
        name="close_ticket",
        description="Closing note for a resolved ticket",
        arguments=[_arg("ticket_id", "Ticket number"), _arg("resolution", "What fixed it")],
    ),
}


def _render(template: Template, required: tuple[str, ...], arguments: Mapping[str, str]) -> str:
    missing = [k for k in required if not arguments.get(k)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}")
    return template.safe_substitute({k: arguments[k] for k in required})


RENDERERS = {
    name: partial(_render, TEMPLATES[name], tuple(a.name for a in prompt.arguments or [] if a.required))
    for name, prompt in DECLARED.items()
}


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=list(DECLARED.values()))


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    render = RENDERERS.get(params.name)
    if render is None:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    text = render(params.arguments or {})
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


server = Server("triage", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
