import httpx

from .app import tool

API = "https://api.weather.example"


@tool()
async def forecast(city: str) -> str:
    """Tomorrow's forecast for a city."""
    async with httpx.AsyncClient() as client:
        try:
            response = await client.get(f"{API}/forecast", params={"q": city})
            response.raise_for_status()
        except httpx.HTTPError as exc:
            return f"Forecast request failed: {exc}"  # error: MCP204
    return response.json()["summary"]
