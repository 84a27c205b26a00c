from mcp.server.mcpserver import MCPServer

from shop.tools.orders import register_order_tools


def register_everything(server: MCPServer) -> None:
    register_order_tools(server, "orders.db")
