SEVERITY_SLA = {"sev1": "15 minutes", "sev2": "1 hour", "sev3": "next business day"}


def sla_for(severity: str | None) -> tuple[str, str]:
    if severity not in SEVERITY_SLA:
        raise ValueError(f"severity must be one of {', '.join(SEVERITY_SLA)}")
    key = severity
    return key, SEVERITY_SLA[key]
