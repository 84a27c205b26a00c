"""MCP302 on mcp 1.x low-level (>= 1.10 checks tool input against ``inputSchema``): the schema
the rule consults is the one the model evaluated where ``list_tools`` built the list, locals
included, in a project of its own (as the CLI lints it)."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

FIXTURE = Path(__file__).parent / "fixtures" / "MCP302" / "local_schema_mcp1.py"


def test_schema_in_a_local_of_list_tools_is_read(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "rows"\ndependencies = ["mcp==1.12.0"]\n')
    server = tmp_path / "server.py"
    server.write_text(FIXTURE.read_text())
    found = {(d.span.start.line, d.code) for d in lint_source(server.read_text(), server, Settings(preview=True))}
    # the free-text `sort` of "rows" reaches the SQL; the enum of "rows-listed" is checked by the SDK
    assert found == {(36, "MCP302")}
