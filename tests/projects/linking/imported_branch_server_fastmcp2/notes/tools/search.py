import httpx

from notes import mcp


@mcp.tool()
async def find_notes(query: str) -> dict:
    try:
        response = await httpx.AsyncClient().get("/search", params={"q": query})
        response.raise_for_status()
    except httpx.HTTPError as exc:
        return {"error": str(exc)}  # error: MCP204
    return response.json()
