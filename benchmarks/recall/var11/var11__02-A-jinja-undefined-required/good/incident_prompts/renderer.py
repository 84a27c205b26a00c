from collections.abc import Mapping

import mcp.types as types
from jinja2 import Template
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


class PromptRenderer:
    """Renders catalog prompts from their Jinja templates."""

    def __init__(self, catalog: Mapping[str, types.Prompt], templates: Mapping[str, Template]) -> None:
        self.catalog = catalog
        self.templates = templates

    def render(self, name: str, arguments: dict[str, str]) -> types.GetPromptResult:
        prompt = self.catalog[name]
        missing = [a.name for a in prompt.arguments or [] if a.required and not arguments.get(a.name)]
        if missing:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}"))
        text = self.templates[name].render(**arguments)
        message = types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
        return types.GetPromptResult(description=prompt.description, messages=[message])
