from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS
from pydantic import ValidationError

from .models import OkrRequest
from .render import okr_prompt


def register(mcp: MCPServer) -> None:
    @mcp.prompt(name="draft_okrs", description="Draft a team's OKRs for a quarter")
    def draft_okrs(team: str, quarter: str, focus: str = "") -> str:
        if not team.strip():
            raise MCPError(code=INVALID_PARAMS, message="team must not be empty")

        req = OkrRequest(team=team.strip(), quarter=quarter, focus=focus)

        return okr_prompt(req)
