from mcp.server.mcpserver import MCPServer

from .prompts import TicketPrompts


def build(base_url: str = "https://jira.example.com") -> MCPServer:
    server = MCPServer("jira-prompts")
    pack = TicketPrompts(base_url)
    server.prompt(name="plan_fix", description="Plan a fix for a ticket")(pack.plan_fix)
    return server
