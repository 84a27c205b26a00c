from mcp.server.mcpserver import MCPServer

from .langs import language_name


def add_prompts(server: MCPServer) -> None:
    @server.prompt()
    def translate_release_notes(notes: str, language: str, tone: str = "neutral") -> str:
        name = language_name(language)
        return f"Translate these release notes into {name}, keeping a {tone} tone:\n{notes}"


def create() -> MCPServer:
    server = MCPServer("l10n")
    add_prompts(server)
    return server
