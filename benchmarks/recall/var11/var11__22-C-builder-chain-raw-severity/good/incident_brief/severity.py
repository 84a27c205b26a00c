LEVELS = {
    "sev1": "SEV1", "1": "SEV1", "critical": "SEV1",
    "sev2": "SEV2", "2": "SEV2", "major": "SEV2",
    "sev3": "SEV3", "3": "SEV3", "minor": "SEV3",
}
PLAYBOOK = {
    "SEV1": "Page the incident commander and open a bridge now.",
    "SEV2": "Notify the owning team's on-call within 15 minutes.",
    "SEV3": "File a ticket for the next business day.",
}


def normalize_severity(raw: str) -> str:
    key = raw.strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown severity {raw!r}; use sev1, sev2 or sev3")
    return LEVELS[key]
