from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .runner import run

SERVICES = {"web", "worker", "scheduler"}


class DeployTools:
    def __init__(self, mcp: FastMCP) -> None:
        mcp.tool(self.deploy_service)

    async def deploy_service(self, service: str, ref: str = "main") -> str:
        """Deploy a service at a git ref."""
        if service not in SERVICES:
            raise ToolError(f"unknown service {service!r}")
        result = await run("./deploy.sh", service, ref)
        if result.code != 0:
            raise ToolError(f"deploy of {service}@{ref} exited with {result.code}:\n{result.output[-3000:]}")
        return f"deployed {service}@{ref}"
