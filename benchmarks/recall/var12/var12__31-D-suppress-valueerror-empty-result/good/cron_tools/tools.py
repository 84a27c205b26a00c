from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from .cron import next_runs


def add_cron_tools(mcp: FastMCP) -> None:
    @mcp.tool
    def preview_cron(expression: str, count: int = 5) -> list[str]:
        """Show the next run times of a cron expression.

        Args:
            expression: Cron expression, e.g. '*/15 9 * * *'.
            count: How many run times to show (1-20).
        """
        if not 1 <= count <= 20:
            raise ToolError("count must be between 1 and 20")
        try:
            runs = next_runs(expression, count)
        except ValueError as exc:
            raise ToolError(f"invalid cron expression: {exc}") from exc
        return runs
