"""A control character or line break quoted from the source (a key, a prompt name) or from a
file name stays escaped: each diagnostic is one line in the single-line formats and a valid
command in github / azure (adversarial case 03)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.diagnostics import Diagnostic, RelatedLocation, Span, one_line
from mcplint.engine import lint_source
from mcplint.reporters import render

SERVER = '''from mcp import types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="review", arguments=[types.PromptArgument(name="code", description="d", required=False)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    if name != "review":
        raise ValueError("unknown")
    code = (arguments or {}).get("co\\nde\\x1b[31m\\u2028x\\ty", "")
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=code))])
'''


def _diagnostics(tmp_path: Path) -> list[Diagnostic]:
    path = tmp_path / "server.py"
    path.write_text(SERVER)
    return lint_source(path.read_bytes(), str(path), Settings())


@pytest.mark.parametrize("fmt", ["concise", "grouped", "pylint", "github", "azure", "full"])
def test_a_quoted_newline_keeps_each_diagnostic_on_one_line(tmp_path: Path, fmt: str) -> None:
    diagnostics = _diagnostics(tmp_path)
    [read] = [d for d in diagnostics if d.code == "MCP102"]
    assert "reads 'co\\nde\\x1b[31m\\u2028x\\ty'" in read.message
    output = render(diagnostics, fmt, lambda path: None)
    lines = [line for line in output.splitlines() if "MCP102" in line]
    assert len(lines) == 1 and "x" in lines[0] and lines[0].rstrip().endswith("not declared")
    assert "\x1b" not in output and "\u2028" not in output


def test_a_file_name_with_a_newline_stays_on_its_line() -> None:
    diagnostic = Diagnostic("MCP102", "undeclared-argument-read", "m", "a\nb.py", Span.point(1, 0),
                            related=(RelatedLocation("x.py", Span.point(1, 0), "declared\nhere"),))
    for fmt in ("concise", "grouped", "pylint", "full"):
        assert "a\\nb.py" in render([diagnostic], fmt, lambda path: None)
    assert diagnostic.related[0].message == "declared\\nhere"


def test_one_line_is_idempotent_and_leaves_plain_text_alone() -> None:
    assert one_line("plain 'text' \\n") == "plain 'text' \\n"
    assert one_line(one_line("a\r\nb\x00\x85")) == "a\\r\\nb\\x00\\x85"
