"""A finding placed in another module than the one linted (a helper of ``handlers.py`` reached
from the handler of ``server.py``) is judged by that module's ``noqa`` comments, config and
``--add-noqa`` alike, whichever file was named on the command line (adversarial cases 07, 08, 11)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcplint.cli import cli

PROJECT = Path(__file__).parent / "projects" / "split_server"


def _project(tmp_path: Path, config: str = "") -> Path:
    shutil.copytree(PROJECT, tmp_path / "split_server")
    root = tmp_path / "split_server"
    if config:
        with (root / "pyproject.toml").open("a") as handle:
            handle.write("\n[tool.mcplint]\n" + config)
    return root


def _check(root: Path, *args: str) -> tuple[int, list[str]]:
    cwd = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", "-q", *args],
                                    catch_exceptions=False)
    finally:
        os.chdir(cwd)
    lines = [line.split(" ", 2)[0] + " " + line.split(" ", 2)[1] for line in result.output.splitlines() if ": MCP" in line]
    return result.exit_code, lines


HANDLERS = "src/deploybot/handlers.py"
SERVER = "src/deploybot/server.py"
MCP101 = "src/deploybot/server.py:23:15: MCP101"
MCP102 = "src/deploybot/handlers.py:7:12: MCP102"


def _with_noqa(root: Path) -> Path:
    handlers = root / HANDLERS
    handlers.write_text(handlers.read_text().replace('"")\n', '"")  # noqa: MCP102\n'))
    return handlers


@pytest.mark.parametrize("named", [".", HANDLERS, SERVER, "src"])
def test_a_noqa_in_a_helper_module_is_used_whichever_file_is_linted(tmp_path: Path, named: str) -> None:
    root = _project(tmp_path)
    _with_noqa(root)
    _, found = _check(root, named)
    assert not any("MCP001" in line for line in found)
    assert not any("MCP102" in line for line in found)


def test_fix_keeps_a_noqa_used_by_a_finding_found_through_another_module(tmp_path: Path) -> None:
    root = _project(tmp_path)
    handlers = _with_noqa(root)
    for named in (HANDLERS, "."):
        _check(root, "--fix", named)
        assert "# noqa: MCP102" in handlers.read_text()


def test_a_noqa_unused_in_the_whole_project_is_still_reported(tmp_path: Path) -> None:
    root = _project(tmp_path)
    handlers = root / HANDLERS
    handlers.write_text(handlers.read_text().replace("{code}\"\n", "{code}\"  # noqa: MCP101\n"))
    for named in (".", HANDLERS):
        assert "src/deploybot/handlers.py:8:44: MCP001" in _check(root, named)[1]


@pytest.mark.parametrize("named", [".", SERVER])
def test_per_file_ignores_apply_to_the_file_a_finding_is_reported_in(tmp_path: Path, named: str) -> None:
    root = _project(tmp_path, 'per-file-ignores = {"src/deploybot/handlers.py" = ["MCP102"]}\n')
    assert _check(root, named)[1] == [MCP101]


@pytest.mark.parametrize("named", [".", SERVER])
def test_per_file_ignores_of_the_linted_file_do_not_hide_findings_in_another(tmp_path: Path, named: str) -> None:
    root = _project(tmp_path, 'per-file-ignores = {"src/deploybot/server.py" = ["MCP102"]}\n')
    assert _check(root, named)[1] == [MCP102, MCP101]


@pytest.mark.parametrize("named", [".", SERVER])
def test_exclude_applies_to_the_file_a_finding_is_reported_in(tmp_path: Path, named: str) -> None:
    root = _project(tmp_path, 'exclude = ["src/deploybot/handlers.py"]\n')
    assert _check(root, named)[1] == [MCP101]


@pytest.mark.parametrize("named", [".", SERVER])
def test_add_noqa_writes_the_noqa_where_a_finding_is_reported(tmp_path: Path, named: str) -> None:
    root = _project(tmp_path)
    _check(root, "--add-noqa", named)
    assert '"")  # noqa: MCP102\n' in (root / HANDLERS).read_text()
    assert _check(root, ".") == (0, [])
    assert _check(root, named) == (0, [])


@pytest.mark.parametrize("named", ["src", "src/deploybot", SERVER])
def test_a_folder_excluded_but_named_reports_in_its_helper_modules(tmp_path: Path, named: str) -> None:
    # ruff lints what is named inside an excluded folder; the helper beside the named file
    # is inside the same excluded folder, so its findings are reported too.
    root = _project(tmp_path, 'exclude = ["src"]\n')
    assert _check(root, named)[1] == [MCP102, MCP101]


def test_a_helper_in_another_excluded_folder_stays_excluded(tmp_path: Path) -> None:
    root = _project(tmp_path, 'exclude = ["src/deploybot/server.py", "src/deploybot/handlers.py"]\n')
    assert _check(root, SERVER)[1] == [MCP101]


def test_a_helper_module_named_alone_reports_what_the_project_lint_places_in_it(tmp_path: Path) -> None:
    # `mcplint handlers.py` answers as `mcplint .` does for that file (ruff: one file's
    # findings do not depend on which file was named).
    root = _project(tmp_path)
    assert _check(root, HANDLERS)[1] == [MCP102]
    assert _check(root, ".")[1] == [MCP102, MCP101]


def test_a_noqa_in_the_helper_silences_the_finding_placed_there_when_named_alone(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _with_noqa(root)
    assert _check(root, HANDLERS) == (0, [])
