"""The review prompt's body, delegated from the server module."""

import mcp.types as types


def render_review(arguments: dict) -> types.GetPromptResult:
    code = arguments.get("Code", "")
    text = f"Review this change:\n{code}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
