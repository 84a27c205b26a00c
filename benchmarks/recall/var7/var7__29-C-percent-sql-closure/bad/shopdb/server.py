import os

from mcp.server.fastmcp import FastMCP

from . import orders

mcp = FastMCP("shop-db")
orders.register(mcp, os.environ.get("SHOP_DB", "shop.db"))
