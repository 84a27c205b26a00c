"""Class A across modules: a value the server supplies on the path where a required argument is
missing (a computed fallback, a helper's other return, a model or dataclass field default, a
``__post_init__`` fill, an ``except KeyError`` assignment, a ``__missing__`` hook, a container
filled before the caller's keys (a copied or ``fromkeys`` prefill, a ``setdefault`` loop, a
``defaultdict``/``Counter``), a binder that applies parameter defaults (``inspect.signature``
binding, a present-keys splat), a value computed from another argument) is MCP101;
the correct twin (the value rejected on that path) is silent.

Each case under ``projects/missing_substitutes`` is a project pair: ``bad/`` marks the line
that must be reported with ``# error: MCP101``; ``good/`` is the smallest correct change and
must give no class A finding at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

CASES = sorted(p for p in (Path(__file__).parent / "projects" / "missing_substitutes").iterdir() if p.is_dir())
_MARK = re.compile(r"#\s*error:\s*(MCP\d{3})")


def _expected(root: Path) -> set[tuple[str, int, str]]:
    found = set()
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for code in _MARK.findall(line):
                found.add((path.relative_to(root).as_posix(), number, code))
    return found


def _class_a(root: Path) -> set[tuple[str, int, str]]:
    result = lint_paths([root], Settings(select=("MCP101", "MCP304"), preview=True))
    return {(Path(d.path).resolve().relative_to(root.resolve()).as_posix(), d.span.start.line, d.code)
            for d in result.diagnostics}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_substitute_on_the_missing_path_is_reported(case: Path) -> None:
    expected = _expected(case / "bad")
    assert len(expected) == 1
    assert _class_a(case / "bad") == expected


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_twin_that_rejects_the_missing_argument_is_silent(case: Path) -> None:
    assert _class_a(case / "good") == set()
