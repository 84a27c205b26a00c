import httpx


def register(mcp):
    @mcp.tool()
    async def close_issue(issue_id: int) -> dict:
        try:
            response = await httpx.AsyncClient().post(f"/issues/{issue_id}/close")
            response.raise_for_status()
        except httpx.HTTPError as e:
            return {"error": str(e)}  # error: MCP204
        return {"closed": issue_id}

    @mcp.tool()
    async def reopen_issue(issue_id: int) -> dict:
        response = await httpx.AsyncClient().post(f"/issues/{issue_id}/reopen")
        response.raise_for_status()
        return {"reopened": issue_id}  # ok: a failure raises, fastmcp sends it as isError
