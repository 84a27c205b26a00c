import httpx
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .settings import Settings


class HealthTools:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def check_health(self, host: str, path: str = "/healthz") -> dict:
        """Probe an internal service's health endpoint."""
        if not host:
            raise ToolError("host is required")
        if not path.startswith("/"):
            raise ToolError("path must start with /")
        async with httpx.AsyncClient(timeout=5) as client:
            resp = await client.get(f"https://{host}{path}")
        return {"host": host, "status": resp.status_code}


def register(mcp: FastMCP, settings: Settings) -> None:
    tools = HealthTools(settings)
    mcp.tool(tools.check_health)
