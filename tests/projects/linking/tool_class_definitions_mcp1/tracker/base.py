import json
from pathlib import Path

from mcp.types import Tool


class TrackerTool:
    """A tool class names itself and its input schema; the base builds the definition."""

    name = ""
    schema: dict = {}

    @property
    def definition(self) -> Tool:
        return Tool(name=self.name, description=self.__doc__ or "", inputSchema=self.schema)

    async def execute(self, arguments: dict) -> str:
        raise NotImplementedError


class LoadedTool(TrackerTool):
    """A tool whose schema comes from a file next to it: not known from the source."""

    @property
    def definition(self) -> Tool:
        schema = json.loads(Path(__file__).with_name(f"{self.name}.json").read_text())
        return Tool(name=self.name, description="", inputSchema=schema)
