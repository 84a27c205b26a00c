import asyncio
from operator import itemgetter
from typing import Any

WORKSPACE = "/srv/workspace"

lint_args = itemgetter("paths", "mode")


async def lint_files(args: dict[str, Any]) -> str:
    paths, mode = lint_args(args)
    argv = ["ruff", "check", *(["--fix"] if mode == "fix" else []), "--", *paths]
    proc = await asyncio.create_subprocess_exec(*argv, cwd=WORKSPACE, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return out.decode() or "no findings"


HANDLERS = {"lint_files": lint_files}
