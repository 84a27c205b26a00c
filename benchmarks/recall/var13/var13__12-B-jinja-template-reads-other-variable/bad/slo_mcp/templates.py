from jinja2 import Environment

env = Environment(autoescape=False, trim_blocks=True)

SLO_REVIEW = env.from_string(
    "Review the SLO of {{ service }}.\n"
    "Use the error budget burned over the last {{ time_window }}.\n"
    "{% if incidents %}Incidents in that period:\n{{ incidents }}{% endif %}"
)
