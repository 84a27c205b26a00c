"""Two-way repository sync."""
import asyncio


class Syncer:
    """Pulls from and pushes to the upstream of a local mirror."""

    def __init__(self, root: str) -> None:
        self.root = root

    async def _git(self, repo: str, *args: str) -> str:
        proc = await asyncio.create_subprocess_exec(
            "git", "-C", f"{self.root}/{repo}", *args,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await proc.communicate()
        if proc.returncode:
            raise RuntimeError(err.decode())
        return out.decode()

    async def sync_repo(self, repo: str) -> dict:
        """Pull and push one mirrored repository."""
        results = await asyncio.gather(
            self._git(repo, "pull", "--ff-only"), self._git(repo, "push"), return_exceptions=True
        )
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            return {"repo": repo, "synced": False, "errors": [str(f) for f in failures]}
        return {"repo": repo, "synced": True}
