"""Prompt bodies; each takes the prompt arguments as keyword arguments."""


def code_review(code: str, language: str = "python") -> str:
    return f"Review this {language} code for bugs and style:\n\n{code}"


def explain(code: str, audience: str = "a new team member") -> str:
    return f"Explain this code to {audience}:\n\n{code}"
