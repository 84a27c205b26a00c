from mcp.server.mcpserver import MCPServer

from .templates import RELEASE_NOTES, fill


def register_prompts(server: MCPServer) -> None:
    @server.prompt(name="release_notes")
    def release_notes(product: str, version: str, tone: str, audience: str = "end users") -> str:
        return fill(RELEASE_NOTES, product=product, version=version, tone=tone, audience=audience)
