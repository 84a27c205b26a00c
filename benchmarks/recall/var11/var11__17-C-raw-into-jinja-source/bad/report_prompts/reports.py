from jinja2 import Environment

from .teams import clean_team

env = Environment(autoescape=False, trim_blocks=True)

BODY = (
    "{% for item in highlights %}- {{ item }}\n{% endfor %}"
    "Summarise progress, risks and asks for next week."
)


def weekly_report(arguments: dict[str, str]) -> str:
    team = clean_team(arguments.get("team", ""))
    highlights = [line.strip() for line in arguments.get("highlights", "").splitlines() if line.strip()]
    template = env.from_string(f"Write the weekly status report for team {arguments['team']}.\n" + BODY)
    return template.render(highlights=highlights)
