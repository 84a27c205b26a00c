from .app import mcp
from .composer import call_with_known, compose_reply


@mcp.prompt()
def customer_reply(ticket: str, tone: str = "neutral", language: str = "en") -> str:
    """Draft a reply to a support ticket."""
    return call_with_known(compose_reply, {"ticket": ticket, "tone": tone, "language": language})
