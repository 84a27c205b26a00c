from pathlib import Path

from mcp.server.mcpserver import MCPServer

from .onboarding import load_templates, onboarding_prompt


def create_server(templates_path: Path) -> MCPServer:
    server = MCPServer("onboarding")
    server.add_prompt(onboarding_prompt(load_templates(templates_path)))
    return server
