from mcp.server.mcpserver import MCPServer

from .prompts import add_prompts


def make_app() -> MCPServer:
    app = MCPServer("ideas")
    add_prompts(app)
    return app


app = make_app()
