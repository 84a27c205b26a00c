from typing import Any

from mcp import types


def text_result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def list_issues(arguments: dict[str, Any]) -> types.CallToolResult:
    repository = arguments.get("repository")
    if not repository:
        return text_result("repository is required", error=True)
    filters = arguments.get("filters") or {}
    state = filters.get("status", "open")  # error: MCP102
    labels = ",".join(filters.get("labels", []))
    return text_result(f"GET /repos/{repository}/issues?state={state}&labels={labels}")
