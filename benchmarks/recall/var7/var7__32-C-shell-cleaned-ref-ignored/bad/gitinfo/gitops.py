import asyncio
import re
import shlex
from pathlib import Path

from mcp.server.mcpserver.exceptions import ToolError

REF_RE = re.compile(r"[A-Za-z0-9._/-]{1,100}")


def clean_ref(ref: str) -> str:
    ref = ref.strip()
    if not REF_RE.fullmatch(ref) or ref.startswith("-") or ".." in ref:
        raise ToolError(f"invalid git ref {ref!r}")
    return ref


async def run_git(repo: Path, args: str) -> str:
    proc = await asyncio.create_subprocess_shell(
        f"git -C {shlex.quote(str(repo))} {args}",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    if proc.returncode:
        raise ToolError(err.decode(errors="replace"))
    return out.decode(errors="replace")
