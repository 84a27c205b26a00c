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


#: A low-level mcp 1.x server that checks the prompt name; its only finding is MCP202 at
#: line 18, column 16 (``(arguments or {})["language"]``).
WRITE_TESTS = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("tests")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="write-tests", arguments=[types.PromptArgument(name="language", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "write-tests":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    language = (arguments or {})["language"]
    text = f"Write unit tests in {language}."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
'''
WRITE_TESTS_FAULT_LINE = 18
