import asyncio
from pathlib import Path

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


async def resolve_commit(repo: Path, ref: str) -> str:
    """The full sha of ref, or McpError(INVALID_PARAMS) when git does not know it."""
    proc = await asyncio.create_subprocess_exec(
        "git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", cwd=repo, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown git ref: {ref}"))
    return out.decode().strip()


async def diff_against(repo: Path, base: str) -> str:
    proc = await asyncio.create_subprocess_shell(
        f"git diff --stat -p {base}...HEAD | head -c 60000", cwd=repo, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    return out.decode(errors="replace")
