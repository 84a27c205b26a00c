STOCK = {"bolt": 120, "nut": 0}


def stock_level(sku: str) -> str:
    """How many of an item are in stock."""
    if sku not in STOCK:
        return f"unknown sku {sku}"  # error: MCP204
    return str(STOCK[sku])


def restock(sku: str, count: int) -> str:
    """Add items to the stock."""
    STOCK[sku] = STOCK.get(sku, 0) + count
    return str(STOCK[sku])


TOOLS = {fn.__name__: fn for fn in (stock_level, restock)}
