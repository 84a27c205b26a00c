"""Tools registered through a decorator of a third module."""

from shop.decorators import catalog_tool

PRICES = {"apple": 2}


@catalog_tool
async def price(item: str) -> dict:
    if item not in PRICES:
        return {"error": "unknown item"}  # error: MCP204
    return {"item": item, "price": PRICES[item]}


@catalog_tool
async def items() -> list[str]:
    return sorted(PRICES)  # ok: a plain result
