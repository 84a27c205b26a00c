import httpx
from fastmcp.exceptions import ToolError

from notes import mcp


@mcp.tool()
async def list_tags(prefix: str = "") -> list:
    try:
        response = await httpx.AsyncClient().get("/tags", params={"prefix": prefix})
        response.raise_for_status()
    except httpx.HTTPError as exc:
        raise ToolError(f"Tags unavailable: {exc}") from exc  # ok: an isError result
    return response.json()
