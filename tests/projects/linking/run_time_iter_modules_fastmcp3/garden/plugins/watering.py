import httpx


def register(mcp):
    @mcp.tool()
    async def water_bed(bed: str) -> str:
        try:
            response = await httpx.AsyncClient().post("/water", json={"bed": bed})
            response.raise_for_status()
        except httpx.HTTPError as exc:
            return f"Error: {exc}"  # error: MCP204
        return "watered"
