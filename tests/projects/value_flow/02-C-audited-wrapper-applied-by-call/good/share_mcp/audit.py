import functools
import logging

log = logging.getLogger("share.audit")


def audited(fn):
    """Log every call of a tool function, then run it unchanged."""

    @functools.wraps(fn)
    def inner(*args, **kwargs):
        log.info("tool %s called with %s", fn.__name__, kwargs)
        return fn(*args, **kwargs)

    return inner
