def review_text(code: str, language: str = "the source") -> str:
    return f"Review this {language} code for bugs:\n\n{code}"
