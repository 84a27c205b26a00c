from urllib.parse import urlsplit

from fastmcp.exceptions import ValidationError


def host_port(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError(f"{url!r} is not an http(s) URL")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise ValidationError(f"bad port in {url!r}: {exc}") from exc
    return parts.hostname, port
