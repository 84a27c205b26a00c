"""Tools registered through the imported decorator factory."""

from shop.app import safe_tool, traced

ORDERS = {"1": "open"}


@safe_tool(timeout=5)
async def order_status(order_id: str) -> dict:
    if order_id not in ORDERS:
        return {"error": f"unknown order {order_id}"}  # error: MCP204
    return {"order": order_id, "status": ORDERS[order_id]}


@safe_tool(name="cancel_order")
async def cancel(order_id: str) -> dict:
    if order_id not in ORDERS:
        return {"status": "error", "message": "no such order"}  # error: MCP204
    ORDERS[order_id] = "cancelled"
    return {"order": order_id, "status": "cancelled"}


@traced
async def archive(order_id: str) -> dict:
    if order_id not in ORDERS:
        return {"error": "no such order"}  # ok: traced registers nothing
    return {"archived": order_id}
