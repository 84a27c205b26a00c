import re
import unicodedata

from fastmcp.exceptions import ValidationError

# C0 controls (except tab/newline), DEL, zero-width and bidi override characters.
_HIDDEN = re.compile("[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(raw: str, limit: int = 4000) -> str:
    text = _HIDDEN.sub("", unicodedata.normalize("NFKC", raw)).strip()
    if not text:
        raise ValidationError("feedback is empty")
    return text[:limit]
