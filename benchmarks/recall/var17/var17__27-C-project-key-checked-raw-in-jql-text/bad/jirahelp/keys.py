import re

PROJECT = re.compile(r"^[A-Z][A-Z0-9]{1,9}$")


def project_key(raw: str) -> str:
    key = raw.strip().upper()
    if not PROJECT.match(key):
        raise ValueError(f"not a Jira project key: {raw!r}")
    return key
