"""MCP202 on tool handlers, per stack: a KeyError for a required property is the caller's
error, which every stack but mcp 2.x low-level turns into an isError result (acceptable under
spec 2025-11-25); an optional property read by subscript fails a valid call on every stack."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.versions import clear_cache

MCP1_SERVER = '''
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("tools")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    schema = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a"]}
    return [types.Tool(name="add", inputSchema=schema)]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "add":
        raise ValueError(f"Unknown tool: {name}")
    a = arguments["a"]
    b = arguments["b"]
    return [types.TextContent(type="text", text=str(a + b))]
'''

MCP2_SERVER = '''
import mcp.types as types
from mcp.server import Server, ServerRequestContext

SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a"]}


async def list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[types.Tool(name="add", input_schema=SCHEMA)])


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != "add":
        return types.CallToolResult(content=[types.TextContent(text="Unknown tool")], is_error=True)
    args = params.arguments or {}
    a = args["a"]
    b = args["b"]
    return types.CallToolResult(content=[types.TextContent(text=str(a + b))])


server = Server("tools", on_list_tools=list_tools, on_call_tool=call_tool)
'''


@pytest.fixture(autouse=True)
def fresh_versions() -> None:
    clear_cache()  # pins are cached per directory; each test writes its own


def mcp202_lines(tmp_path: Path, pin: str, source: str) -> list[int]:
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "s"\ndependencies = ["{pin}"]\n')
    path = tmp_path / "server.py"
    text = textwrap.dedent(source).lstrip("\n")
    path.write_text(text)
    findings = lint_source(text.encode(), path, Settings(preview=True))
    lines = text.splitlines()
    return [lines[d.span.start.line - 1].strip() for d in findings if d.code == "MCP202"]


def test_mcp1_before_input_validation_reports_only_the_optional_key(tmp_path: Path) -> None:
    # mcp 1.2 does not check the schema; a missing 'a' becomes an isError result (the caller's
    # error, reported where it belongs), a missing optional 'b' fails a valid call
    assert mcp202_lines(tmp_path, "mcp==1.2.0", MCP1_SERVER) == ['b = arguments["b"]']


def test_mcp2_lowlevel_reports_both_keys(tmp_path: Path) -> None:
    # mcp 2.x low-level: a tool's KeyError is a JSON-RPC error, not an isError result
    assert mcp202_lines(tmp_path, "mcp==2.3.0", MCP2_SERVER) == ['a = args["a"]', 'b = args["b"]']
