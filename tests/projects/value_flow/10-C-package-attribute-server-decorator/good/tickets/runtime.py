import sqlite3

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("tickets")
db = sqlite3.connect("tickets.db", check_same_thread=False)
