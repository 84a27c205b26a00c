import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INVALID_PARAMS

from .parse import sections

REVIEW = types.Prompt(name="review_config", arguments=[types.PromptArgument(name="config", required=True)])


async def review(arguments: dict[str, str] | None) -> types.GetPromptResult:
    raw = (arguments or {}).get("config")
    if raw is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="config is required"))
    names = sections(raw)
    text = "Review these configuration sections for risky settings: " + ", ".join(names)
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
