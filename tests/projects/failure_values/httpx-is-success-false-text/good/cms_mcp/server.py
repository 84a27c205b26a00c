import os

from fastmcp import FastMCP

from .pages import PageTools

mcp = FastMCP("cms")
PageTools(os.environ.get("CMS_URL", "https://cms.example.com/api")).attach(mcp)
