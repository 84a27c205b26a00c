from collections.abc import Mapping
from dataclasses import dataclass

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

LEVELS = ("beginner", "intermediate", "advanced")


def _invalid(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))


@dataclass(frozen=True)
class Lesson:
    topic: str
    level: str
    sessions: int


def validate_lesson(raw: Mapping[str, str]) -> Lesson:
    topic = raw.get("topic", "").strip()[:200]
    if not topic:
        raise _invalid("topic is required")
    level = raw.get("level", "").strip().lower()
    if level not in LEVELS:
        raise _invalid(f"level must be one of {', '.join(LEVELS)}")
    try:
        sessions = int(raw.get("sessions", "").strip())
    except ValueError:
        raise _invalid("sessions must be a whole number") from None
    if not 1 <= sessions <= 20:
        raise _invalid("sessions must be between 1 and 20")
    return Lesson(topic=topic, level=level, sessions=sessions)
