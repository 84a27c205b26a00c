import os

from mcp.server.mcpserver import MCPServer

from .client import GraphQLClient
from .tools import register


def create_server() -> MCPServer:
    mcp = MCPServer("gh-graphql")
    register(mcp, GraphQLClient(os.environ.get("GITHUB_TOKEN", "")))
    return mcp
