"""The server is annotated with the project subclass as a string (imported for type
checking only), and the tools are added in a loop over literal rows."""
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import WarehouseServer

STOCK = {"bolt": 10, "nut": 4}


def register_stock_tools(server: "WarehouseServer", enabled: tuple[str, ...]) -> None:
    def count_item(item: str) -> str:
        try:
            return json.dumps({"count": STOCK[item]})
        except KeyError:
            return json.dumps({"error": f"unknown item {item}"})  # error: MCP204

    def move_item(item: str, to: str) -> str:
        return json.dumps({"moved": item, "to": to})  # ok: nothing fails here

    for key, fn, text in [
        ("count", count_item, "Count an item"),
        ("move", move_item, "Move an item"),
    ]:
        if key in enabled:
            server.add_tool(fn, name=f"stock_{key}", description=text)
