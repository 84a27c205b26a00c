from fastmcp.exceptions import ValidationError

CANONICAL = {"en": "en-US", "en-us": "en-US", "de": "de-DE", "pt-br": "pt-BR", "ja": "ja-JP"}


def canonical_tag(raw: str) -> str:
    tag = CANONICAL.get(raw.strip().lower().replace("_", "-"))
    if tag is None:
        raise ValidationError(f"unsupported language {raw!r}")
    return tag
