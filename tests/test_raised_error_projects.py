"""Raised-error cases (``tests/projects/raised_errors/<case>/{bad,good}``): small multi-module
servers where an exception leaves a handler, written or implicit (a parse, a conversion, a
lookup by the caller's value, a None result used, a program the caller named), and crosses the
project's boundaries (a decorator, a context manager with the classes it is handed) on its way
to the SDK. Each ``bad`` tree has one planted fault that must be reported on its line; its
``good`` twin, the smallest correct change, must draw no finding of class D there, and only
the findings listed (true ones the two trees share) elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

CASES = Path(__file__).parent / "projects" / "raised_errors"
D_CODES = ("MCP201", "MCP202", "MCP203", "MCP204", "MCP207")
FAULTS = [
    ("01-D-fromisoformat-method-handler-mcp2ll", "standup/dates.py", 5, "MCP201"),
    ("02-D-uuid-conversion-mcpserver", "tickets/store.py", 9, "MCP201"),
    ("03-D-shlex-split-unbalanced-quote-fm4", "explain/tokens.py", 5, "MCP201"),
    ("04-D-tomllib-loads-config-mcp1ll", "cfgreview/parse.py", 5, "MCP201"),
    ("05-D-dict-get-none-attribute-mcp2ll", "notes/styles.py", 17, "MCP201"),
    ("06-D-regex-subscript-none-typeerror-mcpserver", "semver_mcp/versions.py", 8, "MCP201"),
    ("07-D-ip-network-tool-escapes-mcp2ll", "subnets/calc.py", 5, "MCP207"),
    ("08-D-decorator-maps-to-internal-code-mcp1ll", "recipes/errors.py", 13, "MCP203"),
    ("09-D-contextmanager-catches-wrong-exception-mcp2ll", "mixer/prompts.py", 14, "MCP201"),
    ("10-D-jsondecodeerror-subclass-under-middleware-fm3", "dashq/filters.py", 5, "MCP201"),
    ("11-D-enum-name-subscript-keyerror-fm4", "incidents/severity.py", 11, "MCP201"),
    ("12-D-caller-chosen-binary-filenotfound-mcp2ll", "probe/runner.py", 5, "MCP207"),
    # batch 2, written before the branch was run on it
    ("13-D-xml-fromstring-parseerror-mcp1ll", "svgdoc/inspect.py", 5, "MCP201"),
    ("14-D-preset-get-none-subscript-mcpserver", "resize/presets.py", 9, "MCP201"),
    ("15-D-zoneinfo-cached-helper-middleware-fm3", "meetings/zones.py", 8, "MCP201"),
    ("16-D-decimal-amount-tool-method-mcp2ll", "ledger/entries.py", 23, "MCP207"),
    ("17-D-exit-class-boundary-internal-code-mcp1ll", "glossary/boundary.py", 11, "MCP203"),
    ("18-D-guess-type-none-split-fm4", "uploads/kinds.py", 9, "MCP201"),
]


def _found(tree: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([tree], Settings(select=D_CODES, preview=True))
    return sorted((Path(d.path).relative_to(tree).as_posix(), d.span.start.line, d.code) for d in result.diagnostics)


@pytest.mark.parametrize("case, path, line, code", FAULTS)
def test_the_planted_fault_is_reported_and_its_twin_is_silent(case, path, line, code) -> None:
    assert _found(CASES / case / "bad") == [(path, line, code)]
    assert _found(CASES / case / "good") == []
