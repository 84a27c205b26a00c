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
