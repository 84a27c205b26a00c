from mcp.server.mcpserver import MCPServer


def register(server: MCPServer) -> None:
    @server.prompt(name="release_notes")
    def release_notes(version: str, tone: str = "neutral") -> str:
        header = f"Use a {tone} tone."
        header = header.strip()
        return f"{header}\nWrite release notes for {version}; list breaking changes first."
