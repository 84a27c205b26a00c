from fastmcp import FastMCP

from .sanitize import clean_text


class FeedbackPrompts:
    def __init__(self, mcp: FastMCP) -> None:
        mcp.prompt(self.summarize_feedback)

    def summarize_feedback(self, feedback: str, product: str) -> str:
        """Summarize one piece of customer feedback."""
        cleaned = clean_text(feedback)
        return (
            f"Summarize this customer feedback about {product} in three bullets, then rate its urgency.\n"
            f"<feedback>\n{feedback}\n</feedback>"
        )
