from fastmcp import FastMCP

from .compose import build_review


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="code_review")
    def code_review(diff: str, focus: str, language: str = "python") -> str:
        """Ask for a review of a diff.

        Args:
            diff: the unified diff
            focus: what the reviewer should look at first
        """
        return build_review(diff, focus, language)
