from fastmcp import FastMCP

from .search import SearchTools

mcp = FastMCP("wiki")
SearchTools(base_url="https://wiki.example.com/rest/api").attach(mcp)
