"""One parse per file and process: the engine and the project-module cache share trees
(``mcplint.model.project.tree_for_lint`` / ``remember_linted``), without changing findings."""

from __future__ import annotations

from pathlib import Path

import libcst
import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.model import project

SPLIT = Path(__file__).parent / "projects" / "split_server"


def _forget() -> None:
    project._CACHE.clear()
    project._CACHE_DATA.clear()
    project._CACHE_CHECKS.clear()
    project._LINTED.clear()


def _lint_each(files: list[Path], *, share: bool) -> list[list]:
    found = []
    for file in files:
        if not share:
            _forget()
        found.append([repr(d) for d in lint_source(file.read_bytes(), file, Settings(preview=True))])
    return found


def _circular(tmp_path: Path) -> list[Path]:
    package = tmp_path / "pkg"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(
        'from mcp.server.fastmcp import FastMCP\nfrom .tools import check\n\nmcp = FastMCP("x")\n\n\n'
        '@mcp.prompt()\ndef ask(topic: str = "") -> str:\n    check(topic)\n    return f"About {topic}"\n')
    (package / "tools.py").write_text(
        'from .server import mcp\n\n\ndef check(value):\n    return value\n\n\n'
        '@mcp.tool()\ndef read(path: str) -> str:\n    return open(path).read()\n')
    return [package / "server.py", package / "tools.py", package / "server.py"]


@pytest.mark.parametrize("kind", ["split", "circular"])
def test_sharing_trees_changes_no_finding(tmp_path: Path, kind: str) -> None:
    files = sorted((SPLIT / "src").rglob("*.py")) * 2 if kind == "split" else _circular(tmp_path)
    _forget()
    alone = _lint_each(files, share=False)
    _forget()
    shared = _lint_each(files, share=True)
    assert shared == alone
    assert any(alone)


def test_each_file_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted((SPLIT / "src").rglob("*.py"))
    parsed = []
    real = libcst.parse_module
    monkeypatch.setattr(libcst, "parse_module", lambda source, *a, **k: (parsed.append(source), real(source, *a, **k))[1])
    _forget()
    _lint_each(files, share=True)
    assert len(parsed) <= len(files)


def test_a_module_read_for_an_import_is_not_judged_again_when_linted(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from mcplint import engine, syntax

    server, tools, _ = _circular(tmp_path)
    judged = []

    def counted(text):
        judged.append(text)
        return syntax.check_source(text)

    monkeypatch.setattr(engine, "check_source", counted)
    monkeypatch.setattr(project, "check_source", counted)
    _forget()
    _lint_each([server, tools], share=True)  # linting server.py reads tools.py first
    assert judged.count(tools.read_text()) == 1
    assert judged.count(server.read_text()) == 1


def test_a_verdict_is_reused_only_for_the_same_text(tmp_path: Path) -> None:
    file = tmp_path / "m.py"
    file.write_bytes(b"x = 1\n")
    _forget()
    assert project._load(file) is not None  # read as a project module: judged and parsed
    assert project.source_check_for_lint(str(file), b"x = 1\n", "x = 1\n").failure is None
    assert project.source_check_for_lint(str(file), b"x = 1\n", "x = 2\n") is None
    file.write_bytes(b"x = 1\r\n")
    _forget()
    assert project._load(file) is not None
    assert project.source_check_for_lint(str(file), b"x = 1\r\n", "x = 1\r\n") is None  # decoded otherwise


def test_only_plain_utf8_is_shared(tmp_path: Path) -> None:
    file = tmp_path / "m.py"
    for data in (b"\xef\xbb\xbfx = 1\n", b"# -*- coding: latin-1 -*-\nx = 1\n"):
        file.write_bytes(data)
        assert project._key_of(str(file), data) is None
    file.write_bytes(b"x = 1\n")
    assert project._key_of(str(file), b"x = 1\n") is not None
    assert project._key_of(str(file), b"x = 12\n") is None  # not what the file holds now


def test_import_probes_are_memoised_only_within_a_run(tmp_path: Path) -> None:
    importer = tmp_path / "server.py"
    importer.write_text("from .helpers import x\n")
    assert project._resolve(importer, ".helpers.x", tmp_path) is None
    (tmp_path / "helpers.py").write_text("x = 1\n")
    # Outside a run (the language server) the disk is probed again each time.
    assert project._resolve(importer, ".helpers.x", tmp_path) == ((tmp_path / "helpers.py").resolve(), "x")
    with project.file_system_still():
        found = project._resolve(importer, ".helpers.x", tmp_path)
        first = project._candidates(importer, ".helpers.x", tmp_path)
        first.append(Path("/elsewhere"))  # a caller's list is its own
        assert project._candidates(importer, ".helpers.x", tmp_path) == first[:-1]
        (tmp_path / "helpers.py").unlink()
        assert project._resolve(importer, ".helpers.x", tmp_path) == found  # as first probed
    assert project._resolve(importer, ".helpers.x", tmp_path) is None
