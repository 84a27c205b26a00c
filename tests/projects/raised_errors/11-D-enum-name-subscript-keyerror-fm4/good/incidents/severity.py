from enum import Enum


class Severity(Enum):
    LOW = "fix this week"
    HIGH = "fix today"
    CRITICAL = "page the on-call now"


def urgency(level: str) -> str:
    return Severity[level.upper()].value
