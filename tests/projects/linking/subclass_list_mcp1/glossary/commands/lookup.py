from .base import Command


class Define(Command):
    name = "define"
    schema = {"type": "object", "properties": {"term": {"type": "string"}}, "required": ["term"]}

    async def run(self, arguments: dict) -> str:
        return f"definition of {arguments.get('trem', '')}"  # error: MCP102


class Define2(Define):
    """Not a direct subclass of Command: __subclasses__() leaves it out, so it is no tool."""

    name = "define_again"

    async def run(self, arguments: dict) -> str:
        return arguments.get("anything_at_all", "")  # ok: never dispatched
