from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.prompts.base import Message, UserMessage
from mcp.types import EmbeddedResource, TextResourceContents

from .pages import DOCS_DIR, resolve_page


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="explain_policy", description="Answer a question from one handbook page")
    def explain_policy(page: str, question: str) -> list[Message]:
        path = resolve_page(page)
        body = (DOCS_DIR / f"{page}.md").read_text(encoding="utf-8")
        resource = TextResourceContents(uri=f"handbook://{path.stem}", mimeType="text/markdown", text=body)
        return [
            UserMessage(EmbeddedResource(type="resource", resource=resource)),
            UserMessage(f"Using only the handbook page above, answer: {question}"),
        ]
