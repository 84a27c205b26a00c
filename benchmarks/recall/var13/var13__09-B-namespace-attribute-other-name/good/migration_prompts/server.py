from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from . import review
from .declarations import MIGRATION_REVIEW


class MigrationServer:
    def __init__(self) -> None:
        self.server = Server("migrations")
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    async def list_prompts(self) -> list[types.Prompt]:
        return [MIGRATION_REVIEW]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != MIGRATION_REVIEW.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        return review.render(arguments)
