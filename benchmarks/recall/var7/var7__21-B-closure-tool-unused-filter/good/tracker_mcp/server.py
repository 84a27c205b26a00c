import os

from fastmcp import FastMCP

from .client import IssueClient
from .tools import register_tools

mcp = FastMCP("tracker")
register_tools(mcp, IssueClient(os.environ["TRACKER_URL"], os.environ["TRACKER_TOKEN"]))
