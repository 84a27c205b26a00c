"""Every rule fixture: the reported (line, code) pairs equal the ``# error:`` annotations.

Unannotated lines are good examples that must stay silent (flake8-bugbear's layout).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source

FIXTURES = Path(__file__).parent / "fixtures"
_EXPECT = re.compile(r"#\s*error:\s*(MCP\d{3}(?:\s*,\s*MCP\d{3})*)")
ALL = Settings(select=("ALL",))


def expected(text: str) -> set[tuple[int, str]]:
    pairs = set()
    for number, line in enumerate(text.splitlines(), start=1):
        match = _EXPECT.search(line)
        if match:
            pairs.update((number, code.strip()) for code in match.group(1).split(","))
    return pairs


FILES = sorted(FIXTURES.glob("MCP*/*.py"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_fixture(path: Path) -> None:
    text = path.read_text()
    found = {(d.span.start.line, d.code) for d in lint_source(text, path, ALL)}
    assert found == expected(text)


def test_every_rule_has_bad_and_good_fixtures() -> None:
    for code in ("MCP101", "MCP102", "MCP103", "MCP201", "MCP202", "MCP301"):
        texts = [p.read_text() for p in (FIXTURES / code).glob("*.py")]
        assert any(f"error: {code}" in t for t in texts), code
        assert sum("# ok:" in t for t in texts) >= 2, code
