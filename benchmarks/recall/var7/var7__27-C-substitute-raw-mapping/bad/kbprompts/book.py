from string import Template

from mcp import MCPError, types

MAX_LEN = 4000


def clean_args(spec: types.Prompt, raw: dict[str, str] | None) -> dict[str, str]:
    raw = raw or {}
    cleaned: dict[str, str] = {}
    for arg in spec.arguments or []:
        value = (raw.get(arg.name) or "").strip()
        if arg.required and not value:
            raise MCPError(code=types.INVALID_PARAMS, message=f"{arg.name} is required")
        cleaned[arg.name] = value[:MAX_LEN]
    return cleaned


class PromptBook:
    def __init__(self) -> None:
        self.entries: dict[str, tuple[types.Prompt, Template]] = {}

    def add(self, spec: types.Prompt, template: str) -> None:
        self.entries[spec.name] = (spec, Template(template))

    async def list(self, ctx, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[spec for spec, _ in self.entries.values()])

    async def get(self, ctx, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name not in self.entries:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        spec, template = self.entries[params.name]
        cleaned = clean_args(spec, params.arguments)
        text = template.safe_substitute(params.arguments)
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )
