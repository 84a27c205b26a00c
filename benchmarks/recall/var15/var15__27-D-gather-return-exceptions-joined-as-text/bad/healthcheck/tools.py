from mcp import types

from .probe import probe_all

CHECK = types.Tool(
    name="check_endpoints",
    description="Probe a list of URLs and fail if any is unhealthy",
    input_schema={"type": "object", "properties": {"urls": {"type": "array", "items": {"type": "string"}}}, "required": ["urls"]},
)


def _text(t: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=t)], is_error=error)


async def check_endpoints(arguments: dict) -> types.CallToolResult:
    urls = arguments.get("urls")
    if not isinstance(urls, list) or not urls:
        return _text("urls must be a non-empty list", error=True)
    results = await probe_all(urls)
    lines = [str(r) if isinstance(r, BaseException) else r for r in results]
    failed = any(isinstance(r, BaseException) for r in results)
    return _text("\n".join(lines))
