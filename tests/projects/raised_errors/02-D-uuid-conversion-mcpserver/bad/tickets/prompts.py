from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .store import ticket_title


def register(app) -> None:
    @app.prompt(name="triage")
    def triage(ticket_id: str, audience: str = "engineering") -> str:
        title = ticket_title(ticket_id)
        if audience not in ("engineering", "support"):
            raise MCPError(code=INVALID_PARAMS, message="audience must be engineering or support")
        return f"Triage '{title}' for the {audience} team."
