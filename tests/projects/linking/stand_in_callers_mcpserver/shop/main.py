"""The server is handed to the tool modules here; the tests hand them a mock, and an unused
aggregator a typed parameter nobody fills: neither serves anything (mcp 2.x MCPServer)."""
from mcp.server.mcpserver import MCPServer

from shop.tools.orders import register_order_tools

server = MCPServer("shop")
register_order_tools(server, "orders.db")
