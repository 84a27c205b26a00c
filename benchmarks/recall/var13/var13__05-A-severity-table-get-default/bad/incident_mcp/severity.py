SEVERITY_SLA = {"sev1": "15 minutes", "sev2": "1 hour", "sev3": "next business day"}


def sla_for(severity: str | None) -> tuple[str, str]:
    key = severity if severity in SEVERITY_SLA else "sev3"
    return key, SEVERITY_SLA[key]
