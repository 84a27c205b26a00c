from fastmcp import FastMCP

from .builder import BriefBuilder
from .severity import PLAYBOOK, normalize_severity


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="incident_brief")
    def incident_brief(summary: str, severity: str, owner: str | None = None) -> str:
        """Draft the first incident brief."""
        level = normalize_severity(severity)
        return (
            BriefBuilder()
            .heading(f"Incident brief ({level})")
            .line(summary)
            .line(f"Owner: {owner or 'unassigned'}")
            .line(PLAYBOOK[level])
            .build()
        )
