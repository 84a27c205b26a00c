import re
from dataclasses import dataclass

from mcp import MCPError
from mcp.types import INVALID_PARAMS

TICKET_RE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9]+)-(\d+)\s*$")


@dataclass(frozen=True)
class TicketRef:
    project: str
    number: int

    @property
    def key(self) -> str:
        return f"{self.project}-{self.number}"


def parse_ticket(value: str) -> TicketRef:
    match = TICKET_RE.match(value)
    if match is None:
        raise MCPError(code=INVALID_PARAMS, message=f"not a ticket key: {value!r}")
    return TicketRef(match.group(1).upper(), int(match.group(2)))
