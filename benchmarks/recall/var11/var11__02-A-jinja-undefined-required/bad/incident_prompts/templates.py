from jinja2 import Environment

env = Environment(autoescape=False, trim_blocks=True, lstrip_blocks=True)

TEMPLATES = {
    "postmortem": env.from_string(
        "Draft a blameless postmortem for incident {{ incident_id }} on {{ service }}.\n"
        "Cover impact, detection, root cause and follow-up actions.\n"
        "{% if timeline %}Timeline notes from the responders:\n{{ timeline }}\n{% endif %}"
    ),
}
