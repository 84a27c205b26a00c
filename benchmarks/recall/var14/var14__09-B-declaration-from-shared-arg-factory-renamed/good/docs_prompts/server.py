import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from . import explain


class DocsServer:
    def __init__(self) -> None:
        self.server = Server("docs-prompts")
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    async def list_prompts(self) -> list[types.Prompt]:
        return [explain.DECLARATION]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != explain.DECLARATION.name:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
        text = explain.render(arguments or {})
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
