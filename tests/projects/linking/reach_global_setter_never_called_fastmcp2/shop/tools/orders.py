from .registry import shop_tool

ORDERS = {"A1": "shipped"}


@shop_tool(name="order_status")
def order_status(order_id: str) -> dict:
    """The status of one order."""
    if order_id not in ORDERS:
        return {"ok": False, "error": f"unknown order {order_id}"}  # ok: use_server() is never called: the server is not known, the tool is not linted
    return {"ok": True, "status": ORDERS[order_id]}
