import re

LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


def ascii_host(raw: str) -> str:
    host = raw.strip().rstrip(".").encode("idna").decode("ascii").lower()
    if not all(LABEL.match(part) for part in host.split(".")):
        raise ValueError(f"not a hostname: {raw!r}")
    return host
