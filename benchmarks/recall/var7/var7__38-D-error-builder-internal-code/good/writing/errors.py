from mcp.shared.exceptions import McpError
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, ErrorData


def invalid_argument(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


def unknown_prompt(name: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))


def backend_failure(message: str) -> McpError:
    return McpError(ErrorData(code=INTERNAL_ERROR, message=message))
