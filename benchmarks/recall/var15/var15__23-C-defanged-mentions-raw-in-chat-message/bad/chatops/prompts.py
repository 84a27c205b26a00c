from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Message

from .defang import defang

MAX = 2000


class StatusUpdate:
    def __init__(self, mcp):
        mcp.prompt(self.status_update, name="status_update")

    def status_update(self, summary: str, channel: str = "#status") -> list[Message]:
        if len(summary) > MAX:
            raise ValidationError(f"summary longer than {MAX} characters")
        safe = defang(summary)
        return [
            Message(f"Polish this status update for {channel}; keep the facts unchanged."),
            Message(summary),
        ]
