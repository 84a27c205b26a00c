TRIAGE = (
    "Triage ticket {ticket} (reported priority {priority}).\n"
    "Say who should own it, whether the priority is right, and what the first step is."
)


def render_triage(*, ticket: str, priority: str = "P3") -> str:
    return TRIAGE.format(ticket=ticket, priority=priority)
