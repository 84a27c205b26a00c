"""Each direct subclass of Command is one tool; the server lists them through __subclasses__()."""

from mcp.types import Tool


class Command:
    name = ""
    schema: dict = {}

    def describe(self) -> Tool:
        return Tool(name=self.name, description=self.name, inputSchema=self.schema)

    async def run(self, arguments: dict) -> str:
        raise NotImplementedError
