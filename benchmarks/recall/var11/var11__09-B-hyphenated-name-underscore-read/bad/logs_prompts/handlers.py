from collections.abc import Callable

import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

Handler = Callable[[dict[str, str]], str]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def _need(arguments: dict[str, str], key: str) -> str:
    value = arguments.get(key, "").strip()
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return value


@handles("investigate_errors")
def investigate_errors(arguments: dict[str, str]) -> str:
    group = _need(arguments, "log-group")
    window = _need(arguments, "time_range")
    pattern = arguments.get("filter-pattern", "ERROR")
    return (
        f"Query {group} for the last {window} with filter {pattern!r}. "
        "Group the errors by message, find when the spike started and what changed just before."
    )
