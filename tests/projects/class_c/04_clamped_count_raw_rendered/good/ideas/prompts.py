from mcp.server.mcpserver import MCPServer

from .limits import clamp_count


def add_prompts(app: MCPServer) -> None:
    @app.prompt(name="brainstorm")
    def brainstorm(topic: str, count: str = "5") -> str:
        n = clamp_count(count)
        return f"Give me {n} distinct ideas about {topic}, one per line."
