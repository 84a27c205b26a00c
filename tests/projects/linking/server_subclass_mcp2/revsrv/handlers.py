import mcp.types as types
from mcp import MCPError


def reply(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


class PromptHandlers:
    def prompt_review(self, arguments: dict) -> types.GetPromptResult:
        code = arguments.get("Code")  # error: MCP102
        if not code:
            raise MCPError(code=types.INVALID_PARAMS, message="code is required")
        return reply(f"Review {code}")

    def prompt_explain(self, arguments: dict) -> types.GetPromptResult:
        topic = arguments.get("topic")  # ok: declared
        if not topic:
            raise MCPError(code=types.INVALID_PARAMS, message="topic is required")
        return reply(f"Explain {topic}")
