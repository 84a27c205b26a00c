TEMPLATE = """Review this diff with a focus on {focus}. Severity threshold: {threshold}.

{diff}
"""


def render(context: dict[str, str]) -> str:
    return TEMPLATE.format(**context)
