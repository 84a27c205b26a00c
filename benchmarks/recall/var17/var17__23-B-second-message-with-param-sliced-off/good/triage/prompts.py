from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .messages import conversation


def setup(server) -> None:
    @server.prompt(name="triage_bug")
    def triage_bug(report: str, context: str, product: str = "web") -> list:
        if len(report) < 20:
            raise MCPError(code=INVALID_PARAMS, message="report is too short to triage")
        return conversation(f"[{product}] {report}", context)
