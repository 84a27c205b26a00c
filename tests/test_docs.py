"""Rule documentation lookup: URL, page loading, unknown codes, and the pages in the wheel."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from mcplint import docs

REPO = Path(__file__).resolve().parent.parent


def test_rule_url_is_the_github_page_of_the_code() -> None:
    assert docs.rule_url("mcp202") == "https://github.com/mcplint/mcplint/blob/main/rules/MCP202.md"


def test_checkout_uses_the_repository_rules_folder() -> None:
    assert Path(str(docs.docs_directory())) == REPO / "rules"


@pytest.fixture
def pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "MCP202.md").write_text("# unguarded-argument-access (MCP202)\n", encoding="utf-8")
    (tmp_path / "MCP101.md").write_text("# required-argument-default (MCP101)\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a rule\n", encoding="utf-8")
    monkeypatch.setattr(docs, "docs_directory", lambda: tmp_path)
    return tmp_path


def test_rule_doc_reads_the_page_case_insensitively(pages: Path) -> None:
    assert docs.rule_doc("mcp202") == "# unguarded-argument-access (MCP202)\n"


@pytest.mark.parametrize("code", ["MCP999", "E501", "../MCP202", "notes"])
def test_rule_doc_raises_key_error_for_unknown_codes(pages: Path, code: str) -> None:
    with pytest.raises(KeyError):
        docs.rule_doc(code)


def test_all_rule_docs_lists_pages_in_code_order(pages: Path) -> None:
    assert list(docs.all_rule_docs()) == ["MCP101", "MCP202"]


def test_all_rule_docs_is_empty_without_a_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(docs, "docs_directory", lambda: None)
    assert docs.all_rule_docs() == {}


def test_wheel_ships_every_rule_page(tmp_path: Path) -> None:
    pages = sorted(path.name for path in (REPO / "rules").glob("MCP*.md"))
    if not pages:
        pytest.skip("rules/ has no pages yet")
    for name in ("pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, tmp_path / name)
    (tmp_path / "README.md").touch()
    shutil.copytree(REPO / "mcplint", tmp_path / "mcplint", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "rules", tmp_path / "rules")
    command = [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")]
    subprocess.run(command, cwd=tmp_path, check=True, capture_output=True)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    shipped = sorted(Path(n).name for n in zipfile.ZipFile(wheel).namelist() if n.startswith("mcplint/_rule_docs/"))
    assert shipped == pages


def test_readme_lists_every_rule_with_its_selection() -> None:
    """The README's rule table is the user's catalogue: every registered code, in order."""
    from mcplint.checks import ALL_RULES

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    listed = re.findall(r"^\| (MCP\d{3}) \| ([\w-]+) \|", readme, re.M)
    assert listed == [(rule.code, rule.name) for rule in ALL_RULES]
