"""A `%` template in a handler whose reads are assigned to locals: the names the handler loads
are collected without the template's entries (a regression: that collection once referred to
the caller's table and crashed the model with a NameError, reported as MCP002)."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

BAD = Path(__file__).parent / "fixtures" / "MCP103" / "percent_template_read_into_locals_mcp1.py"


def test_a_percent_template_naming_every_key_is_silent_and_does_not_crash() -> None:
    source = BAD.read_text(encoding="utf-8").replace(
        'TEXT = "Write in a %(tone)s tone."', 'TEXT = "Write about %(topic)s in a %(tone)s tone."')
    assert [(d.code, d.span.start.line) for d in lint_source(source, "s.py", Settings(preview=True))] == []


def test_a_percent_template_missing_a_key_reports_the_template_only() -> None:
    found = lint_source(BAD.read_text(encoding="utf-8"), "s.py", Settings(preview=True))
    assert [(d.code, d.span.start.line) for d in found] == [("MCP103", 10)]
