from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def _user(text: str) -> types.PromptMessage:
    return types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))


def review(arguments: dict[str, str]) -> types.GetPromptResult:
    language = arguments.get("language")
    if not language:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="language is required"))
    return types.GetPromptResult(messages=[_user(f"Review this {language} change for correctness.")])


def explain(arguments: dict[str, str]) -> types.GetPromptResult:
    depth = arguments.get("depth", "short")
    return types.GetPromptResult(messages=[_user(f"Explain the change ({depth} answer).")])
