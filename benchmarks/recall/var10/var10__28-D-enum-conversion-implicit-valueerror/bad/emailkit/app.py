from mcp.server.mcpserver import MCPServer

from .prompts import register

server = MCPServer("emailkit")
register(server)

if __name__ == "__main__":
    server.run()
