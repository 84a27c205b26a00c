import mcp.types as types


class Handlers:
    def __init__(self, db: dict) -> None:
        self.db = db

    async def dispatch(self, name: str, arguments: dict) -> list[types.TextContent]:
        method = getattr(self, f"tool_{name}", None)
        if method is None:
            raise ValueError(f"Unknown tool: {name}")
        return await method(arguments)

    async def tool_find_customer(self, arguments: dict) -> list[types.TextContent]:
        email = arguments.get("mail")  # error: MCP102
        return [types.TextContent(type="text", text=str(self.db.get(email)))]
