import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .render import standup_text

app = Server("standup")


@app.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="standup", arguments=[
        types.PromptArgument(name="team", required=True),
        types.PromptArgument(name="since", required=False),
    ])]


@app.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "standup":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
    args = arguments or {}
    if not args.get("team"):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="team is required"))
    text = standup_text(args)
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
