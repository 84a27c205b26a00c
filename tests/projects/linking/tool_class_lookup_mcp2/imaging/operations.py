"""One class per tool; the server looks the class up by the tool's name."""


class Resize:
    async def execute(self, arguments: dict) -> str:
        width = arguments.get("width", 100)  # ok: declared optional, the published default
        height = arguments.get("hieght", 100)  # error: MCP102
        return f"{width}x{height}"


class Rotate:
    async def execute(self, arguments: dict) -> str:
        degrees = arguments.get("degrees", 90)  # ok: declared optional, the published default
        return f"rotated by {degrees}"
