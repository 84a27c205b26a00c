import time
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass
class ProbeResult:
    url: str
    status: int
    elapsed_ms: int


async def probe(url: str, **options: Any) -> ProbeResult:
    timeout = float(options.get("timeout_s", 10.0))
    follow = bool(options.get("follow_redirects", True))
    started = time.monotonic()
    async with httpx.AsyncClient(timeout=timeout, follow_redirects=follow) as client:
        response = await client.get(url)
    return ProbeResult(url, response.status_code, int((time.monotonic() - started) * 1000))
