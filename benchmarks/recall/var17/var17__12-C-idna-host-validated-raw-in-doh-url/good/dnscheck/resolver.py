import httpx

DOH = "https://dns.example.net/dns-query"


async def lookup(raw_host: str, host: str, rtype: str) -> dict:
    url = f"{DOH}?name={host}&type={rtype}"
    async with httpx.AsyncClient(timeout=5) as client:
        resp = await client.get(url, headers={"accept": "application/dns-json"})
        resp.raise_for_status()
        return resp.json()
