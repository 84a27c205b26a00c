from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

from .names import display_name

WELCOME = types.Prompt(name="welcome", arguments=[
    types.PromptArgument(name="display_name", required=True),
    types.PromptArgument(name="email", required=False),
])
server = Server("greet")


@server.list_prompts()
async def list_prompts():
    return [WELCOME]


@server.get_prompt()
async def get_prompt(name, arguments):
    if name != WELCOME.name:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="unknown prompt"))
    try:
        who = display_name(arguments or {})
    except KeyError as exc:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing {exc}"))
    text = f"Write a welcome note for {who}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
