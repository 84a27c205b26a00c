"""Class C across modules: each project under ``projects/class_c`` holds a ``bad`` tree (the raw
argument used beside the form made to replace it) and a ``good`` twin (the form used, the raw
value only quoted in an error). The bad tree draws exactly the listed MCP301/MCP302 finding;
the good tree draws none."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source

PROJECTS = Path(__file__).parent / "projects" / "class_c"

#: project -> the (module, line, code) its bad tree is reported at
EXPECTED = {
    "02_shlex_split_checked_raw_shell_true": {("runner/tools.py", 29, "MCP302")},
    "04_clamped_count_raw_rendered": {("ideas/prompts.py", 10, "MCP301")},
    "06_method_handler_canonical_lang_raw_rendered": {("tutor/prompts.py", 15, "MCP301")},
    "07_normpath_checked_raw_write_path": {("exporter/storage.py", 17, "MCP302")},
    "09_walrus_normalised_team_raw_rendered": {("oncall/handlers.py", 23, "MCP301")},
    "10_canonical_url_dedup_only_raw_rendered": {("digest/prompts.py", 17, "MCP301")},
}


def _class_c(tree: Path) -> set[tuple[str, int, str]]:
    found = set()
    for module in sorted(tree.rglob("*.py")):
        for d in lint_source(module.read_bytes(), module, Settings(preview=True)):
            if d.code in ("MCP301", "MCP302"):
                found.add((Path(d.path).resolve().relative_to(tree.resolve()).as_posix(), d.span.start.line, d.code))
    return found


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_the_raw_value_beside_its_form_is_reported_in_the_bad_tree(project: str) -> None:
    assert _class_c(PROJECTS / project / "bad") == EXPECTED[project]


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_the_good_twin_is_silent(project: str) -> None:
    assert _class_c(PROJECTS / project / "good") == set()
