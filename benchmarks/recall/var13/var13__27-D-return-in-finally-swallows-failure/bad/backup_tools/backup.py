import asyncio
import shutil
import tempfile
from pathlib import Path
from typing import Any

from mcp import types


async def _dump(database: str, target: Path) -> None:
    proc = await asyncio.create_subprocess_exec("pg_dump", "--format=custom", f"--file={target}", database)
    if await proc.wait() != 0:
        raise RuntimeError(f"pg_dump of {database} failed with exit code {proc.returncode}")


async def run_backup(arguments: dict[str, Any]) -> list[types.TextContent]:
    database = arguments["database"]
    workdir = Path(tempfile.mkdtemp(prefix="backup-"))
    lines = [f"backup of {database} started"]
    try:
        await _dump(database, workdir / f"{database}.dump")
        shutil.move(workdir / f"{database}.dump", f"/backups/{database}.dump")
        lines.append(f"stored /backups/{database}.dump")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        return [types.TextContent(type="text", text="\n".join(lines))]
