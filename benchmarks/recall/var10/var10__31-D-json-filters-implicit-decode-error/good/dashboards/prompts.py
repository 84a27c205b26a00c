from fastmcp import FastMCP

from .filters import parse_filters


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="dashboard_summary", description="Summarise a dashboard")
    def dashboard_summary(dashboard: str, filters: str = "") -> str:
        applied = parse_filters(filters)
        scope = ", ".join(f"{k}={v}" for k, v in sorted(applied.items())) or "no filters"
        return f"Summarise the {dashboard} dashboard ({scope}): trends, anomalies, and what to check next."
