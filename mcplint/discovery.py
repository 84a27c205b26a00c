"""Which files a run lints: walk the given paths the way ruff does.

* A directory is walked for ``*.py`` files, never following directory symlinks (no loops)
  and skipping directories it cannot read.
* Skipped while walking: well-known tool and environment directories
  (:data:`DEFAULT_EXCLUDED_DIRS`), the ``exclude`` / ``extend_exclude`` patterns, and, when
  ``respect_gitignore`` is set, whatever ``.gitignore`` files and ``.git/info/exclude``
  exclude. Patterns are gitignore-style and matched with ``pathspec``.
* A path named on the command line is the user's explicit choice: a named file is always
  linted, and a named directory is walked even if it is itself excluded or ignored (then
  only the rules found inside it apply). A named path that does not exist is reported in
  :attr:`Discovery.missing`.

The result is sorted and free of duplicates, so runs are deterministic.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pathspec import GitIgnoreSpec

from mcplint.config import Settings

__all__ = ["DEFAULT_EXCLUDED_DIRS", "Discovery", "discover_files", "excluded_by_config"]

#: Directory names never entered while walking (ruff's defaults, plus mcplint's cache).
DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".mypy_cache", ".nox",
        ".pants.d", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", "__pypackages__",
        "_build", "buck-out", "build", "dist", "node_modules", "venv", "site-packages",
        "__pycache__", ".mcplint_cache",
    }
)


@dataclass
class Discovery:
    """The outcome of :func:`discover_files`.

    ``names``: the paths to lint as text, sorted, each once, spelled as reached from the
    given paths (``src`` + ``a.py`` gives ``src/a.py``, as ``Path`` spells it); ``files``
    the same as ``Path`` objects (built on first use: a warm run over 10,000 files never
    needs them). ``missing``: given paths that do not exist, in the order given.
    ``absolute``: each of ``names`` as an absolute, normalised path, in the same order.
    ``named``: the absolute paths of the files named themselves (not found in a folder),
    which are linted even without MCP code (as ruff lints any file it is given).
    """

    names: list[str]
    missing: list[Path]
    absolute: list[str] = field(default_factory=list)
    reasons: dict[Path, str] = field(default_factory=dict)  # why a missing path could not be used
    named: set[str] = field(default_factory=set)  # absolute paths of the files given by name

    @property
    def files(self) -> list[Path]:
        """``names`` as ``Path`` objects."""
        return [Path(name) for name in self.names]

    def missing_messages(self) -> list[str]:
        """``<path>: <reason>`` for each missing path (``No such file or directory``,
        ``Too many levels of symbolic links``...), in the order given."""
        return [f"{path}: {self.reasons.get(path, 'No such file or directory')}" for path in self.missing]


#: Why a named path that is neither a regular file nor a directory is not linted.
NOT_A_FILE = "not a regular file or directory (to lint stdin, pass `-`)"


def discover_files(paths: Sequence[Path], settings: Settings) -> Discovery:
    """The Python files under ``paths`` that ``settings`` lets mcplint lint.

    Never raises for filesystem problems: unreadable directories are skipped and absent
    paths are reported in :attr:`Discovery.missing`.
    """
    found: dict[str, str] = {}  # absolute, normalised path -> path as reached
    missing: list[Path] = []
    reasons: dict[Path, str] = {}
    named: set[str] = set()
    excludes = _PatternSet.from_settings(settings)
    for path in paths:
        try:
            path.stat()
        except OSError as problem:  # absent, a dangling symlink or a loop, a name too long...
            if path not in missing:
                missing.append(path)
                reasons[path] = problem.strerror or "No such file or directory"
            continue
        if settings.force_exclude and excludes is not None and _excluded_by_name(excludes, path):
            continue  # pre-commit names every staged file; `exclude` must still hold
        if path.is_file():
            found.setdefault(os.path.abspath(path), str(path))
            named.add(os.path.abspath(path))
        elif path.is_dir():
            for file, absolute in _walk(path, settings, excludes):
                found.setdefault(absolute, file)
        elif path not in missing:
            # A FIFO, socket or device named on the command line (`mcplint <(cat x.py)`):
            # reading it could block or never end, and skipping it silently would pass the run.
            missing.append(path)
            reasons[path] = NOT_A_FILE
    ordered = sorted(found.items(), key=lambda item: item[1].split(os.sep))  # as Path.parts orders them
    return Discovery(names=[name for _, name in ordered], missing=missing,
                     absolute=[absolute for absolute, _ in ordered], reasons=reasons, named=named)


def excluded_by_config(settings: Settings, path: Path, linted: Path | None = None) -> bool:
    """Whether ``exclude`` / ``extend_exclude`` leave out the file ``path`` (or a folder above
    it, below the project root). The engine drops a finding that the lint of another module
    places in such a file: ruff never reports in a file its configuration excludes, and the
    answer must not depend on which file was named on the command line.

    ``linted`` is the file whose lint placed the finding. When it lies in an excluded folder
    that also holds ``path`` it was linted on purpose (named on the command line, as
    ``mcplint benchmarks/x`` with ``exclude = ["benchmarks"]``, which ruff lints too), and so is
    its neighbour: a helper beside it is not excluded."""
    excludes = _excludes_of(settings)
    if excludes is None or not _excluded_by_name(excludes, path):
        return False
    if linted is None:
        return True
    # Both files below one excluded folder that the lint entered on purpose: not excluded.
    common = Path(os.path.commonpath([os.path.abspath(path), os.path.abspath(linted)]))
    return not (_excluded_by_name(excludes, linted) and _excluded_by_name(excludes, common))


def _excludes_of(settings: Settings) -> "_PatternSet | None":
    """:meth:`_PatternSet.from_settings`, compiled once per settings (the engine asks per finding)."""
    key = (settings.exclude, settings.extend_exclude, settings.project_root, Path.cwd() if settings.project_root is None else None)
    if key not in _EXCLUDES:
        if len(_EXCLUDES) > 64:
            _EXCLUDES.clear()
        _EXCLUDES[key] = _PatternSet.from_settings(settings)
    return _EXCLUDES[key]


_EXCLUDES: dict[tuple, "_PatternSet | None"] = {}


def _excluded_by_name(excludes: "_PatternSet", path: Path) -> bool:
    """Whether ``exclude`` matches a named file or folder, or one of its parent directories."""
    absolute = Path(os.path.abspath(path))
    if excludes.verdict(absolute, is_dir=absolute.is_dir()):
        return True
    return any(excludes.verdict(parent, is_dir=True) for parent in absolute.parents
               if parent != excludes.base and excludes.base in parent.parents)


# --------------------------------------------------------------------------- patterns


@dataclass(frozen=True)
class _PatternSet:
    """Gitignore-style patterns relative to the directory ``base`` (absolute)."""

    base: Path
    spec: GitIgnoreSpec

    @classmethod
    def from_settings(cls, settings: Settings) -> _PatternSet | None:
        """``exclude`` + ``extend_exclude``, relative to the project root (else the cwd);
        ``None`` when there are none."""
        patterns = settings.exclude + settings.extend_exclude
        if not patterns:
            return None
        base = settings.project_root or Path.cwd()
        return cls(Path(os.path.abspath(base)), GitIgnoreSpec.from_lines(patterns))

    @classmethod
    def from_file(cls, file: Path) -> _PatternSet | None:
        """The patterns of an ignore file, relative to ``base``; ``None`` if unreadable."""
        try:
            lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return None
        return cls(file.parent, GitIgnoreSpec.from_lines(lines))

    def verdict(self, path: Path, is_dir: bool) -> bool | None:
        """``True`` excluded, ``False`` re-included by a ``!`` pattern, ``None`` no pattern
        matched. ``path`` is absolute; a path outside ``base`` is matched by its name only,
        so that patterns without a slash still apply to it."""
        try:
            relative = path.relative_to(self.base).as_posix()
        except ValueError:
            relative = path.name
        if relative == ".":
            return None  # the base directory itself: patterns describe what is below it
        # A trailing slash tells pathspec it is a directory, so `build/` patterns match it.
        return self.spec.check_file(relative + "/" if is_dir else relative).include


def _is_gitignored(stack: tuple[_PatternSet, ...], path: Path, is_dir: bool) -> bool:
    """Whether the ignore files in ``stack`` exclude ``path``.

    ``stack`` runs from least to most specific (``info/exclude``, the repository root's
    ``.gitignore``, ..., the innermost one); as in git, the innermost file with a matching
    pattern decides.
    """
    for patterns in reversed(stack):
        verdict = patterns.verdict(path, is_dir)
        if verdict is not None:
            return verdict
    return False


def _repository_root(directory: Path) -> Path | None:
    """The nearest directory at or above ``directory`` holding ``.git`` (a dir or, for
    worktrees and submodules, a file)."""
    for candidate in (directory, *directory.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def _ancestor_ignores(directory: Path) -> tuple[_PatternSet, ...]:
    """Ignore files that apply to ``directory`` from above it: the repository's
    ``.git/info/exclude`` and every ``.gitignore`` from the repository root down to the
    parent of ``directory`` (its own is read when the walk enters it). Empty outside a
    repository."""
    root = _repository_root(directory)
    if root is None:
        return ()
    inside = [d for d in reversed(directory.parents) if d == root or root in d.parents]
    files = [root / ".git" / "info" / "exclude", *(d / ".gitignore" for d in inside)]
    loaded = (_PatternSet.from_file(file) for file in files if file.is_file())
    return tuple(patterns for patterns in loaded if patterns is not None)


# --------------------------------------------------------------------------- walking


def _walk(root: Path, settings: Settings, excludes: _PatternSet | None) -> Iterator[tuple[str, str]]:
    """The ``*.py`` files under the directory ``root``, each as text spelled as ``root /
    ...`` would be, and as an absolute path.

    ``root`` itself is not checked against any pattern: the user named it. Patterns that
    exclude ``root`` itself are dropped for this walk, or nothing in it could be linted.
    """
    absolute_root = Path(os.path.abspath(root))
    ignores = _ancestor_ignores(absolute_root) if settings.respect_gitignore else ()
    if _is_gitignored(ignores, absolute_root, is_dir=True):
        ignores = ()
    if excludes is not None and excludes.verdict(absolute_root, is_dir=True):
        excludes = None
    # str(Path) is normalised, and names hold no separator: joining text spells it as `/` would.
    pending = [("" if str(root) == "." else str(root) + os.sep, absolute_root, ignores)]
    while pending:
        directory, absolute, ignores = pending.pop()
        if settings.respect_gitignore:
            ignores = ignores + _own_ignore(absolute)
        patterns = excludes is not None or bool(ignores)  # most folders have none: skip the Path work
        for entry, is_dir in _entries(absolute):
            name = entry.name
            if is_dir and name in DEFAULT_EXCLUDED_DIRS or not is_dir and not name.endswith(".py"):
                continue
            if patterns and _skipped(absolute / name, is_dir, excludes, ignores):
                continue
            if is_dir:
                pending.append((directory + name + os.sep, absolute / name, ignores))
            elif _is_file(entry):
                yield directory + name, entry.path  # scandir of an absolute path: absolute


def _own_ignore(directory: Path) -> tuple[_PatternSet, ...]:
    """The ``.gitignore`` of ``directory`` as a 0- or 1-tuple, to extend the stack with."""
    file = directory / ".gitignore"
    patterns = _PatternSet.from_file(file) if file.is_file() else None
    return (patterns,) if patterns is not None else ()


def _entries(directory: Path) -> list[tuple[os.DirEntry[str], bool]]:
    """``(entry, is real directory)`` pairs of ``directory``; empty if it cannot be read.

    Directory symlinks count as non-directories, so the walk never follows them.
    """
    try:
        with os.scandir(directory) as iterator:
            entries = list(iterator)
    except OSError:
        return []  # unreadable or vanished: lint what can be read
    return [(entry, _is_real_dir(entry)) for entry in entries]


def _is_real_dir(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a directory and not a symlink to one."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _is_file(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a regular file (or a symlink to one, which cannot loop)."""
    try:
        return entry.is_file()
    except OSError:
        return False


def _skipped(
    path: Path, is_dir: bool, excludes: _PatternSet | None, ignores: tuple[_PatternSet, ...]
) -> bool:
    """Whether the ``exclude`` patterns or the ignore files leave out ``path`` (absolute)."""
    if excludes is not None and excludes.verdict(path, is_dir):
        return True
    return _is_gitignored(ignores, path, is_dir)
