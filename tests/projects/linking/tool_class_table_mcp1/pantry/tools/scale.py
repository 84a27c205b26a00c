class ScaleRecipe:
    """Multiplies every quantity of a recipe; the server makes one per call."""

    async def run(self, arguments: dict) -> str:
        recipe = arguments.get("recipe", "")
        factor = arguments.get("multiplier", 1)  # error: MCP102
        return f"{recipe} x{factor}"
