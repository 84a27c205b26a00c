from mcp import MCPError
from mcp.types import INVALID_PARAMS

PLAYBOOKS = {"api": ["check error budget", "roll back last deploy"], "db": ["check replication lag"]}


def _steps(service: str) -> list[str]:
    if service not in PLAYBOOKS:
        raise LookupError(f"no playbook for {service}")
    return PLAYBOOKS[service]


def checklist(service: str) -> str:
    return "\n".join(f"- [ ] {step}" for step in _steps(service))
