from collections import ChainMap

from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

PER_PROMPT = {"minutes": {"format": "bullets"}, "recap": {"format": "prose"}}
PROMPTS = [
    types.Prompt(name="minutes", arguments=[types.PromptArgument(name="meeting", required=True),
                                            types.PromptArgument(name="format", required=False)]),
    types.Prompt(name="recap", arguments=[types.PromptArgument(name="meeting", required=True),
                                          types.PromptArgument(name="format", required=False)]),
]
server = Server("notes")


@server.list_prompts()
async def list_prompts():
    return PROMPTS


@server.get_prompt()
async def get_prompt(name, arguments):
    if name not in PER_PROMPT:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))
    args = ChainMap(arguments or {}, PER_PROMPT.get(name, {}))
    try:
        meeting = args["meeting"]
    except KeyError:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="meeting is required"))
    text = f"Write the {name} of {meeting} as {args['format']}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
