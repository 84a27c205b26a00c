from .base import Command


class Spell(Command):
    name = "spell"
    schema = {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}

    async def run(self, arguments: dict) -> str:
        word = arguments.get("word", "")  # ok: checked just below
        if not word:
            raise ValueError("word is required")
        return "-".join(word)
