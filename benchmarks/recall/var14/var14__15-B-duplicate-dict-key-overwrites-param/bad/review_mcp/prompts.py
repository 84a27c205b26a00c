from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .render import render

FOCUS_AREAS = {"security", "performance", "readability", "general"}


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt(name="code_review")
    def code_review(diff: str, focus: str, threshold: str = "minor") -> str:
        if focus not in FOCUS_AREAS:
            raise ValidationError(f"focus must be one of {sorted(FOCUS_AREAS)}")
        context = {
            "diff": diff,
            "focus": focus,
            "threshold": threshold,
            "focus": "general",
        }
        return render(context)
