"""The registration functions are listed in a module-level tuple and called in a loop
(mcp 2.x MCPServer)."""
from mcp.server.mcpserver import MCPServer

from inventory import stock, suppliers

REGISTRARS = (stock.register_stock_tools, suppliers.register_supplier_tools)

server = MCPServer("inventory")

for register in REGISTRARS:
    register(server)
