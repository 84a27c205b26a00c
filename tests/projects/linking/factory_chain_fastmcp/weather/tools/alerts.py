import httpx
from fastmcp.exceptions import ToolError


def register(mcp):
    @mcp.tool()
    async def active_alerts(region: str) -> dict:
        try:
            response = await httpx.AsyncClient().get(f"/alerts/{region}")
            response.raise_for_status()
        except httpx.HTTPError as exc:
            raise ToolError(f"Alerts unavailable: {exc}") from exc  # ok: an isError result
        return response.json()
