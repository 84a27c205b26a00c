from urllib.parse import quote

WIKI = "https://wiki.example.com/pages/"


def page_link(path: str) -> tuple[str, str]:
    quoted = quote(path.strip("/"), safe="/")
    return WIKI + quoted, quoted
