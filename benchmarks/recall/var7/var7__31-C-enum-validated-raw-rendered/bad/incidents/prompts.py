from enum import Enum

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS


class Severity(str, Enum):
    SEV1 = "sev1"
    SEV2 = "sev2"
    SEV3 = "sev3"


def register_prompts(server: MCPServer) -> None:
    @server.prompt(name="incident_update")
    def incident_update(severity: str, summary: str) -> str:
        try:
            level = Severity(severity.strip().lower())
        except ValueError:
            raise MCPError(code=INVALID_PARAMS, message=f"severity must be one of {[s.value for s in Severity]}") from None
        return f"Write a {severity} incident status update. Current summary: {summary}"
