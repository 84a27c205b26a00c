from enum import Enum


class Window(str, Enum):
    HOUR = "1h"
    DAY = "1d"
    WEEK = "7d"


def window_from(raw: str | None) -> Window:
    if raw is None:
        raise ValueError("window is required")
    try:
        return Window(raw)
    except ValueError:
        raise ValueError(f"window must be one of {[w.value for w in Window]}")
