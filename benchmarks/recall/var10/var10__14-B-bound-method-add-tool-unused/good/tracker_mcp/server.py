from mcp.server.mcpserver import MCPServer

from .client import IssueClient
from .tools import IssueTools


def create_server(client: IssueClient | None = None) -> MCPServer:
    server = MCPServer("tracker")
    tools = IssueTools(client or IssueClient())
    for method in (tools.search_issues, tools.get_issue):
        server.add_tool(method)
    return server
