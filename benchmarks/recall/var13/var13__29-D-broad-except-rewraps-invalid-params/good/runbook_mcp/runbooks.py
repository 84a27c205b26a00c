from pathlib import Path

from mcp import MCPError
from mcp.types import INVALID_PARAMS

RUNBOOK_DIR = Path("/srv/runbooks")
SERVICES = {"checkout", "search", "auth"}


def load_runbook(service: str) -> str:
    if service not in SERVICES:
        raise MCPError(code=INVALID_PARAMS, message=f"no runbook for {service!r}; known: {sorted(SERVICES)}")
    return (RUNBOOK_DIR / f"{service}.md").read_text(encoding="utf-8")
