from fastmcp import FastMCP

from .templates import OUTLINE


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="article_outline", description="Outline an article")
    def article_outline(title: str, sections: int = 5, tone: str = "neutral") -> str:
        return OUTLINE.format_map(locals())
