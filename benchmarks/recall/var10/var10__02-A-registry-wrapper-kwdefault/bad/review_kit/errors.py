from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def require(name: str, value: str) -> str:
    if not value or not value.strip():
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"argument '{name}' is required"))
    return value.strip()
