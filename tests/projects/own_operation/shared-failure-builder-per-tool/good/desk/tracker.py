"""Ticket tracker adapter."""
import requests

URL = "https://tracker.internal/api/tickets"


def close(ticket_id: int, note: str) -> bool:
    r = requests.post(f"{URL}/{ticket_id}/close", json={"note": note}, timeout=10)
    return r.status_code == 204


def assign(ticket_id: int, user: str) -> bool:
    r = requests.put(f"{URL}/{ticket_id}/assignee", json={"user": user}, timeout=10)
    return r.ok
