from enum import StrEnum

from fastmcp.exceptions import PromptError

from .registry import registry


class Language(StrEnum):
    GERMAN = "de"
    FRENCH = "fr"
    JAPANESE = "ja"


@registry.register
def translate_ui(text: str, target: str) -> str:
    try:
        lang = Language(target.lower())
    except ValueError as exc:
        raise PromptError(f"unsupported target language {target!r}") from exc
    return f"Translate these UI strings into {lang.value}, keeping placeholders intact:\n\n{text}"
