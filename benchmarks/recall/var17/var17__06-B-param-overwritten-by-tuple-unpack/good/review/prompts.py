from .app import mcp
from .diffs import split_header


@mcp.prompt()
def code_review(diff: str, focus: str, tone: str = "neutral") -> str:
    title, first_path = split_header(diff)
    return (
        f"Review '{title}' with a {tone} tone.\n"
        f"Focus on: {focus}\n\n{diff}"
    )
