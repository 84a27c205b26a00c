import functools

from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INTERNAL_ERROR, INVALID_PARAMS


def client_errors(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except (KeyError, ValueError) as exc:
            raise McpError(ErrorData(code=INTERNAL_ERROR, message=f"bad argument: {exc}")) from exc
    return wrapper
