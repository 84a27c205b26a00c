import uuid

TICKETS = {
    uuid.UUID("5f0c6a52-7a5e-4c1b-9d53-0b6f1b2c9e11"): "Login page times out on Safari",
}


def ticket_title(ticket_id: str) -> str:
    key = uuid.UUID(ticket_id)
    return TICKETS.get(key, "(untitled ticket)")
