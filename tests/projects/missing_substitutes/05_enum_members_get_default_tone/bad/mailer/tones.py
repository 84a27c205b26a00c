import enum


class Tone(enum.Enum):
    FORMAL = "formal and precise"
    FRIENDLY = "warm and friendly"
    NEUTRAL = "plain and neutral"


def tone_of(raw) -> Tone:
    return Tone.__members__.get(str(raw or "").upper(), Tone.NEUTRAL)  # error: MCP101
