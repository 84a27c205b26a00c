import string
from collections.abc import Mapping, Sequence
from typing import Any


class LenientFormatter(string.Formatter):
    """str.format that leaves a field blank instead of failing when it has no value."""

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "")
        return super().get_value(key, args, kwargs)


render_template = LenientFormatter().format
