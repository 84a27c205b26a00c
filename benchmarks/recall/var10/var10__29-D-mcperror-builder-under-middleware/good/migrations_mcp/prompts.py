from fastmcp import FastMCP

from .errors import invalid_argument

ENGINES = ("postgres", "mysql", "sqlite")


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="plan_migration", description="Plan a zero-downtime schema migration")
    def plan_migration(change: str, engine: str = "postgres") -> str:
        if engine not in ENGINES:
            raise invalid_argument(f"engine must be one of {', '.join(ENGINES)}")
        return f"Plan a zero-downtime {engine} migration for this change: {change}"
