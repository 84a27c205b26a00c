TEMPLATES = {
    "pr_summary": (
        "Summarise the pull request '{title}' for {reviewer}.\n"
        "Keep the tone {tone}."
    ),
}


def render(name: str, **values: str) -> str:
    return TEMPLATES[name].format(**values)
