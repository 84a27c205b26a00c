from typing import Any

import httpx
from mcp import types

from .urls import UrlRejected, vetted_url

FETCH_TOOL = types.Tool(
    name="fetch_doc",
    description="Fetch a page of the Python documentation as text",
    input_schema={"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]},
)


def _result(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


async def fetch_doc(client: httpx.AsyncClient, args: dict[str, Any]) -> types.CallToolResult:
    raw = args.get("url", "")
    try:
        url = vetted_url(raw)
    except UrlRejected as exc:
        return _result(str(exc), error=True)
    resp = await client.get(url, follow_redirects=False)
    if resp.status_code != 200:
        return _result(f"{url} answered {resp.status_code}", error=True)
    return _result(resp.text[:20000])
