import os

from mcp.server.fastmcp import FastMCP

from .store import CustomerStore
from .tools import register

mcp = FastMCP("crm")
register(mcp, CustomerStore(os.environ.get("CRM_DB", "crm.sqlite3")))

if __name__ == "__main__":
    mcp.run()
