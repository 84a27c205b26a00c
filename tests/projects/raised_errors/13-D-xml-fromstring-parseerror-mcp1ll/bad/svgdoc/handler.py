import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INVALID_PARAMS
import xml.etree.ElementTree as ET

from .inspect import element_names


class ExplainSvg:
    prompt = types.Prompt(name="explain_svg", arguments=[types.PromptArgument(name="snippet", required=True)])

    async def render(self, arguments: dict[str, str] | None) -> types.GetPromptResult:
        snippet = (arguments or {}).get("snippet")
        if not snippet:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="snippet is required"))
        names = element_names(snippet)
        text = "Explain what these SVG elements draw: " + ", ".join(names)
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
