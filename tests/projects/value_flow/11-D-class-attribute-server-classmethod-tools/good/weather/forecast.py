import httpx
from fastmcp.exceptions import ToolError

from .base import App


@App.mcp.tool
async def forecast(city: str, days: int = 3) -> dict:
    """Daily forecast for a city."""
    async with httpx.AsyncClient(base_url=App.base_url) as client:
        resp = await client.get("/forecast", params={"q": city, "days": days})
    if resp.status_code != 200:
        raise ToolError(f"forecast failed with HTTP {resp.status_code}")
    return resp.json()
