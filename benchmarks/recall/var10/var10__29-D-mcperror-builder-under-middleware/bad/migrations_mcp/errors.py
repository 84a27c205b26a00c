from mcp import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def invalid_argument(message: str) -> Exception:
    """The error to raise for a bad prompt argument."""
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))
