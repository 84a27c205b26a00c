"""Small MCP servers shared by the tests that need "a file with one known finding"."""

#: A low-level mcp 1.x server whose only finding is MCP202 at line 15, column 11
#: (``args["language"]`` without a presence check).
ONE_FINDING = '''import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="p", arguments=[types.PromptArgument(name="language", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
    return args["language"]
'''
