from mcp import types


def text_result(text: str, *, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def failure(exc: Exception) -> types.CallToolResult:
    return text_result(f"{type(exc).__name__}: {exc}", error=True)
