from mcp.types import Tool

from ..registry import registry


class Price:
    name = "price"

    def spec(self) -> Tool:
        return Tool(name=self.name, description="Price of an item",
                    inputSchema={"type": "object", "properties": {"item": {"type": "string"}}, "required": ["item"]})

    async def run(self, arguments: dict) -> str:
        item = arguments.get("item")
        if not item:
            raise ValueError("item is required")
        return f"price of {item}"


registry.add(Price())
