from .errors import bad_argument

LANGS = {"de": "German", "fr": "French", "ja": "Japanese"}


def language_name(code: str) -> str:
    try:
        return LANGS[code.lower()]
    except KeyError:
        raise bad_argument(f"unsupported language {code!r}") from None
