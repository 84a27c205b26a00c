import statistics
from pathlib import Path

from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .tables import load_table


def register(mcp: FastMCP, data_dir: Path) -> None:
    @mcp.tool()
    async def column_stats(file: str, column: str, ctx: Context) -> str:
        """Mean, median and range of a numeric CSV column."""
        table = load_table(data_dir, file)
        if column not in table.columns:
            await ctx.error(f"no column {column!r} in {file}; columns: {', '.join(table.columns)}")
            raise ToolError(f"no column {column!r} in {file}")
        values = [float(row[column]) for row in table.rows if row[column].strip()]
        if not values:
            return f"{column} has no values"
        return (
            f"{column}: n={len(values)} mean={statistics.fmean(values):.3f} "
            f"median={statistics.median(values):.3f} min={min(values)} max={max(values)}"
        )
