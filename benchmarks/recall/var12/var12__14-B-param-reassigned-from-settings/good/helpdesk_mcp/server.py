from fastmcp import FastMCP

from .client import HelpdeskClient
from .settings import SETTINGS
from .tools import register

mcp = FastMCP("helpdesk")
register(mcp, HelpdeskClient(SETTINGS.base_url))
