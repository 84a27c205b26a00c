"""Declared arguments whose value reaches nothing, in small multi-module projects.

Each folder of ``tests/projects/unread/`` holds one project twice: ``bad/`` with one planted
fault whose finding line carries ``# error: MCPxxx``, and ``good/``, the same project made
correct by the smallest change, which must draw no MCP102/MCP103 finding. Shapes: a helper two
calls down that ignores its parameter, a parameter's name sent as text, a template filled by a
project helper, a key only the defaults of a ChainMap hold, arguments declared by a
comprehension, and a string.Template placeholder no declaration names; and values whose every
path ends without effect (mcplint.model.value_fates): a header overwritten before it is read,
a method two calls down that ignores the value, a key filtered out of a copy, a normalised
value nobody keeps, a branch that only logs, a test that only rejects, a client log line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

UNREAD = Path(__file__).parent / "projects" / "unread"
CASES = sorted(path for path in UNREAD.iterdir() if path.is_dir())
_EXPECT = re.compile(r"#\s*error:\s*(MCP\d{3}(?:\s*,\s*MCP\d{3})*)")
_SETTINGS = Settings(select=("MCP102", "MCP103"), preview=True)


def _found(tree: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([tree], _SETTINGS)
    return sorted((str(Path(d.path).resolve().relative_to(tree.resolve())), d.span.start.line, d.code)
                  for d in result.diagnostics)


def _expected(tree: Path) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(tree.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = _EXPECT.search(line)
            if match:
                found.extend((str(path.relative_to(tree)), number, code.strip()) for code in match.group(1).split(","))
    return sorted(found)


@pytest.mark.parametrize("case", CASES, ids=[path.name for path in CASES])
def test_the_planted_fault_is_reported_where_it_is_annotated(case: Path) -> None:
    expected = _expected(case / "bad")
    assert len(expected) == 1
    assert _found(case / "bad") == expected


@pytest.mark.parametrize("case", CASES, ids=[path.name for path in CASES])
def test_the_corrected_twin_draws_no_finding(case: Path) -> None:
    assert _found(case / "good") == []
