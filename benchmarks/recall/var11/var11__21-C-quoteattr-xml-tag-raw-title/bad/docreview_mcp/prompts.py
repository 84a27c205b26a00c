from fastmcp import FastMCP

from .markup import as_attr, as_text


def register(mcp: FastMCP) -> None:
    @mcp.prompt
    def review_document(title: str, body: str, audience: str = "engineers") -> str:
        """Review a document for clarity."""
        title_attr = as_attr(title)
        return (
            f'<document title="{title}">\n{as_text(body)}\n</document>\n'
            f"Review the document above for {audience}: unclear steps, missing context, wrong facts."
        )
