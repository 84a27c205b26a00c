import enum

from mcp import MCPError
from mcp.types import INVALID_PARAMS


class Tone(enum.Enum):
    FORMAL = "formal and precise"
    FRIENDLY = "warm and friendly"
    NEUTRAL = "plain and neutral"


def tone_of(raw) -> Tone:
    key = str(raw or "").upper()
    if key not in Tone.__members__:
        raise MCPError(code=INVALID_PARAMS, message="tone must be formal, friendly or neutral")
    return Tone.__members__[key]
