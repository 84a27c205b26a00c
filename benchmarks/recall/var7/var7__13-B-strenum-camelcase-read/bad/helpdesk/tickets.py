import httpx

API = "https://helpdesk.internal.example/api/tickets"


async def load_ticket(ticket_id: str, full: bool = False) -> str:
    async with httpx.AsyncClient() as client:
        resp = await client.get(API, params={"id": ticket_id, "full": int(full)})
        resp.raise_for_status()
        return resp.text
