import asyncio


class RsyncClient:
    def __init__(self, dest_root: str):
        self.dest_root = dest_root

    async def sync(self, source: str, delete: bool = False) -> int:
        argv = ["rsync", "-a", *(["--delete"] if delete else []), source, self.dest_root]
        proc = await asyncio.create_subprocess_exec(*argv)
        return await proc.wait()
