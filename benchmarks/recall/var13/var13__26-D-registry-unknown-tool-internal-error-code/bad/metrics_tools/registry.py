from collections.abc import Awaitable, Callable
from typing import Any

from mcp import MCPError, types

Handler = Callable[[dict[str, Any]], Awaitable[types.CallToolResult]]


class ToolRegistry:
    def __init__(self) -> None:
        self._tools: dict[str, tuple[types.Tool, Handler]] = {}

    def register(self, tool: types.Tool):
        def decorator(fn: Handler) -> Handler:
            self._tools[tool.name] = (tool, fn)
            return fn
        return decorator

    def tools(self) -> list[types.Tool]:
        return [tool for tool, _ in self._tools.values()]

    def handler(self, name: str) -> Handler:
        try:
            return self._tools[name][1]
        except KeyError:
            raise MCPError(code=types.INTERNAL_ERROR, message=f"Unknown tool: {name}") from None
