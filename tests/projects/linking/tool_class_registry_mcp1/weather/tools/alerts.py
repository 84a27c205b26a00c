from .registry import tool_type


@tool_type("alerts")
class Alerts:
    async def call(self, arguments: dict) -> str:
        region = arguments.get("area", "")  # error: MCP102
        return f"alerts for {region}"
