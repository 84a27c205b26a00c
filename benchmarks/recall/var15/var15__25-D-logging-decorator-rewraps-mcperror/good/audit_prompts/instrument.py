import functools
import logging

from mcp.shared.exceptions import McpError

log = logging.getLogger("audit_prompts")


def logged(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except McpError:
            raise
        except Exception as exc:
            log.exception("prompt %s failed", args[0] if args else "?")
            raise RuntimeError(f"prompt failed: {exc}") from exc

    return wrapper
