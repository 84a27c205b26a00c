from typing import Any

import httpx
from mcp import types

from .registry import ToolRegistry

registry = ToolRegistry()
PROM = "http://prometheus:9090/api/v1/query"
QUERY_TOOL = types.Tool(
    name="instant_query",
    description="Run a PromQL instant query",
    input_schema={"type": "object", "properties": {"promql": {"type": "string"}}, "required": ["promql"]},
)


def _text(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


@registry.register(QUERY_TOOL)
async def instant_query(args: dict[str, Any]) -> types.CallToolResult:
    promql = args.get("promql")
    if not promql:
        return _text("promql is required", error=True)
    async with httpx.AsyncClient(timeout=10) as client:
        resp = await client.get(PROM, params={"query": promql})
    data = resp.json()
    if data.get("status") != "success":
        return _text(data.get("error", "query failed"), error=True)
    return _text(str(data["data"]["result"]))
