import httpx


def register(mcp):
    @mcp.tool()
    async def daily_forecast(city: str) -> dict:
        try:
            response = await httpx.AsyncClient().get(f"/forecast/{city}")
            response.raise_for_status()
        except httpx.HTTPError as exc:
            return {"error": str(exc)}  # error: MCP204
        return response.json()
