from mcp.server.mcpserver import MCPServer

from .tones import Tone


def register(server: MCPServer) -> None:
    @server.prompt(name="draft_email", description="Draft an email")
    def draft_email(recipient: str, purpose: str, tone: str = "neutral") -> str:
        style = Tone(tone.strip().lower())
        return f"Draft an email to {recipient} about {purpose}. {style.instruction}"
