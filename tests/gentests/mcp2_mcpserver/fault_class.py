# expect-fail: test_prompt_review_empty_branch
"""Planted fault in a server kept by a class: an empty required branch silently becomes "main"."""

import re

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS


class ReviewApp:
    def __init__(self, repository: str = "demo") -> None:
        self.repository = repository
        self.mcp = MCPServer("gentests-class")

        @self.mcp.prompt()
        def review(branch: str, ticket: str) -> str:
            """Review a branch for a ticket."""
            if not re.fullmatch(r"[a-z]+-\d+", ticket):
                raise MCPError(code=INVALID_PARAMS, message="ticket must look like web-12")
            branch = branch or "main"
            return f"Review {self.repository}@{branch} for {ticket}"
