import httpx


def tool(fn=None, **_):
    """Local stand-in while drafting: registers nothing."""
    return fn if fn is not None else (lambda f: f)


@tool()
async def radar(city: str) -> str:
    async with httpx.AsyncClient() as client:
        try:
            response = await client.get("https://radar.example", params={"q": city})
        except httpx.HTTPError as exc:
            return f"Radar request failed: {exc}"  # ok: radar uses drafts.tool, a no-op: it is not a registered tool
    return response.text
