import traceback

from fastmcp import FastMCP

from .runner import Migrator


class MigrationTools:
    def __init__(self, migrator: Migrator):
        self.migrator = migrator

    def apply_migration(self, version: str, dry_run: bool = False) -> str:
        if dry_run:
            return f"would apply {version}"
        try:
            return self.migrator.apply(version)
        except Exception:
            return traceback.format_exc()

    def install(self, mcp: FastMCP) -> None:
        mcp.tool(self.apply_migration, name="apply_migration")
