import copy

from mcp import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .defaults import BASE


class ArgBinder:
    def __init__(self, prompt):
        self.prompt = prompt

    def bind(self, arguments):
        merged = copy.deepcopy(BASE)  # error: MCP101
        merged.update(arguments or {})
        missing = [a.name for a in self.prompt.arguments if a.required and a.name not in merged]
        if missing:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing: {', '.join(missing)}"))
        return merged
