from fastmcp import FastMCP

from .filters import parse_filters


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt(name="dashboard_query")
    def dashboard_query(metric: str, filters: str = "{}") -> str:
        where = " AND ".join(f"{k} = {v!r}" for k, v in parse_filters(filters).items())
        return f"Write a query for {metric}" + (f" where {where}." if where else ".")
