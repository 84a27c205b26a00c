from typing import Any

from fastmcp.exceptions import ValidationError


def split_locale_args(arguments: dict[str, Any] | None) -> tuple[str, str, dict[str, Any]]:
    rest = dict(arguments or {})
    text = rest.pop("text", None)
    if not text:
        raise ValidationError("text is required")
    target = rest.pop("target_locale", None)
    if not target:
        raise ValidationError("target_locale is required")
    return text, target.replace("_", "-"), rest
