WELCOME = "Welcome {name} to the {team} team! Your first task: {first_task}."


def fill(template: str, context: dict[str, str]) -> str:
    return template.format(**context)
