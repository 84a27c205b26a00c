from mcp.server.mcpserver import MCPServer

from .templates import SLO_REVIEW


def register(server: MCPServer) -> None:
    @server.prompt()
    def slo_review(service: str, window: str, incidents: str = "") -> str:
        return SLO_REVIEW.render(service=service, window=window, incidents=incidents)
