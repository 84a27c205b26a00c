import re

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/=-]{0,99}")


def checked_ref(raw: str) -> str | None:
    """Fully qualified branch ref; leading dashes are dropped so it can never be read as an option."""
    name = raw.strip().lstrip("-")
    if not _NAME.fullmatch(name) or ".." in name:
        return None
    return f"refs/heads/{name}"
