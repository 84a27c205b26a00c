"""Makes the server and the project's own registering decorators."""

import functools

from fastmcp import FastMCP

mcp = FastMCP("shop")


def _guard(func, *, timeout=30):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)
    return wrapper


def safe_tool(*tool_args, timeout=30, **tool_kwargs):
    """Drop-in replacement for @mcp.tool() that adds the guard."""
    def decorator(func):
        guarded = _guard(func, timeout=timeout)
        return mcp.tool(*tool_args, **tool_kwargs)(guarded)
    return decorator


def safe_prompt(func):
    """Registers a prompt behind the guard."""
    return mcp.prompt()(_guard(func))


def traced(func):
    """Wraps without registering: the function stays a plain function."""
    return _guard(func)
