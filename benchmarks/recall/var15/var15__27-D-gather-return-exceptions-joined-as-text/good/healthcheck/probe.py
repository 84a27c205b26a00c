import asyncio

import httpx


async def probe(client: httpx.AsyncClient, url: str) -> str:
    resp = await client.get(url, timeout=5)
    resp.raise_for_status()
    return f"{url}: {resp.status_code}"


async def probe_all(urls: list[str]) -> list[str | BaseException]:
    async with httpx.AsyncClient() as client:
        return await asyncio.gather(*(probe(client, u) for u in urls), return_exceptions=True)
