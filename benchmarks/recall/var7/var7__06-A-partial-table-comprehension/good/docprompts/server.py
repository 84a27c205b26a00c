import functools
from string import Template

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .table import PROMPT_TABLE

Catalog = dict[str, tuple[types.Prompt, Template]]


def build_catalog(table: dict) -> Catalog:
    catalog: Catalog = {}
    for name, entry in table.items():
        prompt = types.Prompt(
            name=name,
            description=entry["description"],
            arguments=[types.PromptArgument(name=n, description=d, required=r) for n, d, r in entry["arguments"]],
        )
        catalog[name] = (prompt, Template(entry["template"]))
    return catalog


async def list_prompts(catalog: Catalog, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[prompt for prompt, _ in catalog.values()])


async def get_prompt(catalog: Catalog, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name not in catalog:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    prompt, template = catalog[params.name]
    supplied = params.arguments or {}
    missing = [arg.name for arg in prompt.arguments or [] if arg.required and not supplied.get(arg.name)]
    if missing:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Missing required arguments: {', '.join(missing)}")
    values = {arg.name: supplied.get(arg.name, "") for arg in prompt.arguments or []}
    text = template.substitute(values)
    return types.GetPromptResult(
        description=prompt.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


CATALOG = build_catalog(PROMPT_TABLE)
server = Server(
    "doc-prompts",
    on_list_prompts=functools.partial(list_prompts, CATALOG),
    on_get_prompt=functools.partial(get_prompt, CATALOG),
)
