from enum import StrEnum

from mcp import MCPError
from mcp.types import INVALID_PARAMS


class Tone(StrEnum):
    NEUTRAL = "neutral"
    FRIENDLY = "friendly"
    FORMAL = "formal"

    @property
    def instruction(self) -> str:
        return INSTRUCTIONS[self]

    @classmethod
    def parse(cls, value: str) -> "Tone":
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise MCPError(code=INVALID_PARAMS, message=f"tone must be one of {[t.value for t in cls]}") from None


INSTRUCTIONS = {
    Tone.NEUTRAL: "Keep it plain and short.",
    Tone.FRIENDLY: "Be warm; a first-name greeting is fine.",
    Tone.FORMAL: "Use a formal salutation and no contractions.",
}
