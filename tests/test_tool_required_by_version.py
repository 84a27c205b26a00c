"""A bare ``.get()`` of a required tool property on mcp 1.x low-level: dead code where the SDK
checks ``inputSchema`` before the handler runs (1.10 and later, the assumed newest 1.x), a
silent None where it does not (1.9 and earlier: ``../shared/FRAMEWORKS.md`` §1)."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

SOURCE = '''\
import mcp.types as types
from mcp.server import Server

server = Server("notes")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="read-note", inputSchema={"type": "object", "properties": {"note_id": {"type": "string"}},
                                                      "required": ["note_id"]})]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != "read-note":
        raise ValueError(f"Unknown tool: {name}")
    note_id = arguments.get("note_id")
    return [types.TextContent(type="text", text=open_note(note_id))]


def open_note(note_id):
    return str(note_id)
'''


def _codes(mcp_version: str | None) -> set[tuple[int, str]]:
    settings = Settings(select=("ALL",), preview=True, mcp_version=mcp_version)
    return {(d.span.start.line, d.code) for d in lint_source(SOURCE, Path("server.py"), settings)}


def test_bare_get_of_required_tool_property_before_validation() -> None:
    assert _codes("1.9") == {(17, "MCP101"), (18, "MCP301")}


def test_bare_get_of_required_tool_property_is_dead_where_the_sdk_validates() -> None:
    assert _codes("1.10") == set()
    assert _codes(None) == set()


def test_script_metadata_pin_before_validation(tmp_path: Path) -> None:
    # PEP 723: the file's own `# /// script` block pins mcp 1.6 for `uv run server.py`.
    header = '# /// script\n# dependencies = ["mcp==1.6.0"]\n# ///\n'
    path = tmp_path / "server.py"
    path.write_text(header + SOURCE, encoding="utf-8")
    settings = Settings(select=("ALL",), preview=True)
    found = {(d.span.start.line, d.code) for d in lint_source(path.read_text(), path, settings)}
    assert found == {(20, "MCP101"), (21, "MCP301")}
