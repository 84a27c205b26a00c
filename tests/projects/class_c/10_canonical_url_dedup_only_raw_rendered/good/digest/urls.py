from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

TRACKING = ("utm_", "fbclid", "gclid")


def canonical_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("only http(s) links are accepted")
    query = [(k, v) for k, v in parse_qsl(parts.query) if not k.startswith(TRACKING)]
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", urlencode(query), ""))
