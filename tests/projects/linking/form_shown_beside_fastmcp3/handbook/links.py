"""Links into the handbook: the percent-encoded URL and the encoded path."""
from urllib.parse import quote

HANDBOOK = "https://handbook.example.com/"


def chapter_link(path: str) -> tuple[str, str]:
    encoded = quote(path.strip("/"), safe="/")
    return HANDBOOK + encoded, encoded
