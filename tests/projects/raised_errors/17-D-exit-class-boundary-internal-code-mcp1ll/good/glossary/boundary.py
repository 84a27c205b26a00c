from mcp.shared.exceptions import McpError
from mcp.types import ErrorData, INTERNAL_ERROR, INVALID_PARAMS


class ArgumentErrors:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, LookupError):
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"invalid argument: {exc}")) from exc
        return False
