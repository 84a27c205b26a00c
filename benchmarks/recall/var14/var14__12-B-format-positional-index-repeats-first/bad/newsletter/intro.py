from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .texts import INTRO


def register_intro(server: MCPServer) -> None:
    @server.prompt(name="newsletter_intro")
    def newsletter_intro(title: str, highlights: str, max_words: int = 120) -> str:
        if max_words < 30:
            raise MCPError(code=INVALID_PARAMS, message="max_words must be at least 30")
        return INTRO.format(title, highlights, max_words)
