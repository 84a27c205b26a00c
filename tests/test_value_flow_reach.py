"""Reach by value flow: a server is a value wherever it flows, a handler a function value
wherever it flows.

* a registration method of a project class receives its server from the code that makes an
  instance and calls it (``tools = PointTools(log); tools.register_tools(self.mcp)``, a loop
  over a tuple of instances, ``PointTools(log).register_tools(mcp)``);
* a handler goes through a pass-through wrapper applied by call, in a loop over several
  functions (``for fn in (a, b): mcp.tool()(audited(fn))``);
* a server held by a class of another module (``from .base import App`` ... ``@App.mcp.tool``);
* a dispatch table whose entries are tuples, called by position (``TABLE[name][1](arguments)``).

Each shape has a faulty and a correct twin, on two stacks or more.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.coverage import coverage
from mcplint.runner import lint_paths

FASTMCP_STACKS = [
    ("fastmcp==2.14.7", "from fastmcp import FastMCP", "FastMCP"),
    ("fastmcp==3.4.11", "from fastmcp import FastMCP", "FastMCP"),
    ("mcp==1.26.0", "from mcp.server.fastmcp import FastMCP", "FastMCP"),
    ("mcp==2.3.0", "from mcp.server.mcpserver import MCPServer", "MCPServer"),
]
FAILED = 'f"Error: {exc}"'


def _found(root: Path, select: tuple[str, ...]) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(select=select, preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


def _write(root: Path, pin: str, files: dict[str, str]) -> None:
    (root / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    for name, text in files.items():
        path = root / "app" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "app" / "__init__.py").touch()


TOOLSET = '''
class {cls}:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def {method}(self, server) -> None:
        @server.tool()
        def {tool}(value: str) -> str:
            """Parse a number."""
            try:
                return self.prefix + str(int(value))
            except ValueError as exc:
                return {answer}
'''

# how the calling module makes the instance and hands it the server
INSTANCE_CALLS = [
    "    tools = NumberTools('n')\n    tools.register(server)\n",
    "    for toolset in (NumberTools('n'), OtherTools('o')):\n        toolset.register(server)\n",
    "    NumberTools('n').register(server)\n",
]


@pytest.mark.parametrize("pin, server_import, server_class", FASTMCP_STACKS)
@pytest.mark.parametrize("calls", INSTANCE_CALLS)
@pytest.mark.parametrize("answer, expected", [(FAILED, [("numbers.py", 13, "MCP204")]), ("'?'", [])])
def test_a_registration_method_of_an_instance_the_caller_makes_gets_its_server(
        tmp_path: Path, pin, server_import, server_class, calls, answer, expected) -> None:
    tools = TOOLSET.format(cls="NumberTools", method="register", tool="parse_number", answer=answer)
    other = TOOLSET.format(cls="OtherTools", method="register", tool="parse_other", answer="'?'")
    _write(tmp_path, pin, {
        "numbers.py": tools + other,
        "server.py": f"{server_import}\nfrom .numbers import NumberTools, OtherTools\n\n\n"
                     f"def build():\n    server = {server_class}('n')\n{calls}    return server\n",
    })
    assert _found(tmp_path, ("MCP204",)) == expected
    counts = coverage([tmp_path], Settings(preview=True)).counts()
    unused = 0 if "OtherTools(" in calls else 1  # OtherTools.register, never called: its server is a gap
    assert (counts["tools"], counts["tools_analysed"], counts["gaps"]) == (2, 2, unused)


def test_a_name_bound_to_an_instance_and_to_something_else_is_not_followed(tmp_path: Path) -> None:
    """``tools = NumberTools(); ...; tools = other()``: the name does not always hold an
    instance of the class, so the server made here is not linked to the method's
    registrations: the coverage report keeps the gap at the call."""
    tools = TOOLSET.format(cls="NumberTools", method="register", tool="parse_number", answer=FAILED)
    _write(tmp_path, "fastmcp==2.14.7", {
        "numbers.py": tools,
        "server.py": "from fastmcp import FastMCP\nfrom .numbers import NumberTools\n\n\n"
                     "def build(other):\n    server = FastMCP('n')\n    tools = NumberTools('n')\n"
                     "    tools = other()\n    tools.register(server)\n    return server\n",
    })
    report = coverage([tmp_path], Settings(preview=True))
    messages = [gap.message for server in report.servers for gap in server.gaps]
    assert "`server` is handed to tools.register(), and no prompt or tool registered there was linked to this " \
           "server" in messages


WRAPPERS = {
    "sync": "def audited(fn):\n    @functools.wraps(fn)\n    def inner(*args, **kwargs):\n"
            "        log.info('call %s', fn.__name__)\n        return fn(*args, **kwargs)\n    return inner\n",
    "async": "def audited(fn):\n    @functools.wraps(fn)\n    async def inner(*args, **kwargs):\n"
             "        log.info('call %s', fn.__name__)\n        return await fn(*args, **kwargs)\n    return inner\n",
}
FILES = '''
from pathlib import Path

ROOT = Path("/srv/share").resolve()


{prefix}def read_file(relpath: str) -> str:
    target = (ROOT / relpath).resolve()
{check}    return target.read_text()


{prefix}def file_size(relpath: str) -> int:
    target = (ROOT / relpath).resolve()
    if not target.is_relative_to(ROOT):
        raise ValueError("outside")
    return target.stat().st_size
'''
CONTAINED = "    if not target.is_relative_to(ROOT):\n        raise ValueError('outside')\n"
LOOPS = [
    "for fn in (files.read_file, files.file_size):\n    mcp.tool()(audited(fn))\n",
    "TOOLS = [files.read_file, files.file_size]\nfor fn in TOOLS:\n    mcp.tool()(audited(fn))\n",
]


@pytest.mark.parametrize("pin, server_import, server_class", FASTMCP_STACKS[1:])
@pytest.mark.parametrize("kind", sorted(WRAPPERS))
@pytest.mark.parametrize("loop", LOOPS)
@pytest.mark.parametrize("check, expected", [("", [("files.py", 9, "MCP302")]), (CONTAINED, [])])
def test_handlers_through_a_pass_through_wrapper_applied_in_a_loop_are_each_analysed(
        tmp_path: Path, pin, server_import, server_class, kind, loop, check, expected) -> None:
    prefix = "async " if kind == "async" else ""
    _write(tmp_path, pin, {
        "files.py": FILES.format(prefix=prefix, check=check),
        "audit.py": f"import functools\nimport logging\n\nlog = logging.getLogger('a')\n\n\n{WRAPPERS[kind]}",
        "server.py": f"{server_import}\nfrom . import files\nfrom .audit import audited\n\n"
                     f"mcp = {server_class}('share')\n{loop}",
    })
    assert _found(tmp_path, ("MCP302",)) == expected


def test_a_wrapper_without_wraps_is_not_seen_through(tmp_path: Path) -> None:
    """No ``functools.wraps``: the framework would read the wrapper's ``(*args, **kwargs)``
    signature, not the wrapped function's, so the wrapped functions are not the handlers."""
    wrapper = "def audited(fn):\n    def inner(*args, **kwargs):\n        return fn(*args, **kwargs)\n    return inner\n"
    _write(tmp_path, "fastmcp==2.14.7", {
        "files.py": FILES.format(prefix="", check=""),
        "audit.py": wrapper,
        "server.py": "from fastmcp import FastMCP\nfrom . import files\nfrom .audit import audited\n\n"
                     f"mcp = FastMCP('share')\n{LOOPS[0]}",
    })
    assert _found(tmp_path, ("MCP302",)) == []


def test_a_wrapper_that_catches_failures_is_not_seen_through(tmp_path: Path) -> None:
    """``def guarded(fn): def inner(*a, **k): try: return fn(*a, **k) except Exception as e:
    return f"Error: {e}"``: the wrapper decides what reaches the client, so the wrapped
    functions are not taken for the handlers (no finding from them, a gap in the report)."""
    wrapper = ("import functools\n\n\ndef audited(fn):\n    @functools.wraps(fn)\n    def inner(*args, **kwargs):\n        try:\n"
               "            return fn(*args, **kwargs)\n        except Exception as exc:\n"
               "            return f'Error: {exc}'\n    return inner\n")
    _write(tmp_path, "fastmcp==2.14.7", {
        "files.py": FILES.format(prefix="", check=""),
        "audit.py": wrapper,
        "server.py": "from fastmcp import FastMCP\nfrom . import files\nfrom .audit import audited\n\n"
                     f"mcp = FastMCP('share')\n{LOOPS[0]}",
    })
    assert _found(tmp_path, ("MCP302",)) == []
    report = coverage([tmp_path], Settings(preview=True))
    messages = [gap.message for gap in report.gaps] + [gap.message for server in report.servers for gap in server.gaps]
    assert messages == ["handler passed to tool() is a call, which was not resolved to a function"]


HOLDERS = [
    ("fastmcp==3.4.11", "from fastmcp import FastMCP", "FastMCP", "@App.mcp.tool", "ToolError(str(exc))",
     "from fastmcp.exceptions import ToolError"),
    ("fastmcp==2.14.7", "from fastmcp import FastMCP", "FastMCP", "@App.mcp.tool()", "ToolError(str(exc))",
     "from fastmcp.exceptions import ToolError"),
    ("mcp==1.26.0", "from mcp.server.fastmcp import FastMCP", "FastMCP", "@App.mcp.tool()", "ValueError(str(exc))", ""),
]


@pytest.mark.parametrize("pin, server_import, server_class, decorator, error, error_import", HOLDERS)
@pytest.mark.parametrize("failing, expected", [(True, [("weather.py", 10, "MCP204")]), (False, [])])
@pytest.mark.parametrize("imported", ["from .base import App", "from app.base import App"])
def test_a_server_held_by_a_class_of_another_module_is_the_registrations_server(
        tmp_path: Path, pin, server_import, server_class, decorator, error, error_import, failing, expected,
        imported) -> None:
    answer = "return {'error': str(exc)}" if failing else f"raise {error} from exc"
    _write(tmp_path, pin, {
        "base.py": f"{server_import}\n\n\nclass App:\n    mcp = {server_class}('weather')\n    units = 'metric'\n",
        "weather.py": f"{error_import}\n{imported}\n\n\n{decorator}\ndef forecast(days: str) -> dict:\n"
                      "    try:\n        return {'days': int(days)}\n    except ValueError as exc:\n"
                      f"        {answer}\n",
    })
    assert _found(tmp_path, ("MCP204",)) == expected


TUPLE_TABLE = '''
{imports}

def review(arguments):
    language = arguments.get("language"{default})
{check}    return GetPromptResult(messages=[PromptMessage(role="user", content=TextContent(type="text", text=language))])


TABLE = {{
    "review": (Prompt(name="review", arguments=[PromptArgument(name="language", required=True)]), review),
}}
'''
LOWLEVEL = [
    ("mcp==1.26.0",
     "from mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n"
     "from mcp.types import INVALID_PARAMS, ErrorData, GetPromptResult, Prompt, PromptArgument, PromptMessage, TextContent",
     "raise McpError(ErrorData(code=INVALID_PARAMS, message='missing'))",
     "server = Server('r')\n\n\n@server.list_prompts()\nasync def list_prompts():\n"
     "    return [spec for spec, _ in TABLE.values()]\n\n\n@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
     "    if name not in TABLE:\n        raise McpError(ErrorData(code=INVALID_PARAMS, message=name))\n"
     "    {call}\n"),
    ("mcp==2.3.0",
     "from mcp.server import Server\nfrom mcp import MCPError\n"
     "from mcp.types import INVALID_PARAMS, GetPromptResult, ListPromptsResult, Prompt, PromptArgument, PromptMessage, TextContent",
     "raise MCPError(code=INVALID_PARAMS, message='missing')",
     "async def get_prompt(ctx, params):\n    name, arguments = params.name, params.arguments\n"
     "    if name not in TABLE:\n        raise MCPError(code=INVALID_PARAMS, message=name)\n"
     "    {call}\n\n\nasync def list_prompts(ctx, params):\n"
     "    return ListPromptsResult(prompts=[spec for spec, _ in TABLE.values()])\n\n\n"
     "server = Server('r', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n"),
]
CALLS = ["return TABLE[name][1](arguments or {})", "return TABLE[name][-1](arguments or {})",
         "entry = TABLE[name]\n    return entry[1](arguments or {})"]


@pytest.mark.parametrize("pin, imports, rejection, handler", LOWLEVEL)
@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("defaulted, expected", [(True, [("server.py", 7, "MCP101")]), (False, [])])
def test_a_tuple_entry_called_by_its_position_is_the_handler(tmp_path: Path, pin, imports, rejection, handler,
                                                             call, defaulted, expected) -> None:
    check = "" if defaulted else f"    if not language:\n        {rejection}\n"
    text = TUPLE_TABLE.format(imports=imports, default=', "python"' if defaulted else "", check=check)
    _write(tmp_path, pin, {"server.py": text + handler.format(call=call)})
    assert _found(tmp_path, ("MCP101",)) == expected


def test_a_position_that_holds_no_function_keeps_the_mapping_escaped(tmp_path: Path) -> None:
    """``TABLE[name][0](...)`` where position 0 is the declaration: nothing to follow, no finding."""
    pin, imports, _, handler = LOWLEVEL[0]
    text = TUPLE_TABLE.format(imports=imports, default=', "python"', check="")
    _write(tmp_path, pin, {"server.py": text + handler.format(call="return TABLE[name][0](arguments or {})")})
    assert _found(tmp_path, ("MCP101",)) == []


MODULE_TOOLS = '''
{error_import}


def {tool}(count: str) -> str:
    """Repeat a word."""
    try:
        return "x" * int(count)
    except ValueError as exc:
        {answer}


{listed} = [{tool}]
'''
MODULE_LOOPS = [
    "def register_all(mcp):\n    for mod in [alpha, beta]:\n        for fn in mod.{listed}:\n            mcp.tool()(fn)\n",
    "MODULES = (alpha, beta)\n\n\ndef register_all(mcp):\n    for mod in MODULES:\n"
    "        for fn in mod.{listed}:\n            mcp.tool()(fn)\n",
]
ERRORS = [
    ("fastmcp==2.14.7", "from fastmcp import FastMCP", "from fastmcp.exceptions import ToolError", "ToolError"),
    ("mcp==1.26.0", "from mcp.server.fastmcp import FastMCP", "from mcp.server.fastmcp.exceptions import ToolError",
     "ToolError"),
]


@pytest.mark.parametrize("pin, server_import, error_import, error", ERRORS)
@pytest.mark.parametrize("loop", MODULE_LOOPS)
@pytest.mark.parametrize("listed", ["__all_tools__", "TOOLS"])
@pytest.mark.parametrize("failing, expected", [(True, [("alpha.py", 10, "MCP204")]), (False, [])])
def test_functions_listed_by_each_module_of_a_loop_are_registered(tmp_path: Path, pin, server_import, error_import,
                                                                  error, loop, listed, failing, expected) -> None:
    """``for mod in [alpha, beta]: for fn in mod.__all_tools__: mcp.tool()(fn)``: each
    module's list, its functions resolved in their own module."""
    answer = "return f'Error: {exc}'" if failing else f"raise {error}(str(exc)) from exc"
    _write(tmp_path, pin, {
        "tools/alpha.py": MODULE_TOOLS.format(error_import=error_import, tool="repeat_x", answer=answer, listed=listed),
        "tools/beta.py": MODULE_TOOLS.format(error_import=error_import, tool="repeat_y",
                                             answer=f"raise {error}(str(exc)) from exc", listed=listed),
        "tools/__init__.py": "from . import alpha, beta\n\n\n" + loop.format(listed=listed),
        "server.py": f"{server_import}\nfrom .tools import register_all\n\nmcp = FastMCP('r')\nregister_all(mcp)\n",
    })
    assert _found(tmp_path, ("MCP204",)) == expected
    counts = coverage([tmp_path], Settings(preview=True)).counts()
    assert (counts["tools"], counts["tools_analysed"], counts["gaps"]) == (2, 2, 0)


def test_a_module_of_the_loop_without_the_list_leaves_the_loop_unresolved(tmp_path: Path) -> None:
    """One module of the loop binds no such list: the handlers are not all known, so none is
    taken and the registration stays a gap (where the handler was lost, and the server's hand-off)."""
    _write(tmp_path, "fastmcp==2.14.7", {
        "tools/alpha.py": MODULE_TOOLS.format(error_import="", tool="repeat_x", answer="return f'Error: {exc}'",
                                              listed="TOOLS"),
        "tools/beta.py": "VALUE = 1\n",
        "tools/__init__.py": "from . import alpha, beta\n\n\n" + MODULE_LOOPS[0].format(listed="TOOLS"),
        "server.py": "from fastmcp import FastMCP\nfrom .tools import register_all\n\nmcp = FastMCP('r')\n"
                     "register_all(mcp)\n",
    })
    assert _found(tmp_path, ("MCP204",)) == []
    report = coverage([tmp_path], Settings(preview=True))
    messages = sorted(gap.message for server in report.servers for gap in server.gaps)
    assert messages == ["`mcp` is handed to register_all(), and no prompt or tool registered there was linked to "
                        "this server", "handler passed to tool() is `fn`, which was not resolved to a function"]


FACTORY_TOOLS = '''
{imports}


def mean_of(arguments: dict):
    try:
        value = sum(SERIES[arguments["series"]])
    except KeyError as exc:
        return {failure}
    return [TextContent(type="text", text=str(value))]


SERIES = {{"cpu": [1.0, 2.0]}}
SCHEMA = {{"type": "object", "properties": {{"series": {{"type": "string"}}}}, "required": ["series"]}}
TOOLS = {{"mean_of": (mean_of, SCHEMA)}}


def make_lister(table):
    async def list_tools({list_params}):
        return {listed}
    return list_tools


def make_caller(table):
    async def call_tool({call_params}):
        entry = table.get({name})
        if entry is None:
            raise ValueError("unknown tool")
        return entry[0]({arguments})
    return call_tool

'''
FACTORY_STACKS = [
    ("mcp==1.26.0", "from mcp.server.lowlevel import Server\nfrom mcp.types import CallToolResult, TextContent, Tool",
     "[Tool(name=n, inputSchema=s) for n, (_, s) in table.items()]", "", "name, arguments", "name", "arguments",
     "server = Server('m')\nserver.list_tools()(make_lister(TOOLS))\nserver.call_tool()(make_caller(TOOLS))\n"),
    ("mcp==2.3.0", "from mcp.server import Server\nfrom mcp.types import CallToolResult, ListToolsResult, TextContent, Tool",
     "ListToolsResult(tools=[Tool(name=n, input_schema=s) for n, (_, s) in table.items()])", "ctx, params",
     "ctx, params", "params.name", "params.arguments or {}",
     "server = Server('m', on_list_tools=make_lister(TOOLS), on_call_tool=make_caller(TOOLS))\n"),
]


@pytest.mark.parametrize("pin, imports, listed, list_params, call_params, name, arguments, wiring", FACTORY_STACKS)
@pytest.mark.parametrize("failing, expected", [(True, [("server.py", 10, "MCP204")]), (False, [])])
def test_handlers_made_by_factories_see_the_table_their_factory_call_passes(
        tmp_path: Path, pin, imports, listed, list_params, call_params, name, arguments, wiring, failing,
        expected) -> None:
    """``Server(on_call_tool=make_caller(TOOLS))``: the nested handler's ``table`` is ``TOOLS``,
    so its declarations and its dispatch on the name are known."""
    failure = ("CallToolResult(content=[TextContent(type='text', text=str(exc))])" if failing else
               "CallToolResult(content=[TextContent(type='text', text=str(exc))], isError=True)")
    text = FACTORY_TOOLS.format(imports=imports, failure=failure, list_params=list_params, listed=listed,
                                call_params=call_params, name=name, arguments=arguments)
    _write(tmp_path, pin, {"server.py": text + wiring})
    assert _found(tmp_path, ("MCP204",)) == expected
    counts = coverage([tmp_path], Settings(preview=True)).counts()
    assert (counts["tools"], counts["tools_analysed"], counts["gaps"]) == (1, 1, 0)


def test_each_server_made_by_the_same_factories_sees_its_own_table(tmp_path: Path) -> None:
    """Two servers made from one pair of factories with different tables: each handler is
    judged with the table of its own server (the failing tool is served by one of them)."""
    pin, imports, listed, list_params, call_params, name, arguments, _ = FACTORY_STACKS[1]
    failure = "CallToolResult(content=[TextContent(type='text', text=str(exc))])"
    text = FACTORY_TOOLS.format(imports=imports, failure=failure, list_params=list_params, listed=listed,
                                call_params=call_params, name=name, arguments=arguments)
    wiring = ("OTHER = {}\nserver = Server('m', on_list_tools=make_lister(TOOLS), on_call_tool=make_caller(TOOLS))\n"
              "spare = Server('s', on_list_tools=make_lister(OTHER), on_call_tool=make_caller(OTHER))\n")
    _write(tmp_path, pin, {"server.py": text + wiring})
    assert _found(tmp_path, ("MCP204",)) == [("server.py", 10, "MCP204")]
    servers = coverage([tmp_path], Settings(preview=True)).servers
    assert sorted((server.variable, [item.name for item in server.tools]) for server in servers) == \
        [("server", ["mean_of"]), ("spare", [])]


@pytest.mark.parametrize("pin, server_import, server_class, decorator, error, error_import", HOLDERS)
@pytest.mark.parametrize("failing, expected", [(True, [("weather.py", 10, "MCP204")]), (False, [])])
def test_a_server_held_by_a_class_reached_through_its_module_is_found(
        tmp_path: Path, pin, server_import, server_class, decorator, error, error_import, failing, expected) -> None:
    """``from . import base`` ... ``@base.App.mcp.tool``: the module, then its class, then the server."""
    answer = "return {'error': str(exc)}" if failing else f"raise {error} from exc"
    _write(tmp_path, pin, {
        "base.py": f"{server_import}\n\n\nclass App:\n    mcp = {server_class}('weather')\n",
        "weather.py": f"{error_import}\nfrom . import base\n\n\n{decorator.replace('@App.', '@base.App.')}\n"
                      "def forecast(days: str) -> dict:\n    try:\n        return {'days': int(days)}\n"
                      f"    except ValueError as exc:\n        {answer}\n",
    })
    assert _found(tmp_path, ("MCP204",)) == expected
