"""A project base class between fastmcp's Tool and the tools: run() lives here and hands the
mapping to a hook each subclass overrides."""
from typing import Any

from fastmcp.exceptions import ToolError
from fastmcp.tools import Tool, ToolResult


class DeployTool(Tool):
    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        return ToolResult(content=self.execute(arguments))

    def execute(self, arguments: dict[str, Any]) -> str:
        raise NotImplementedError

    def require(self, arguments: dict[str, Any], key: str) -> str:
        value = arguments.get(key) or ""
        if not value:
            raise ToolError(f"{key} is required")
        return value
