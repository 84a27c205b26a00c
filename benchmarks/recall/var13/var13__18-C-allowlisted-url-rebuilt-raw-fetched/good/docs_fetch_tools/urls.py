from urllib.parse import urlsplit, urlunsplit

ALLOWED_HOSTS = {"docs.python.org", "peps.python.org", "packaging.python.org"}


class UrlRejected(Exception):
    pass


def vetted_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme != "https" or parts.hostname not in ALLOWED_HOSTS:
        raise UrlRejected(f"only https URLs on {', '.join(sorted(ALLOWED_HOSTS))} are allowed")
    # Rebuild from the parsed pieces: drops credentials, ports and fragments.
    return urlunsplit(("https", parts.hostname, parts.path or "/", parts.query, ""))
