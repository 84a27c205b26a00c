import asyncio
from pathlib import Path


class Repo:
    def __init__(self, root: Path) -> None:
        self.root = root

    async def _git(self, *args: str) -> str:
        proc = await asyncio.create_subprocess_exec("git", *args, cwd=self.root, stdout=asyncio.subprocess.PIPE)
        out, _ = await proc.communicate()
        if proc.returncode:
            raise RuntimeError(f"git {args[0]} failed")
        return out.decode().strip()

    async def commit(self, paths: list[str], message: str, amend: bool = False) -> str:
        await self._git("add", "--", *paths)
        await self._git("commit", "-m", message, *(["--amend"] if amend else []))
        return await self._git("rev-parse", "HEAD")
