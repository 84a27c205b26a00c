from .refs import parse_ticket


class TicketPrompts:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    def plan_fix(self, ticket: str, constraints: str = "") -> str:
        ref = parse_ticket(ticket)
        link = f"{self.base_url}/browse/{ref.key}"
        return f"Plan a fix for {ticket} ({link}). Constraints: {constraints or 'none'}."
