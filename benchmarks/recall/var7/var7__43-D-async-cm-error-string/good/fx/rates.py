from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx


class RateNotFound(Exception):
    pass


class Rates:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def lookup(self, base: str, quote: str) -> float:
        resp = await self.client.get("/latest", params={"base": base, "symbols": quote})
        if resp.status_code == 404:
            raise RateNotFound(f"no rate for {base}/{quote}")
        resp.raise_for_status()
        return float(resp.json()["rates"][quote])


@asynccontextmanager
async def rates_session() -> AsyncIterator[Rates]:
    async with httpx.AsyncClient(base_url="https://fx.internal.example", timeout=10) as client:
        yield Rates(client)
