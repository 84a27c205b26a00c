from enum import Enum

ALIASES = {"formal": "FORMAL", "polite": "FORMAL", "casual": "CASUAL", "friendly": "CASUAL", "neutral": "NEUTRAL"}


class Tone(Enum):
    FORMAL = "formal"
    CASUAL = "casual"
    NEUTRAL = "neutral"

    @classmethod
    def _missing_(cls, value: object) -> "Tone | None":
        key = ALIASES.get(str(value).strip().lower())
        return cls[key] if key else cls.NEUTRAL
