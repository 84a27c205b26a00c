from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .languages import SUPPORTED, normalise_language


class StylePrompts:
    def definitions(self) -> list[types.Prompt]:
        return [
            types.Prompt(
                name="style_review",
                description="Review a snippet against the house style guide",
                arguments=[
                    types.PromptArgument(name="language", description=f"One of {', '.join(SUPPORTED)}", required=True),
                    types.PromptArgument(name="code", description="The snippet", required=True),
                ],
            )
        ]

    async def render(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != "style_review":
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        args = arguments or {}
        language = normalise_language(args.get("language"))
        if language is None:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"language must be one of {SUPPORTED}"))
        code = args.get("code")
        if not code:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="code is required"))
        text = f"Review this {language} code against our {language} style guide:\n\n{code}"
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
