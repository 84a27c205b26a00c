from contextlib import contextmanager

from mcp import MCPError
from mcp.types import INVALID_PARAMS


@contextmanager
def invalid_params(*kinds: type[BaseException]):
    try:
        yield
    except kinds as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"invalid argument: {exc}") from exc
