from mcp.types import Tool

from ..registry import registry


class AddToBasket:
    name = "add_to_basket"

    def spec(self) -> Tool:
        return Tool(name=self.name, description="Add an item",
                    inputSchema={"type": "object", "properties": {"item": {"type": "string"}, "count": {"type": "integer"}},
                                 "required": ["item"]})

    async def run(self, arguments: dict) -> str:
        count = arguments.get("count", 1)  # ok: optional, not published with a default but not required either
        return f"{count} x {arguments.get('itme')}"  # error: MCP102


registry.add(AddToBasket())
