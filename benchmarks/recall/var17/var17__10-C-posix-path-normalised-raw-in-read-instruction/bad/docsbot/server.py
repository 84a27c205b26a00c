from mcp.server.mcpserver import MCPServer

from .render import ExplainFile


def create(repo: str = "acme/platform") -> MCPServer:
    server = MCPServer("docsbot")
    explain = ExplainFile(repo)
    server.prompt(name="explain_file")(explain.__call__)
    return server
