import functools
from collections.abc import Awaitable, Callable

import httpx
from mcp import types

ToolFn = Callable[[dict], Awaitable[types.CallToolResult]]


def tool_errors(fn: ToolFn) -> ToolFn:
    """Turn expected failures into a tool result the model can read."""

    @functools.wraps(fn)
    async def wrapper(arguments: dict) -> types.CallToolResult:
        try:
            return await fn(arguments)
        except (ValueError, httpx.HTTPError) as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=f"Error: {exc}")])

    return wrapper
