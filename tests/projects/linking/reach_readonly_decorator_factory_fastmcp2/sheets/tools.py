from fastmcp.exceptions import ToolError

from .server import tool
from .store import SHEETS


@tool()
def list_sheets() -> list[str]:
    """Names of all sheets."""
    return sorted(SHEETS)


@tool(writes=True, name="append_row")
def append_row(sheet: str, values: list[str]) -> dict:
    """Append one row to a sheet."""
    if sheet not in SHEETS:
        return {"error": f"no sheet named {sheet}"}  # error: MCP204
    SHEETS[sheet].append(values)
    return {"rows": len(SHEETS[sheet])}
