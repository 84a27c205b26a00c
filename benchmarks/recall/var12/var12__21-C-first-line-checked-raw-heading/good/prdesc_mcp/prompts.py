from fastmcp import FastMCP
from fastmcp.prompts.prompt import Message

from .text import STYLES, one_line


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="pr_description")
    def pr_description(title: str, diff: str, style: str = "conventional") -> list[Message]:
        """Write a pull-request description."""
        if style not in STYLES:
            raise ValueError(f"style must be one of {', '.join(STYLES)}")
        heading = one_line(title)
        return [
            Message(f"# {heading}\n\nWrite the description for this pull request in the {style} style."),
            Message(f"Title (keep it exactly): {heading}\n\n```diff\n{diff}\n```"),
        ]
