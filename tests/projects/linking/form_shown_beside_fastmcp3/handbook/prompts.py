"""Handbook prompts registered by a class on the server it is given."""
from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .links import chapter_link


class HandbookPrompts:
    def __init__(self, mcp: FastMCP) -> None:
        mcp.prompt(self.revise, name="revise_chapter")

    def revise(self, chapter: str, note: str) -> str:
        if ".." in chapter.split("/"):
            raise ValidationError("chapter must not climb out of the handbook")  # error: MCP201
        url, _ = chapter_link(chapter)
        return f"Revise the chapter below: {note}\nChapter: [{chapter}]({url})"  # ok: link text beside its quoted target

