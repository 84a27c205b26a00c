class SubstituteIngredient:
    """Suggests a replacement for one ingredient."""

    async def run(self, arguments: dict) -> str:
        ingredient = arguments.get("ingredient", "")  # ok: declared, and the schema makes the stack check it
        diet = arguments.get("diet", "any")  # ok: declared optional, default as published
        return f"{ingredient} for {diet}"
