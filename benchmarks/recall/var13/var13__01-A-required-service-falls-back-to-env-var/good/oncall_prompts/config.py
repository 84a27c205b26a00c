import os

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

KNOWN_SERVICES = {"api", "billing", "search", "notifications"}


def service_from(arguments: dict[str, str]) -> str:
    service = arguments.get("service", "")
    if service not in KNOWN_SERVICES:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"service must be one of {sorted(KNOWN_SERVICES)}"))
    return service


def pager_url() -> str:
    return os.environ.get("ONCALL_PAGER_URL", "https://pager.example.com")
