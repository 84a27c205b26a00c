from pathlib import Path

from mcp.server.mcpserver import MCPServer

from .prompts import ReviewPrompts


def create_server(root: Path) -> MCPServer:
    server = MCPServer("code-review")
    prompts = ReviewPrompts(root)
    server.prompt(name="review_module", description="Review one package")(prompts.review_module)
    return server
