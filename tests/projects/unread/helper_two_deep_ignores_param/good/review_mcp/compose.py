def header(focus: str, language: str) -> str:
    return f"Review this {language} change, concentrating on {focus}."


def build_review(diff: str, focus: str, language: str) -> str:
    intro = header(focus, language)
    return f"{intro}\n\n```{language}\n{diff}\n```"
