from mcp import MCPError
from mcp.types import INVALID_PARAMS, INVALID_REQUEST

BAD_ARGUMENT = INVALID_PARAMS


def bad_argument(message: str) -> MCPError:
    return MCPError(code=BAD_ARGUMENT, message=message)
