def header(focus: str, language: str) -> str:  # error: MCP103
    return f"Review this {language} change."


def build_review(diff: str, focus: str, language: str) -> str:
    intro = header(focus, language)
    return f"{intro}\n\n```{language}\n{diff}\n```"
