"""Messages name what the code wrote: MCP202 quotes ``args.pop('k')`` for a pop, MCP204 names
fastmcp's ``ToolResult`` (through an alias, a local or a helper) instead of mcp's
``CallToolResult`` (adversarial case "messages")."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

POP = '''from mcp import types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="review", arguments=[types.PromptArgument(name="code", description="d", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    if name != "review":
        raise ValueError("unknown")
    args = dict(arguments or {})
    code = args.pop("code")
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=code))])
'''

TOOL_RESULTS = '''from fastmcp import FastMCP
from fastmcp.tools.tool import ToolResult
from fastmcp.tools.tool import ToolResult as TR
from mcp.types import TextContent

mcp = FastMCP("s")


@mcp.tool()
def aliased(path: str) -> TR:
    try:
        data = open(path).read()
    except OSError as exc:
        return TR(content=[TextContent(type="text", text=f"Error: {exc}")])
    return TR(content=[TextContent(type="text", text=data)])


@mcp.tool()
def via_variable(path: str) -> ToolResult:
    try:
        data = open(path).read()
    except OSError as exc:
        result = ToolResult(content=[TextContent(type="text", text=f"Error: {exc}")])
        return result
    return ToolResult(content=[TextContent(type="text", text=data)])


def _failed(exc):
    return ToolResult(content=[TextContent(type="text", text=f"Error: {exc}")])


@mcp.tool()
def via_helper(path: str) -> ToolResult:
    try:
        data = open(path).read()
    except OSError as exc:
        return _failed(exc)
    return ToolResult(content=[TextContent(type="text", text=data)])
'''


def _lint(tmp_path: Path, source: str, pins: str = "mcp==1.26.0", **settings) -> list:
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\nversion = "0"\ndependencies = ["{pins}"]\n')
    path = tmp_path / "server.py"
    path.write_text(source)
    return lint_source(path.read_bytes(), str(path), Settings(**settings))


def test_mcp202_quotes_a_pop_as_written(tmp_path: Path) -> None:
    [finding] = [d for d in _lint(tmp_path, POP) if d.code == "MCP202"]
    assert finding.message.startswith("args.pop('code') raises KeyError when the caller omits 'code'")


def test_mcp204_names_fastmcp_tool_result_however_it_is_reached(tmp_path: Path) -> None:
    found = sorted((d.span.start.line, d.message) for d in _lint(tmp_path, TOOL_RESULTS, "fastmcp==3.4.11", preview=True)
                   if d.code == "MCP204")
    assert [line for line, _ in found] == [14, 24, 29]  # _failed() leaves is_error false: its own return
    assert "returns a ToolResult (imported as TR) without is_error=True" in found[0][1]
    assert all("CallToolResult" not in message for _, message in found)
    assert all("a ToolResult" in message for _, message in found[1:])
