from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def need(arguments: dict[str, str], key: str) -> str:
    value = arguments.get(key)
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return value


def resize_inputs(arguments: dict[str, str]) -> tuple[str, str, int]:
    cluster = need(arguments, "cluster")
    pool = need(arguments, "nodepool")
    size = need(arguments, "target_size")
    if not size.isdigit():
        raise McpError(ErrorData(code=INVALID_PARAMS, message="target_size must be an integer"))
    return cluster, pool, int(size)
