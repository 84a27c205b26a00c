"""Every rule fixture: the reported (line, code) pairs equal the ``# error:`` annotations.

Unannotated lines are good examples that must stay silent (flake8-bugbear's layout).
"""

from __future__ import annotations

import re
from pathlib import Path

import libcst as cst
import pytest

from mcplint.checks import ALL_RULES, ENGINE_CODES
from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.model import build_model

FIXTURES = Path(__file__).parent / "fixtures"
_EXPECT = re.compile(r"#\s*error:\s*(MCP\d{3}(?:\s*,\s*MCP\d{3})*)")


def settings_for(path: Path) -> Settings:
    """Every default and preview rule, plus the folder's own code (so opt-in rules run there)."""
    return Settings(select=("ALL", path.parent.name), preview=True)


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
    found = {(d.span.start.line, d.code) for d in lint_source(text, path, settings_for(path))}
    assert found == expected(text)


def _stacks(path: Path) -> set[str]:
    model = build_model(cst.parse_module(path.read_text()), str(path))
    return {server.stack.value for server in model.servers}


#: Codes whose cases need a setting the fixture harness does not give (tests/test_version_setting.py).
SETTINGS_CODES = {"MCP003"}
CHECKED_CODES = [rule.code for rule in ALL_RULES
                 if (rule.code not in ENGINE_CODES or rule.code == "MCP001") and rule.code not in SETTINGS_CODES]


@pytest.mark.parametrize("code", CHECKED_CODES)
def test_every_rule_has_three_bad_and_three_good_cases_on_two_stacks(code: str) -> None:
    files = sorted((FIXTURES / code).glob("*.py"))
    texts = [p.read_text() for p in files]
    bad = sum(1 for t in texts for _, c in expected(t) if c == code)
    good = sum(t.count("# ok:") for t in texts)
    stacks = set().union(*(_stacks(p) for p in files)) if files else set()
    assert (bad >= 3, good >= 3, len(stacks) >= 2) == (True, True, True), (code, bad, good, sorted(stacks))
