"""Tests for mcplint.discovery: which files a run lints."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import mcplint.discovery as discovery
from mcplint.config import Settings
from mcplint.discovery import Discovery, discover_files


def touch(root: Path, *relative: str) -> None:
    for name in relative:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")


def names(result: Discovery, root: Path) -> list[str]:
    return [path.relative_to(root).as_posix() for path in result.files]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository root (only ``.git`` matters to discovery)."""
    (tmp_path / ".git" / "info").mkdir(parents=True)
    return tmp_path


def test_walks_python_files_sorted_and_deduplicated(tmp_path: Path) -> None:
    touch(tmp_path, "b.py", "a.py", "pkg/c.py", "notes.txt", "pkg/data.json")
    result = discover_files([tmp_path, tmp_path / "pkg", tmp_path / "a.py"], Settings())
    assert names(result, tmp_path) == ["a.py", "b.py", "pkg/c.py"]
    assert result.missing == []


def test_paths_keep_the_spelling_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "src/a.py")
    monkeypatch.chdir(tmp_path)
    assert discover_files([Path("src")], Settings()).files == [Path("src/a.py")]


def test_root_and_nested_gitignore(repo: Path) -> None:
    (repo / ".gitignore").write_text("generated/\n*_pb2.py\n", encoding="utf-8")
    (repo / ".git" / "info" / "exclude").write_text("scratch.py\n", encoding="utf-8")
    touch(repo, "app.py", "scratch.py", "x_pb2.py", "generated/g.py", "pkg/keep.py",
          "pkg/local.py", "other/local.py")
    (repo / "pkg" / ".gitignore").write_text("local.py\n", encoding="utf-8")
    expected = ["app.py", "other/local.py", "pkg/keep.py"]
    assert names(discover_files([repo], Settings()), repo) == expected


def test_nested_gitignore_can_reinclude(repo: Path) -> None:
    (repo / ".gitignore").write_text("*_pb2.py\n", encoding="utf-8")
    touch(repo, "a_pb2.py", "vendored/b_pb2.py")
    (repo / "vendored" / ".gitignore").write_text("!b_pb2.py\n", encoding="utf-8")
    assert names(discover_files([repo], Settings()), repo) == ["vendored/b_pb2.py"]


def test_gitignore_above_walked_directory_applies(repo: Path) -> None:
    (repo / ".gitignore").write_text("pkg/skip.py\n", encoding="utf-8")
    touch(repo, "pkg/skip.py", "pkg/keep.py")
    assert names(discover_files([repo / "pkg"], Settings()), repo) == ["pkg/keep.py"]


def test_respect_gitignore_false(repo: Path) -> None:
    (repo / ".gitignore").write_text("*.py\n", encoding="utf-8")
    touch(repo, "a.py")
    assert names(discover_files([repo], Settings(respect_gitignore=False)), repo) == ["a.py"]


def test_explicit_ignored_or_excluded_file_is_linted(repo: Path) -> None:
    (repo / ".gitignore").write_text("ignored.py\n", encoding="utf-8")
    touch(repo, "ignored.py", "excluded.py", "build/out.py")
    settings = Settings(exclude=("excluded.py",), project_root=repo)
    named = [repo / "ignored.py", repo / "excluded.py", repo / "build" / "out.py"]
    expected = ["build/out.py", "excluded.py", "ignored.py"]
    assert names(discover_files(named, settings), repo) == expected
    assert names(discover_files([repo], settings), repo) == []


def test_explicit_excluded_directory_is_walked(tmp_path: Path) -> None:
    touch(tmp_path, "tests/fixtures/f.py", "tests/test_x.py")
    settings = Settings(exclude=("tests/fixtures",), project_root=tmp_path)
    assert names(discover_files([tmp_path], settings), tmp_path) == ["tests/test_x.py"]
    assert names(discover_files([tmp_path / "tests" / "fixtures"], settings), tmp_path) == [
        "tests/fixtures/f.py"
    ]


def test_default_excluded_directories(tmp_path: Path) -> None:
    touch(tmp_path, "app.py", ".venv/lib/x.py", "node_modules/y.py", "__pycache__/z.py",
          "build/b.py", "pkg/.tox/t.py", "pkg/site-packages/s.py", "pkg/mod.py")
    assert names(discover_files([tmp_path], Settings()), tmp_path) == ["app.py", "pkg/mod.py"]


def test_exclude_and_extend_exclude(tmp_path: Path) -> None:
    touch(tmp_path, "a.py", "gen/g.py", "pkg/old_x.py", "pkg/new.py")
    settings = Settings(exclude=("gen",), extend_exclude=("old_*.py",), project_root=tmp_path)
    assert names(discover_files([tmp_path], settings), tmp_path) == ["a.py", "pkg/new.py"]


def test_exclude_relative_to_cwd_without_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    touch(tmp_path, "a.py", "sub/gen/g.py")
    monkeypatch.chdir(tmp_path)
    assert discover_files([Path(".")], Settings(exclude=("/sub/gen",))).files == [Path("a.py")]


def test_missing_paths(tmp_path: Path) -> None:
    touch(tmp_path, "a.py")
    (tmp_path / "dangling.py").symlink_to(tmp_path / "gone.py")
    named = [tmp_path / "nope.py", tmp_path / "a.py", tmp_path / "dangling.py"]
    result = discover_files(named, Settings())
    assert result.files == [tmp_path / "a.py"]
    assert result.missing == [tmp_path / "nope.py", tmp_path / "dangling.py"]


def test_directory_symlink_loop_is_not_followed(tmp_path: Path) -> None:
    touch(tmp_path, "pkg/a.py")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "pkg" / "link.py").symlink_to(tmp_path / "pkg" / "a.py")
    assert names(discover_files([tmp_path], Settings()), tmp_path) == ["pkg/a.py", "pkg/link.py"]


def test_unreadable_directory_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "a.py", "locked/b.py")
    real_scandir = os.scandir

    def scandir(path: os.PathLike[str]) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    # Root ignores chmod, so simulate the permission error at the scandir call.
    monkeypatch.setattr(discovery.os, "scandir", scandir)
    assert names(discover_files([tmp_path], Settings()), tmp_path) == ["a.py"]


def test_force_exclude_applies_exclude_to_named_files(tmp_path: Path) -> None:
    (tmp_path / "legacy").mkdir()
    old, new = tmp_path / "legacy" / "old.py", tmp_path / "new.py"
    old.write_text("import mcp\n")
    new.write_text("import mcp\n")
    settings = Settings(exclude=("legacy",), project_root=tmp_path)
    assert discover_files([old, new], settings).files == [old, new]  # named files are linted, like ruff
    assert discover_files([old, new], settings.with_overrides(force_exclude=True)).files == [new]
    # A named folder that `exclude` matches is skipped too, as ruff does.
    assert discover_files([tmp_path / "legacy"], settings.with_overrides(force_exclude=True)).files == []
