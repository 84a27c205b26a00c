from .registry import tool_type


@tool_type("forecast")
class Forecast:
    async def call(self, arguments: dict) -> str:
        city = arguments.get("city", "")
        days = arguments.get("days", 3)  # ok: declared optional, the published default
        return f"{city}: {days} days"
