from .registry import handles


@handles("count")
async def count(arguments: dict) -> str:
    sku = arguments.get("sku", "")
    return f"{sku}: 4"


@handles("restock")
async def restock(arguments: dict) -> str:
    sku = arguments.get("sku", "")
    amount = arguments.get("quantity", 1)  # error: MCP102
    return f"{sku} +{amount}"
