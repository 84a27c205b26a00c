from mcp import types
from mcp.server import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from . import templates

PROMPTS = [
    types.Prompt(
        name="code_review",
        description="Review a snippet",
        arguments=[
            types.PromptArgument(name="code", description="Source to review", required=True),
            types.PromptArgument(name="language", description="Language of the snippet", required=True),
        ],
    ),
    types.Prompt(
        name="explain",
        description="Explain a snippet",
        arguments=[
            types.PromptArgument(name="code", description="Source to explain", required=True),
            types.PromptArgument(name="audience", description="Who reads it", required=False),
        ],
    ),
]
RENDERERS = {"code_review": templates.code_review, "explain": templates.explain}


def create_server() -> Server:
    app = Server("reviewbot")

    @app.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return PROMPTS

    @app.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        spec = next((p for p in PROMPTS if p.name == name), None)
        if spec is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        declared = {a.name for a in spec.arguments or []}
        args = {k: v for k, v in (arguments or {}).items() if k in declared}
        missing = [a.name for a in spec.arguments or [] if a.required and not args.get(a.name)]
        if missing:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Missing required arguments: {missing}"))
        text = RENDERERS[name](**args)
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )

    return app
