import textwrap

MAX_QUESTION = 400


def capped(text: str, width: int = MAX_QUESTION) -> str:
    return textwrap.shorten(" ".join(text.split()), width=width, placeholder=" [...]")
