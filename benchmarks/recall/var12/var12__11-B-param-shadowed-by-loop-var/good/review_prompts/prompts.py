from .app import mcp
from .style import STYLE_GUIDES, detect_languages


@mcp.prompt()
def code_review(
    diff: str,
    language: str,
    strictness: str = "normal",
) -> str:
    """Review a diff written mainly in the given language."""
    notes = []
    for lang in detect_languages(diff):
        notes.append(STYLE_GUIDES.get(lang, ""))
    guide = "\n".join(note for note in notes if note)
    return (
        f"Review this {language} change with {strictness} strictness.\n"
        f"{guide}\n\n{diff}"
    )
