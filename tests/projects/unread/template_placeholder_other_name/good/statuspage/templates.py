from string import Template

INCIDENT_UPDATE = Template(
    "Status update for $service.\n"
    "Customer impact: $impact\n"
    "Next update in $next_update minutes."
)
