STYLES = ("conventional", "plain", "gitmoji")


def one_line(raw: str, limit: int = 72) -> str:
    """The first non-empty line, trimmed to limit characters."""
    for line in raw.splitlines():
        if line.strip():
            return line.strip()[:limit]
    raise ValueError("title must not be empty")
