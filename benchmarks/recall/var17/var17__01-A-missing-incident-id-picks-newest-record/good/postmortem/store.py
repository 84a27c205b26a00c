from dataclasses import dataclass


@dataclass(frozen=True)
class Incident:
    ident: str
    title: str
    opened: str


INCIDENTS = {
    "INC-101": Incident("INC-101", "checkout latency", "2026-11-02"),
    "INC-117": Incident("INC-117", "queue backlog", "2026-11-20"),
}


def find_incident(ident: str | None) -> Incident | None:
    if not ident:
        return None
    return INCIDENTS.get(ident.strip().upper())
