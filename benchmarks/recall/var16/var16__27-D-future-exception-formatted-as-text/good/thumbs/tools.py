from mcp import types

from .work import run

THUMB = types.Tool(name="thumbnail", inputSchema={
    "type": "object", "properties": {"src": {"type": "string"}}, "required": ["src"]})


def thumbnail(arguments: dict) -> list[types.TextContent]:
    future = run(arguments["src"])
    exc = future.exception(timeout=30)
    if exc is not None:
        raise RuntimeError(f"thumbnail failed: {exc!r}") from exc
    return [types.TextContent(type="text", text=future.result())]
