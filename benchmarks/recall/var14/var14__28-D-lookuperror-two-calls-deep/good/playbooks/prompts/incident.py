from mcp import MCPError
from mcp.types import INVALID_PARAMS

from ..catalog import checklist
from ..server import server

SEVERITIES = ("sev1", "sev2", "sev3")


@server.prompt(name="incident_playbook")
def incident_playbook(service: str, severity: str = "sev2") -> str:
    if severity not in SEVERITIES:
        raise MCPError(code=INVALID_PARAMS, message=f"severity must be one of {SEVERITIES}")
    return f"Run this {severity} playbook for {service} and report each step:\n{checklist(service)}"
