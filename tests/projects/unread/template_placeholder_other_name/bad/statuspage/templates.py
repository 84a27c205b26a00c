from string import Template

INCIDENT_UPDATE = Template(
    "Status update for $service.\n"  # error: MCP102
    "Customer impact: $impact\n"
    "Next update in $next_update_minutes minutes."
)
