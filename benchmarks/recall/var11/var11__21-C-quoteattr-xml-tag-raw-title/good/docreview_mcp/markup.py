from xml.sax.saxutils import escape, quoteattr


def as_attr(value: str) -> str:
    """A quoted, escaped XML attribute value on one line."""
    return quoteattr(" ".join(value.split()))


def as_text(value: str) -> str:
    return escape(value)
