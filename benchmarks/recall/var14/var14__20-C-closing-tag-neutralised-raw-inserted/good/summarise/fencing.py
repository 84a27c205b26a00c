import re

_CLOSE = re.compile(r"</\s*document\s*>", re.IGNORECASE)


def fence(text: str) -> str:
    """Neutralise anything that would close the <document> wrapper early."""
    return _CLOSE.sub("&lt;/document&gt;", text)
