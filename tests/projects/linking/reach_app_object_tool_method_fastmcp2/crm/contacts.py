import httpx

from .core import app


@app.tool(name="get_contact")
async def get_contact(contact_id: str) -> dict:
    """Fetch one contact."""
    async with httpx.AsyncClient(base_url=app.base_url) as client:
        response = await client.get("/contacts", params={"id": contact_id})
    if response.status_code == 404:
        return {"status": "error", "message": f"contact {contact_id} does not exist"}  # error: MCP204
    response.raise_for_status()
    return response.json()
