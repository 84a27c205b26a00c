import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

PAGE = 50


def paginated(fn: Callable[..., Awaitable[list[dict[str, Any]]]]):
    """Add a `cursor` argument to a tool that returns a full list."""

    @functools.wraps(fn)
    async def wrapper(*args: Any, cursor: str | None = None, **kwargs: Any) -> dict[str, Any]:
        items = await fn(*args, **kwargs)
        start = 0
        page = items[start:start + PAGE]
        next_cursor = str(start + PAGE) if start + PAGE < len(items) else None
        return {"items": page, "next_cursor": next_cursor}

    sig = inspect.signature(fn)
    cursor_param = inspect.Parameter("cursor", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str | None)
    wrapper.__signature__ = sig.replace(parameters=[*sig.parameters.values(), cursor_param], return_annotation=dict[str, Any])
    wrapper.__annotations__ = {**fn.__annotations__, "cursor": str | None, "return": dict[str, Any]}
    return wrapper
