"""One registration function shared by several servers made in other modules.

Real projects build a combined server and one server per feature from the same pieces:
``register(instance)`` is called by ``make_ltl()``, ``make_abc()`` and ``make_all()``, each
with its own ``FastMCP(...)``. The function registers on every one of them, so its handlers
are analysed on their stack (the servers agree on it) and each server lists them; servers of
two families, or a call passing a value the model cannot resolve, keep it silent.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.coverage import coverage
from mcplint.engine import lint_source
from mcplint.versions import clear_cache


@pytest.fixture(autouse=True)
def fresh_versions() -> None:
    clear_cache()  # pins are cached per directory; each test writes its own


# Decorator stacks: (pin, import of the server class, its name).
DECORATOR_STACKS = {
    "mcp1-fastmcp": ("mcp==1.22.0", "from mcp.server.fastmcp import FastMCP as Made", "Made"),
    "fastmcp2": ("fastmcp==2.14.5", "from fastmcp import FastMCP as Made", "Made"),
    "fastmcp3": ("fastmcp==3.4.11", "from fastmcp import FastMCP as Made", "Made"),
    "mcp2-mcpserver": ("mcp==2.0.0", "from mcp.server.mcpserver import MCPServer as Made", "Made"),
}

# the tool declares `units` and drops it (MCP103); the good twin reads it
DROPPING_TOOL = '''
def attach(app):
    @app.tool()
    def forecast(city: str, units: str = "metric") -> str:
        return f"Forecast for {city}"
'''
READING_TOOL = DROPPING_TOOL.replace('f"Forecast for {city}"', 'f"Forecast for {city} in {units}"')

TWO_FACTORIES = '''
{import_line}
from kit.weather import attach


def build_small():
    small = {cls}("small")
    attach(small)
    return small


def build_full():
    full = {cls}("full")
    attach(full)
    return full
'''


def _package(root: Path, pin: str, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text(f'[project]\nname = "kit"\ndependencies = ["{pin}"]\n')
    package = root / "kit"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(textwrap.dedent(text))
    return package


def _codes(path: Path) -> list[tuple[int, str]]:
    return sorted((d.span.start.line, d.code) for d in lint_source(path.read_bytes(), path, Settings(preview=True)))


@pytest.mark.parametrize("stack", sorted(DECORATOR_STACKS))
@pytest.mark.parametrize("tool, expected", [(DROPPING_TOOL, [(4, "MCP103")]), (READING_TOOL, [])])
def test_a_tool_registered_by_a_function_two_factories_call_is_analysed(tmp_path, stack, tool, expected) -> None:
    pin, import_line, cls = DECORATOR_STACKS[stack]
    package = _package(tmp_path, pin, {"weather.py": tool,
                                       "server.py": TWO_FACTORIES.format(import_line=import_line, cls=cls)})
    assert _codes(package / "weather.py") == expected
    report = coverage([package])
    assert [(s.variable, s.stack, s.line, [(t.name, t.status) for t in s.tools]) for s in report.servers] == [
        ("small", stack, 7, [("forecast", "analysed")]), ("full", stack, 13, [("forecast", "analysed")])]
    assert report.counts()["gaps"] == 0


TYPED_TOOL = '''
from mcp.server.fastmcp import FastMCP


def attach(app: FastMCP) -> None:
    @app.tool()
    def forecast(city: str, units: str = "metric") -> str:
        return f"Forecast for {city}"
'''

# the servers live in two modules, named through the module (`weather.attach(...)`)
SERVER_A = '''
from mcp.server.fastmcp import FastMCP
from kit import weather

mcp = FastMCP("a")
weather.attach(mcp)
'''
SERVER_B = SERVER_A.replace('"a"', '"b"')


def test_a_typed_parameter_is_each_server_its_callers_in_two_modules_pass(tmp_path) -> None:
    package = _package(tmp_path, "mcp==1.22.0", {"weather.py": TYPED_TOOL, "a.py": SERVER_A, "b.py": SERVER_B})
    assert _codes(package / "weather.py") == [(7, "MCP103")]
    report = coverage([package])
    assert sorted((Path(s.file).name, s.line, [t.name for t in s.tools]) for s in report.servers) == [
        ("a.py", 5, ["forecast"]), ("b.py", 5, ["forecast"])]
    # neither server module reports "handed to weather.attach(), and nothing linked"
    assert report.counts()["gaps"] == 0


RELAY = '''
from kit.weather import attach


def attach_everything(target):
    attach(target)
'''
RELAYED_FACTORIES = TWO_FACTORIES.replace("from kit.weather import attach", "from kit.relay import attach_everything") \
    .replace("attach(small)", "attach_everything(small)").replace("attach(full)", "attach_everything(full)")


@pytest.mark.parametrize("tool, expected", [(DROPPING_TOOL, [(4, "MCP103")]), (READING_TOOL, [])])
def test_the_servers_reach_the_function_through_a_relay_function(tmp_path, tool, expected) -> None:
    pin, import_line, cls = DECORATOR_STACKS["fastmcp2"]
    package = _package(tmp_path, pin, {"weather.py": tool, "relay.py": RELAY,
                                       "server.py": RELAYED_FACTORIES.format(import_line=import_line, cls=cls)})
    assert _codes(package / "weather.py") == expected
    assert [len(s.tools) for s in coverage([package]).servers] == [1, 1]


# mcp 1.x low-level: an unknown prompt name raised as ValueError reaches the client as code 0
LOWLEVEL_HANDLERS = '''
import mcp.types as types


def install(server):
    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [types.Prompt(name="brief", arguments=[types.PromptArgument(name="topic", required=True)])]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != "brief":
            {unknown}
        topic = (arguments or {{}}).get("topic")
        if not topic:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="topic is required"))
        return types.GetPromptResult(messages=[types.PromptMessage(
            role="user", content=types.TextContent(type="text", text=f"Brief on {{topic}}"))])
'''
LOWLEVEL_IMPORTS = "from mcp.shared.exceptions import McpError\nfrom mcp.types import INVALID_PARAMS, ErrorData\n"
LOWLEVEL_FACTORIES = '''
from mcp.server.lowlevel import Server
from kit.prompts import install


def stdio_server():
    server = Server("stdio")
    install(server)
    return server


def http_server():
    server = Server("http")
    install(server)
    return server
'''


@pytest.mark.parametrize("unknown, expected", [
    ('raise ValueError(f"unknown prompt {name}")', [(15, "MCP201")]),
    ('raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt {name}"))', []),
])
def test_lowlevel_handlers_installed_on_two_servers_are_analysed(tmp_path, unknown, expected) -> None:
    handlers = LOWLEVEL_IMPORTS + textwrap.dedent(LOWLEVEL_HANDLERS).format(unknown=unknown)
    package = _package(tmp_path, "mcp==1.22.0", {"prompts.py": handlers, "server.py": LOWLEVEL_FACTORIES})
    assert _codes(package / "prompts.py") == expected
    assert [(s.stack, [p.name for p in s.prompts]) for s in coverage([package]).servers] == [
        ("mcp1-lowlevel", ["brief"]), ("mcp1-lowlevel", ["brief"])]


UNKNOWN_THIRD = TWO_FACTORIES + '''

def build_other(factory):
    attach(factory())
'''


def test_a_call_passing_a_value_the_model_cannot_resolve_keeps_it_silent(tmp_path) -> None:
    pin, import_line, cls = DECORATOR_STACKS["mcp1-fastmcp"]
    package = _package(tmp_path, pin, {"weather.py": DROPPING_TOOL,
                                       "server.py": UNKNOWN_THIRD.format(import_line=import_line, cls=cls)})
    # what `factory()` makes is unknown, so the parameter is not the two servers the other
    # calls pass: it stays the stand-in the pins suggest, with its gap, as with one caller
    report = coverage([package])
    assert sorted((s.variable, s.line, [t.name for t in s.tools]) for s in report.servers) == [
        ("app", None, ["forecast"]), ("full", 13, []), ("small", 7, [])]


def test_factories_of_two_families_keep_it_silent(tmp_path) -> None:
    mixed = TWO_FACTORIES.format(import_line="from mcp.server.fastmcp import FastMCP as Made\n"
                                             "from fastmcp import FastMCP as Other", cls="Made") \
        .replace('full = Made("full")', 'full = Other("full")')
    package = _package(tmp_path, "fastmcp>=2.13", {"weather.py": DROPPING_TOOL, "server.py": mixed})
    # one handler on two stacks would be judged twice, differently: neither caller decides
    assert _codes(package / "weather.py") == []
