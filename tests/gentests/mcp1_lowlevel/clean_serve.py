# expect-fail: (none)
"""Correct twin: the server is made and run inside serve() (stdio), as the reference servers do."""

from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import McpError


async def serve(repository: Path) -> None:
    server = Server("gentests-serve")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [types.Prompt(name="commit", arguments=[types.PromptArgument(name="diff", required=True)])]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != "commit":
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown prompt"))
        diff = (arguments or {}).get("diff")
        if not diff:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="diff is required"))
        text = f"Write a commit message in {repository.name} for {diff}"
        return types.GetPromptResult(messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    options = server.create_initialization_options()
    async with stdio_server() as (read, write):
        await server.run(read, write, options)
