from mcp.server.fastmcp import FastMCP

from .calendar_api import CalendarClient
from .tools import register

mcp = FastMCP("calendar")
register(mcp, CalendarClient.from_env())
