"""Functions exposed as MCP tools; server.py registers them."""
from typing import Callable

EXPOSED: list[Callable] = []


def expose(fn: Callable) -> Callable:
    EXPOSED.append(fn)
    return fn


def internal(fn: Callable) -> Callable:
    """Marks helpers that are never exposed."""
    fn.__internal__ = True
    return fn
