from dataclasses import dataclass


@dataclass
class Ticket:
    key: str
    subject: str
    last_message: str


class TicketStore:
    def __init__(self, tickets: list[Ticket] | None = None) -> None:
        self._tickets = {t.key: t for t in tickets or []}

    async def get(self, key: str) -> Ticket | None:
        return self._tickets.get(key)
