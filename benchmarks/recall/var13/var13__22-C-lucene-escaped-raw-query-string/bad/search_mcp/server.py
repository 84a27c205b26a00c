import os

from fastmcp import FastMCP

from .search import ArticleSearch

mcp = FastMCP("article-search")
searcher = ArticleSearch(os.environ.get("SEARCH_URL", "http://localhost:9200"))
mcp.tool(searcher.search, name="search_articles")
