"""Where MCP204 reports a failure answer built by a project builder in another module
(rules/MCP204.md, "Where the finding is reported"): a builder of a result that could carry the
error flag and leaves it false is reported at its own ``return`` alone (``results.py``), the
tools' ``return failure(exc)`` staying silent; a builder of text or a dict is reported at each
tool's ``return`` and once at its own. The twins that set the flag or raise stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

RESULTS = {
    "mcp==2.0.0": '''
from mcp import types


def reply(text, *, failed=False):
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)


def failure(exc):
    return reply(f"{type(exc).__name__}: {exc}"{flag})
''',
    "fastmcp==3.4.11": '''
from fastmcp.tools import ToolResult


def reply(text, *, failed=False):
    return ToolResult(content=text, is_error=failed)


def failure(exc):
    return reply(f"{type(exc).__name__}: {exc}"{flag})
''',
}

SERVERS = {
    "mcp==2.0.0": '''
from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

import rates

from .results import failure, reply


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != "convert":
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
    try:
        return reply(rates.convert((params.arguments or {}).get("amount")))
    except rates.RateError as exc:
        return failure(exc)


server = Server("fx", on_call_tool=call_tool)
''',
    "fastmcp==3.4.11": '''
from fastmcp import FastMCP

import rates

from .results import failure, reply

mcp = FastMCP("fx")


@mcp.tool()
def convert(amount: str):
    try:
        return reply(rates.convert(amount))
    except rates.RateError as exc:
        return failure(exc)
''',
}

TEXT_ERRORS = '''
from datetime import datetime, timezone


def now_iso():
    return datetime.now(timezone.utc).isoformat()


def error_response(error, **extra):
    response = {"success": False, "error": error, "timestamp": now_iso()}
    if extra:
        response.update(extra)
    return response
'''

TEXT_TOOLS = {
    "fastmcp==2.14.5": '''
from fastmcp import FastMCP

import guilds

from .errors import error_response

mcp = FastMCP("guilds")


@mcp.tool()
def members(guild: str) -> dict:
    roster = guilds.roster(guild)
    if not roster:
        return error_response("No members found or guild not found", guild=guild)
    return {"members": roster}


@mcp.tool()
def rank(guild: str) -> dict:
    try:
        return {"rank": guilds.rank(guild)}
    except guilds.ApiError as exc:
        return error_response(str(exc))
''',
}


def _project(root: Path, pin: str, files: dict[str, str]) -> list[tuple[str, int]]:
    package = root / "app"
    package.mkdir(parents=True)
    (root / "pyproject.toml").write_text(f"[project]\nname = 'x'\nversion = '0'\ndependencies = ['{pin}']\n")
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    result = lint_paths([root], Settings(select=("MCP204",), preview=True))
    return sorted((Path(d.path).name, d.span.start.line) for d in result.diagnostics)


@pytest.mark.parametrize("pin", sorted(RESULTS))
def test_a_builder_leaving_the_flag_false_is_reported_at_its_own_return_alone(tmp_path: Path, pin: str) -> None:
    files = {"results.py": RESULTS[pin].replace("{flag}", ""), "server.py": SERVERS[pin]}
    assert _project(tmp_path, pin, files) == [("results.py", 10)]


@pytest.mark.parametrize("pin", sorted(RESULTS))
def test_a_builder_setting_the_flag_is_silent(tmp_path: Path, pin: str) -> None:
    files = {"results.py": RESULTS[pin].replace("{flag}", ", failed=True"), "server.py": SERVERS[pin]}
    assert _project(tmp_path, pin, files) == []


def test_a_text_builder_is_reported_at_each_tool_return_and_once_at_its_own(tmp_path: Path) -> None:
    pin = "fastmcp==2.14.5"
    files = {"errors.py": TEXT_ERRORS, "tools.py": TEXT_TOOLS[pin]}
    assert _project(tmp_path, pin, files) == [("errors.py", 13), ("tools.py", 15), ("tools.py", 24)]


def test_a_text_builder_whose_value_is_raised_is_silent(tmp_path: Path) -> None:
    pin = "fastmcp==2.14.5"
    tools = TEXT_TOOLS[pin].replace("from fastmcp import FastMCP", "from fastmcp import FastMCP\nfrom fastmcp.exceptions import ToolError")
    tools = tools.replace('return error_response("No members found or guild not found", guild=guild)',
                          'raise ToolError(error_response("No members found or guild not found")["error"])')
    tools = tools.replace("return error_response(str(exc))", 'raise ToolError(error_response(str(exc))["error"]) from exc')
    assert _project(tmp_path, pin, {"errors.py": TEXT_ERRORS, "tools.py": tools}) == []
