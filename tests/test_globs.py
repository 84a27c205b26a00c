"""``per-file-ignores`` patterns matched as ruff matches them (Rust's globset defaults).

The table is what ruff 0.17.6 reported on the same tree (``ruff check`` with
``[lint.per-file-ignores] "<pattern>" = ["F401"]`` in ``ruff.toml``, every file holding an
unused import): the files each pattern covers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.cli_flags import parse_per_file_ignores
from mcplint.config import Settings, enabled_codes
from mcplint.globs import anchored, escape, glob_regex, per_file_pattern_applies

ROOT = "/work/proj"
FILES = ["legacy/x.py", "legacy/sub/y.py", "a/b/test_z.py", "tests/t.py", "tests/deep/u.py", "src/v.py", "top.py"]


@pytest.mark.parametrize(("pattern", "covered"), [
    ("legacy/*.py", ["legacy/x.py", "legacy/sub/y.py"]),  # `*` crosses `/`, unlike gitignore
    ("test_*.py", ["a/b/test_z.py"]),  # a bare name matches in any folder
    ("legacy", []),  # a folder's name covers no file (gitignore would cover its files)
    ("legacy/", []),
    ("tests/*", ["tests/t.py", "tests/deep/u.py"]),
    ("**/tests/*.py", ["tests/t.py", "tests/deep/u.py"]),
    ("{legacy,src}/*.py", ["legacy/x.py", "legacy/sub/y.py", "src/v.py"]),
    ("./src/*.py", ["src/v.py"]),
    ("legacy/**", ["legacy/x.py", "legacy/sub/y.py"]),
    ("*/sub/*.py", ["legacy/sub/y.py"]),
    ("l?gacy/x.py", ["legacy/x.py"]),
    ("[lx]egacy/x.py", ["legacy/x.py"]),
    ("!legacy/*", ["a/b/test_z.py", "tests/t.py", "tests/deep/u.py", "src/v.py", "top.py"]),
])
def test_patterns_cover_the_files_ruff_covers(pattern: str, covered: list[str]) -> None:
    assert [f for f in FILES if per_file_pattern_applies(pattern, f"{ROOT}/{f}", ROOT)] == covered


def test_double_star_components_match_any_depth_including_none() -> None:
    assert [bool(glob_regex("a/**/b.py").fullmatch(text)) for text in ("a/b.py", "a/x/b.py", "a/x/y/b.py", "ab.py")] \
        == [True, True, True, False]
    assert glob_regex("**").fullmatch("any/thing.py") is not None


def test_unclosed_classes_and_braces_are_literal_and_escapes_work() -> None:
    assert glob_regex("a[b.py").fullmatch("a[b.py") is not None
    assert glob_regex("a{b.py").fullmatch("a{b.py") is not None
    assert glob_regex(r"a\*.py").fullmatch("a*.py") is not None
    assert glob_regex(r"a\*.py").fullmatch("ab.py") is None
    assert glob_regex("[!a]b").fullmatch("ab") is None and glob_regex("[!a]b").fullmatch("cb") is not None


def test_a_root_with_glob_characters_is_taken_literally() -> None:
    root = "/work/[x] proj"
    assert escape(root) == "/work/[[]x[]] proj"
    assert per_file_pattern_applies("src/*.py", f"{root}/src/a.py", root) is True
    assert per_file_pattern_applies("src/*.py", "/work/x proj/src/a.py", "/work/x proj") is True
    assert per_file_pattern_applies("src/*.py", "/work/x proj/src/a.py", root) is False


def test_config_patterns_are_relative_to_the_project_root(tmp_path: Path) -> None:
    ignores = (("legacy/*.py", ("MCP201",)), ("test_*.py", ("MCP2",)))
    settings = Settings(per_file_ignores=ignores, project_root=tmp_path)
    rules = [type("R", (), {"code": code, "opt_in": False, "preview": False})() for code in ("MCP101", "MCP201")]
    assert enabled_codes(settings, rules, tmp_path / "legacy" / "deep" / "s.py") == {"MCP101"}
    assert enabled_codes(settings, rules, tmp_path / "pkg" / "test_s.py") == {"MCP101"}
    assert enabled_codes(settings, rules, tmp_path / "pkg" / "legacy" / "s.py") == {"MCP101", "MCP201"}


def test_command_line_patterns_are_relative_to_the_working_directory() -> None:
    assert anchored("legacy/*.py", "/work/cwd") == "/work/cwd/legacy/*.py"
    assert anchored("!./legacy/*.py", "/work/cwd") == "!/work/cwd/legacy/*.py"
    assert anchored("test_*.py", "/work/cwd") == "test_*.py"  # a bare name: any folder
    assert parse_per_file_ignores(["proj/legacy/*.py:MCP201,MCP1", "conftest.py:MCP2"], cwd="/work") == (
        ("/work/proj/legacy/*.py", ("MCP201", "MCP1")), ("conftest.py", ("MCP2",)))
    root = "/work/proj"
    assert per_file_pattern_applies("/work/proj/legacy/*.py", "/work/proj/legacy/x.py", root) is True
    assert per_file_pattern_applies("/work/proj/legacy/*.py", "/work/proj/legacy/sub/y.py", root) is True
    assert per_file_pattern_applies("/work/proj/legacy/*.py", "/work/proj/src/v.py", root) is False
