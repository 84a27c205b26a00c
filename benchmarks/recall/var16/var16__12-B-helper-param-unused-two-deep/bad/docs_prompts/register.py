from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .text import tutorial

DEPTHS = {"introductory", "intermediate", "deep-dive"}


def register(server: MCPServer) -> None:
    @server.prompt()
    def write_tutorial(topic: str, depth: str, audience: str = "new contributors") -> str:
        if depth not in DEPTHS:
            raise MCPError(code=INVALID_PARAMS, message=f"depth must be one of {sorted(DEPTHS)}")
        return tutorial(topic, depth, audience)
