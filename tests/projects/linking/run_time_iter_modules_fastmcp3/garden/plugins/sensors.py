import httpx
from fastmcp.exceptions import ToolError


def register(mcp):
    @mcp.tool()
    async def soil_moisture(bed: str) -> float:
        try:
            response = await httpx.AsyncClient().get("/moisture", params={"bed": bed})
            response.raise_for_status()
        except httpx.HTTPError as exc:
            raise ToolError(f"Sensor unavailable: {exc}") from exc  # ok: an isError result
        return response.json()["value"]
