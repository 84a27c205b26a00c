import asyncio
from pathlib import Path

import httpx


async def _one(client: httpx.AsyncClient, url: str, dest: Path) -> None:
    resp = await client.get(url)
    resp.raise_for_status()
    dest.joinpath(url.rsplit("/", 1)[-1] or "index").write_bytes(resp.content)


async def mirror_all(urls: list[str], dest: Path) -> str:
    dest.mkdir(parents=True, exist_ok=True)
    failed = 0
    try:
        async with httpx.AsyncClient(timeout=10) as client, asyncio.TaskGroup() as tg:
            for url in urls:
                tg.create_task(_one(client, url, dest))
    except* (OSError, httpx.HTTPError) as group:
        failed = len(group.exceptions)
    if failed:
        raise RuntimeError(f"{failed} of {len(urls)} downloads failed")
    return f"mirrored {len(urls)} files into {dest}"
