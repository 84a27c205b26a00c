import os
from pathlib import Path

from fastmcp import FastMCP

from .runner import Migrator
from .tools import MigrationTools


def build() -> FastMCP:
    mcp = FastMCP("migrate")
    db = Path(os.environ.get("APP_DB", "app.db"))
    MigrationTools(Migrator(db, Path("migrations"))).install(mcp)
    return mcp
