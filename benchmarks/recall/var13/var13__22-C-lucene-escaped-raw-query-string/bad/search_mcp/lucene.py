import re

_SPECIAL = re.compile(r'([+\-=&|><!(){}\[\]^"~*?:\\/])')


def escape_term(term: str) -> str:
    """Escape Lucene query_string syntax so the term is searched literally."""
    return _SPECIAL.sub(r"\\\1", term)
