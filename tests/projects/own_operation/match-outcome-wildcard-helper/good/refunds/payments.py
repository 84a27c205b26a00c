"""Payment provider calls."""
import httpx


async def refund(charge_id: str, amount: int) -> dict:
    async with httpx.AsyncClient(base_url="https://pay.example.com") as c:
        r = await c.post("/refunds", json={"charge": charge_id, "amount": amount})
        return r.json()
