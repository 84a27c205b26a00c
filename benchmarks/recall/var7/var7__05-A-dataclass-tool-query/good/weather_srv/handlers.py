import httpx
from mcp import types

from .models import ForecastQuery

FORECAST_TOOL = types.Tool(
    name="forecast",
    description="Weather forecast for a city",
    input_schema={
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "units": {"type": "string", "enum": ["metric", "imperial"], "description": "Unit system; no default"},
            "days": {"type": "integer", "minimum": 1, "maximum": 7},
        },
        "required": ["city", "units"],
    },
)


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


async def forecast(arguments: dict) -> types.CallToolResult:
    try:
        query = ForecastQuery(**arguments)
    except TypeError as exc:
        return _error(f"invalid arguments: {exc}")
    async with httpx.AsyncClient(base_url="https://api.example-weather.test") as client:
        resp = await client.get("/v1/forecast", params={"q": query.city, "units": query.units, "days": query.days})
    return types.CallToolResult(content=[types.TextContent(type="text", text=resp.text)])


TOOLS = {FORECAST_TOOL.name: (FORECAST_TOOL, forecast)}
