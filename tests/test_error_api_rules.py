"""MCP205/MCP206/MCP208 where the project's pins decide (fixtures cannot carry a pin file)."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.diagnostics import Applicability
from mcplint.engine import lint_source

HELPER_MCP1_ERRORS = '''\
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def invalid_params(message: str) -> McpError:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))
'''

FASTMCP_PROMPT = '''\
from fastmcp import FastMCP
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

mcp = FastMCP("p")


@mcp.prompt
def greet(who: str) -> str:
    if not who:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="who is required"))
    return f"Hello {who}"
'''


def _lint(tmp_path: Path, requirement: str, source: str, code: str):
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "s"\ndependencies = ["{requirement}"]\n')
    path = tmp_path / "server.py"
    path.write_text(source)
    return [d for d in lint_source(source, path, Settings(select=(code,), preview=True)) if d.code == code]


def test_mcp205_uses_the_pinned_major_for_a_module_without_a_server(tmp_path: Path) -> None:
    found = _lint(tmp_path, "mcp==2.3.0", HELPER_MCP1_ERRORS, "MCP205")
    assert [(d.span.start.line, d.span.start.column) for d in found] == [(1, 34), (6, 11)]
    assert "2.3 pinned in pyproject.toml: mcp==2.3.0" in found[1].message
    call_fix = found[1].fix
    assert call_fix.applicability is Applicability.SAFE
    assert [e.content for e in call_fix.edits] == ["MCPError(code=INVALID_PARAMS, message=message)",
                                                   "from mcp.shared.exceptions import MCPError\n"]
    # The annotation ``-> McpError`` still uses the old name, so the import keeps it as an alias.
    assert [e.content for e in found[0].fix.edits] == ["MCPError as McpError"]


def test_mcp205_import_fix_drops_the_old_name_when_only_calls_use_it(tmp_path: Path) -> None:
    source = HELPER_MCP1_ERRORS.replace(" -> McpError", "")
    found = _lint(tmp_path, "mcp==2.3.0", source, "MCP205")
    assert [e.content for e in found[0].fix.edits] == ["MCPError"]
    assert [e.content for e in found[1].fix.edits] == ["MCPError(code=INVALID_PARAMS, message=message)"]


def test_mcp205_is_silent_when_the_major_is_not_fixed(tmp_path: Path) -> None:
    assert _lint(tmp_path, "mcp>=1.2", HELPER_MCP1_ERRORS, "MCP205") == []


def test_mcp205_is_silent_on_the_matching_major(tmp_path: Path) -> None:
    assert _lint(tmp_path, "mcp<2", HELPER_MCP1_ERRORS, "MCP205") == []


def test_mcp206_names_the_pinned_fastmcp_major(tmp_path: Path) -> None:
    found = _lint(tmp_path, "fastmcp==2.14.7", FASTMCP_PROMPT, "MCP206")
    assert [d.span.start.line for d in found] == [5]
    assert found[0].message.startswith("1 raise of McpError(INVALID_PARAMS) in prompt handlers reaches clients as "
                                       "code 0 ('Error rendering prompt ...') on fastmcp 2.x")
    assert [r.span.start.line for r in found[0].related] == [11]


def test_mcp206_is_silent_on_fastmcp_4(tmp_path: Path) -> None:
    assert _lint(tmp_path, "fastmcp==4.2.3", FASTMCP_PROMPT, "MCP206") == []


def test_mcp208_fix_sets_the_flag_false_and_is_unsafe() -> None:
    source = '''\
from mcp.server.lowlevel import Server

server = Server("s")


async def main(read, write):
    await server.run(read, write, server.create_initialization_options(), raise_exceptions=True)
'''
    [found] = [d for d in lint_source(source, "server.py", Settings(select=("MCP208",), preview=True))]
    assert (found.span.start.line, found.span.start.column) == (7, 74)
    assert found.fix.applicability is Applicability.UNSAFE
    assert [(e.span.start.column, e.content) for e in found.fix.edits] == [(91, "False")]


def test_mcp203_fix_rewrites_the_code_like_the_old_constant() -> None:
    source = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("s")


@server.get_prompt()
async def get_prompt(name, arguments):
    if name != "p":
        raise McpError(types.ErrorData(code=types.INTERNAL_ERROR, message="unknown prompt"))
    return types.GetPromptResult(messages=[])
'''
    [found] = lint_source(source, "server.py", Settings(select=("MCP203",), preview=True))
    assert found.span.start.line == 11
    assert found.fix.applicability is Applicability.UNSAFE
    assert [(e.span.start.column, e.span.end.column, e.content) for e in found.fix.edits] == [
        (44, 64, "types.INVALID_PARAMS")]


def test_mcp205_fix_for_mcp2_class_with_mcp1_arguments_keeps_the_arguments() -> None:
    source = '''\
from mcp import MCPError
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("s")


@server.call_tool()
async def call_tool(name, arguments):
    raise MCPError(ErrorData(code=INVALID_PARAMS, message="no tools"))
'''
    found = lint_source(source, "server.py", Settings(select=("MCP205",), preview=True))
    assert [(d.span.start.line, [e.content for e in d.fix.edits]) for d in found] == [
        (1, ["McpError"]),
        (10, ['McpError(ErrorData(code=INVALID_PARAMS, message="no tools"))']),
    ]
