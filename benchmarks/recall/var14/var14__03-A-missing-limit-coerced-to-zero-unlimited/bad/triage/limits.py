MAX_TICKETS = 200


def ticket_limit(raw: str | None) -> int:
    limit = int(raw or 0)
    if limit == 0:
        return MAX_TICKETS
    return min(limit, MAX_TICKETS)
