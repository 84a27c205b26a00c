from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .links import WIKI, page_link


class WikiPrompts:
    def __init__(self, mcp: FastMCP) -> None:
        mcp.prompt(self.update_page, name="update_wiki_page")

    def update_page(self, page: str, change: str) -> str:
        if ".." in page.split("/"):
            raise ValidationError("page must not contain '..'")
        url, _ = page_link(page)
        return (
            f"Update the wiki page below with this change: {change}\n"
            f"Page: [{page}]({url})"
        )
