import fnmatch


class CdnApi:
    def __init__(self) -> None:
        self.cache: dict[str, bytes] = {}

    async def match(self, pattern: str) -> list[str]:
        return [k for k in self.cache if fnmatch.fnmatch(k, pattern)]

    async def purge(self, pattern: str) -> int:
        keys = await self.match(pattern)
        for key in keys:
            del self.cache[key]
        return len(keys)
