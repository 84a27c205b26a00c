from fastmcp import FastMCP

from .fences import fence_for

LANGUAGES = {"python", "go", "rust", "sql"}


def explain_snippet(code: str, language: str, audience: str = "junior developer") -> str:
    """Explain a code snippet."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {sorted(LANGUAGES)}")
    fence = fence_for(code)
    return f"Explain this {language} code to a {audience}:\n```{language}\n{code}\n```"
