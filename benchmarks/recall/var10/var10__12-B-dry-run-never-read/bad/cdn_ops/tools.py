from typing import Any

from .api import CdnApi


class ToolInputError(Exception):
    pass


def _pattern(args: dict[str, Any]) -> str:
    pattern = args.get("pattern")
    if not isinstance(pattern, str) or not pattern.strip():
        raise ToolInputError("pattern is required")
    return pattern.strip()


class CdnTools:
    def __init__(self, api: CdnApi) -> None:
        self.api = api

    async def purge_cache(self, args: dict[str, Any]) -> str:
        pattern = _pattern(args)
        return f"Purged {await self.api.purge(pattern)} entries matching {pattern}"

    async def cache_size(self, args: dict[str, Any]) -> str:
        pattern = _pattern(args)
        return f"{len(await self.api.match(pattern))} entries match {pattern}"
