"""Message wording that depends on the code's form (each message must be true of its line)."""

from __future__ import annotations

from mcplint.config import Settings
from mcplint.engine import lint_source

LETTER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("letters")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="letter", arguments=[types.PromptArgument(name="to", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "letter":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = dict(arguments or {})
    if not args.get("to"):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="Missing required argument 'to'"))
    text = "Write a letter to {to}.".format(**args)
    context = f"Context: {args}"
    return types.GetPromptResult(messages=[])
'''


def test_mcp301_says_undeclared_keys_reach_the_text_only_where_they_do() -> None:
    found = lint_source(LETTER, "server.py", Settings(select=("MCP301",)))
    tails = [(d.span.start.line, d.message.split(": ", 1)[1]) for d in found]
    assert tails == [
        (21, "unvalidated values reach the message; render validated locals"),  # .format fills {to} only
        (22, "unvalidated values and undeclared keys reach the message; render validated locals"),
    ]


SHAPES = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData
from pydantic import BaseModel


class Greeting(BaseModel):
    who: str


def render(topic, depth="short"):
    return f"{topic} {depth}"


def greet(arguments):
    return Greeting.model_validate(arguments)


HANDLERS = {"greet": greet}
server = Server("shapes")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="greet", arguments=[types.PromptArgument(name="who", required=True)]),
            types.Prompt(name="explain", arguments=[types.PromptArgument(name="topic", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    if name == "explain":
        return render(**args)
    return HANDLERS[name](args)
'''


def test_implicit_raises_of_splats_models_and_tables_name_their_cause() -> None:
    found = lint_source(SHAPES, "server.py", Settings(select=("MCP201", "MCP202", "MCP102")))
    heads = sorted((d.span.start.line, d.code, d.message.split(":", 1)[0]) for d in found)
    assert heads == [
        (17, "MCP201", "Greeting.model_validate() raises ValidationError when the caller omits required argument 'who'"),
        (34, "MCP102", "Prompt 'explain' reads 'depth', which is not declared"),
        (34, "MCP202", "This call passes the arguments with ** to parameter 'topic', which has no default"),
        (35, "MCP201", "HANDLERS[name] raises KeyError for an unknown prompt name"),
    ]


MIDDLEWARE_PROMPT = '''\
from typing import Any

from fastmcp import FastMCP
from fastmcp.prompts.prompt import Message, Prompt, PromptArgument, PromptMessage
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

mcp = FastMCP("deploy")
mcp.add_middleware(ErrorHandlingMiddleware())


class Deploy(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        service = (arguments or {})["service"]
        return [Message(f"Deploy {service}")]


mcp.add_prompt(Deploy(name="deploy", arguments=[PromptArgument(name="service", required=True)]))
'''


def _messages(source: str, code: str, **settings) -> list[str]:
    return [d.message for d in lint_source(source, "server.py", Settings(select=(code,), preview=True, **settings))]


def test_mcp202_under_error_handling_middleware_says_keyerror_arrives_as_not_found() -> None:
    # FRAMEWORKS.md §5: with the middleware a KeyError is -32001 on fastmcp 2/3/4; the fix is a
    # ValueError it maps to -32602, not "add ErrorHandlingMiddleware" (it is there).
    expected = ("arguments['service'] raises KeyError when the caller omits 'service': the client receives "
                "-32001 'not found' (ErrorHandlingMiddleware maps KeyError to not-found, only ValueError/TypeError "
                "to -32602) instead of -32602 Invalid params; check presence first and raise ValueError under "
                "ErrorHandlingMiddleware, which maps it to -32602")
    for version in ("2", "3", None):
        settings = {"fastmcp_version": version} if version else {}
        assert _messages(MIDDLEWARE_PROMPT, "MCP202", **settings) == [expected], version
    fm4 = expected.replace("raise ValueError under ErrorHandlingMiddleware, which maps it to -32602",
                           "raise fastmcp.exceptions.ValidationError(...)")  # fastmcp 4's own -32602
    assert _messages(MIDDLEWARE_PROMPT, "MCP202", fastmcp_version="4") == [fm4]
    without = MIDDLEWARE_PROMPT.replace("mcp.add_middleware(ErrorHandlingMiddleware())\n", "")
    assert _messages(without, "MCP202", fastmcp_version="2") == [
        "arguments['service'] raises KeyError when the caller omits 'service': the client receives code 0 "
        "'Error rendering prompt ...' instead of -32602 Invalid params; check presence first and add "
        "ErrorHandlingMiddleware and raise ValueError (mapped to -32602)"]


DISPATCHING_HELPER = '''\
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from pydantic import BaseModel

TOOLS = [types.Tool(name=name, input_schema={"type": "object", "properties": {"q": {"type": "string"}}})
         for name in ("state", "search", "cancel")]


class Report(BaseModel):
    ok: bool
    error: str = ""


def text(value: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=value)])


async def dispatch(name: str, arguments: dict) -> types.CallToolResult:
    if name == "state":
        try:
            return text(open(arguments.get("q", "")).read())
        except OSError as exc:
            return text(f"Error: {exc}")
    return text("done")


async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    return await dispatch(params.name, params.arguments or {})


server = Server("files", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
'''


def test_mcp204_related_note_names_the_tool_whose_result_the_helper_return_is() -> None:
    [finding] = lint_source(DISPATCHING_HELPER, "server.py", Settings(select=("MCP204",), preview=True))
    assert finding.span.start.line == 23
    assert [(r.span.start.line, r.message) for r in finding.related] == [
        (32, "tool 'state' returns the helper's value here")]


PYDANTIC_REPORT = '''\
import jsonschema
from fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("v")


class Report(BaseModel):
    valid: bool
    errors: list[str] = []


@mcp.tool
def check_schema(schema: dict) -> Report:
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        return Report(valid=False, errors=[exc.message])
    return Report(valid=True)
'''


def test_mcp204_names_a_returned_model_as_the_model_not_a_dict() -> None:
    assert _messages(PYDANTIC_REPORT, "MCP204", fastmcp_version="2") == [
        "Tool 'check_schema' returns a Report object (a dict on the wire) after catching an exception: on "
        "fastmcp 2.x the client receives a successful result (isError false) carrying the error; raise "
        "fastmcp.exceptions.ToolError(...), which the framework sends as an isError result"]
