import logging

from .app import mcp

log = logging.getLogger(__name__)


@mcp.prompt()
def review_diff(diff: str, focus: str = "correctness") -> str:
    log.debug("review requested, focus=%s", focus)
    body = f"Review this diff with a focus on {focus}.\n\n{diff}"
    return body
