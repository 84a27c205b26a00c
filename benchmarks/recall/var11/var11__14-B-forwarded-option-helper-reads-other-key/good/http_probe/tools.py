from dataclasses import asdict

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .client import probe


def register(mcp: FastMCP) -> None:
    @mcp.tool
    async def check_endpoint(url: str, timeout: float = 5.0, follow_redirects: bool = True) -> dict:
        """Probe an HTTP endpoint and report status and latency."""
        if not url.startswith(("http://", "https://")):
            raise ToolError("url must start with http:// or https://")
        result = await probe(url, timeout=timeout, follow_redirects=follow_redirects)
        return asdict(result)
