import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .sniff import guess

LANGS = {"python", "rust", "go", "javascript"}


def explain_snippet(arguments: dict[str, str]) -> list[types.PromptMessage]:
    code = arguments.get("code")
    if not code:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="code is required"))
    language = arguments.get("language", "")
    if language not in LANGS:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"language must be one of {sorted(LANGS)}"))
    return [types.PromptMessage(role="user", content=types.TextContent(type="text", text=f"Explain this {language} code:\n{code}"))]


SPECS = [types.Prompt(name="explain_snippet", arguments=[
    types.PromptArgument(name="code", required=True),
    types.PromptArgument(name="language", required=True),
])]
DISPATCH = {"explain_snippet": explain_snippet}
