from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def invalid(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))
