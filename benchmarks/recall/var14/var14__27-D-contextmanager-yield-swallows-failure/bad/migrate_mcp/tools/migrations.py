from mcp.server.fastmcp.exceptions import ToolError

from ..audit import journaled
from ..server import mcp

KNOWN = {"0041_add_index": "CREATE INDEX ...", "0042_bad": "ALTER TABLE missing ..."}


def run_sql(statement: str) -> None:
    if "missing" in statement:
        raise RuntimeError("relation 'missing' does not exist")


@mcp.tool()
def apply_migration(name: str, dry_run: bool = False) -> str:
    """Apply one database migration."""
    if name not in KNOWN:
        raise ToolError(f"unknown migration {name}")
    if dry_run:
        return f"would run: {KNOWN[name]}"
    with journaled(name):
        run_sql(KNOWN[name])
    return f"applied {name}"
