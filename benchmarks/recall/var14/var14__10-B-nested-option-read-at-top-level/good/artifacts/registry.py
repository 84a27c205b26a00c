from typing import Awaitable, Callable

import mcp.types as types
from mcp import MCPError

Handler = Callable[[dict], Awaitable[types.CallToolResult]]


class Registry:
    def __init__(self) -> None:
        self._tools: dict[str, tuple[types.Tool, Handler]] = {}

    def tool(self, spec: types.Tool) -> Callable[[Handler], Handler]:
        def add(fn: Handler) -> Handler:
            self._tools[spec.name] = (spec, fn)
            return fn
        return add

    def specs(self) -> list[types.Tool]:
        return [spec for spec, _ in self._tools.values()]

    async def call(self, name: str, arguments: dict) -> types.CallToolResult:
        if name not in self._tools:
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {name}")
        return await self._tools[name][1](arguments)


registry = Registry()
