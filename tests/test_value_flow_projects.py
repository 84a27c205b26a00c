"""Batch 1 of the reach cases (``tests/projects/value_flow/<case>/{bad,good}``): small
multi-module servers whose handlers are reached only by following a value — an instance the
caller makes, a wrapper applied by call in a loop, a factory's table, a tuple entry called by
position, a server held by an imported class. Each ``bad`` tree has one planted fault that
must be reported on its line; its ``good`` twin, the smallest correct change, must stay
silent for the same class of codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

CASES = Path(__file__).parent / "projects" / "value_flow"
CLASS_CODES = {"A": ("MCP101", "MCP304"), "C": ("MCP301", "MCP302"),
               "D": ("MCP201", "MCP202", "MCP203", "MCP204", "MCP104", "MCP207")}
FAULTS = [
    ("01-D-toolset-instances-looped-attach", "notes_mcp/toolsets.py", 18, "MCP204"),
    ("02-C-audited-wrapper-applied-by-call", "share_mcp/files.py", 9, "MCP302"),
    ("03-D-dispatcher-factory-on-call-tool", "metrics_mcp/queries.py", 13, "MCP204"),
    ("04-A-tuple-table-index-call", "review_prompts/renderers.py", 11, "MCP101"),
    ("09-D-prompt-factory-loop-over-templates", "letters/factory.py", 11, "MCP201"),
    ("10-C-package-attribute-server-decorator", "tickets/handlers/search.py", 7, "MCP302"),
    ("11-D-class-attribute-server-classmethod-tools", "weather/forecast.py", 13, "MCP204"),
]


def _found(tree: Path, codes: tuple[str, ...]) -> list[tuple[str, int, str]]:
    result = lint_paths([tree], Settings(select=codes, preview=True))
    return sorted((Path(d.path).relative_to(tree).as_posix(), d.span.start.line, d.code) for d in result.diagnostics)


@pytest.mark.parametrize("case, path, line, code", FAULTS)
def test_the_planted_fault_is_reported_and_its_twin_is_silent(case, path, line, code) -> None:
    codes = CLASS_CODES[case.split("-")[1]]
    assert _found(CASES / case / "bad", codes) == [(path, line, code)]
    assert _found(CASES / case / "good", codes) == []
