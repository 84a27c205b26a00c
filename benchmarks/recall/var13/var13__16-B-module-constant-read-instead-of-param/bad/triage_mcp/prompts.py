from fastmcp import FastMCP

from .defaults import LABELS


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt
    def triage_issue(issue_url: str, labels: str = LABELS) -> str:
        """Triage a GitHub issue.

        Args:
            issue_url: Link to the issue
            labels: Comma-separated labels the triager may use
        """
        allowed = [label.strip() for label in LABELS.split(",")]
        return f"Triage {issue_url}. Pick labels only from: {', '.join(allowed)}. Explain each choice in one line."
