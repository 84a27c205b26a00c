from .guides import guide_text
from .server import mcp


@mcp.prompt(description="Review code against the house style guide")
def style_review(code: str, language: str) -> str:
    return f"Review this code against our style guide.\n\nGuide:\n{guide_text(language)}\n\nCode:\n{code}"
