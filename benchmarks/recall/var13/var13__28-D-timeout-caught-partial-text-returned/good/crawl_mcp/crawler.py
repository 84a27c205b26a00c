import asyncio

import httpx


async def crawl(client: httpx.AsyncClient, urls: list[str], found: list[str]) -> None:
    for url in urls:
        resp = await client.get(url)
        if resp.status_code == 404:
            found.append(url)
