from mcp import McpError
from mcp.types import ErrorData, INVALID_PARAMS

from .specs import AUDIT, DECLARED

SCOPES = {"prod", "staging", "all"}


def bind(arguments: dict[str, str] | None) -> dict[str, str]:
    values = dict.fromkeys(DECLARED, "all")
    values.update(arguments or {})
    for arg in AUDIT.arguments:
        if arg.required and not values[arg.name]:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{arg.name} is required"))
    if values["scope"] not in SCOPES:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="scope must be prod, staging or all"))
    return values
