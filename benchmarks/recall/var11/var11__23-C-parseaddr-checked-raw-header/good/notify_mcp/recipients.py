from email.utils import parseaddr

from fastmcp.exceptions import ToolError

ALLOWED_DOMAIN = "example.com"


def recipient(raw: str) -> str:
    """The bare address of raw, which must be an @example.com mailbox."""
    _, addr = parseaddr(raw)
    if "@" not in addr or addr.rsplit("@", 1)[1].lower() != ALLOWED_DOMAIN:
        raise ToolError(f"recipient must be an @{ALLOWED_DOMAIN} address")
    return addr.lower()
