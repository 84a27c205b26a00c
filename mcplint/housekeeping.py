"""``mcplint clean`` and ``mcplint check --watch``: the commands around a lint run.

* :func:`cache_folders` finds the ``.mcplint_cache`` folders under some paths (``mcplint
  clean`` removes them, as ``ruff clean`` removes ``.ruff_cache``), never following symlinks.
* :func:`watch` re-runs a lint whenever a Python file or a config file under the paths
  changes, as ``ruff check --watch`` does; file events come from ``watchfiles``.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from mcplint.cache import CACHE_DIR_NAME
from mcplint.config import ALL_CONFIG_FILE_NAMES

__all__ = ["WATCHED_CONFIGS", "cache_folders", "remove_cache", "watch"]

#: Files besides ``*.py`` whose change re-runs a ``--watch`` lint: every config file name.
WATCHED_CONFIGS = frozenset(ALL_CONFIG_FILE_NAMES)


def cache_folders(paths: Sequence[Path]) -> Iterator[Path]:
    """Every ``.mcplint_cache`` folder at or under ``paths`` (folders; a missing path gives
    none), without entering one it found or any symlinked folder."""
    for path in paths:
        if path.name == CACHE_DIR_NAME and path.is_dir() and not path.is_symlink():
            yield path
            continue
        for folder, subfolders, _files in os.walk(path):
            if CACHE_DIR_NAME in subfolders and not os.path.islink(os.path.join(folder, CACHE_DIR_NAME)):
                yield Path(folder) / CACHE_DIR_NAME
            subfolders[:] = [name for name in subfolders if name != CACHE_DIR_NAME]


def remove_cache(folder: Path) -> str | None:
    """Delete ``folder`` and everything in it; an error message when that failed, else None."""
    try:
        shutil.rmtree(folder)
    except OSError as error:
        return f"{folder}: cannot remove the cache: {error.strerror or error}"
    return None


def watch(paths: Sequence[Path], run: Callable[[], object], notify: Callable[[str], None],
          stop: Callable[[], bool] = lambda: False,
          lintable: Callable[[], set[str]] | None = None) -> None:
    """Run ``run`` now and again after every batch of changes to a ``*.py`` or config file
    under ``paths`` or beside a file of them (other files, such as the cache's own, are
    ignored); ``notify`` gets
    ruff's ``[HH:MM:SS] Starting linter in watch mode...`` / ``File change detected...``
    lines. Returns when interrupted (Ctrl-C) or when ``stop()`` is true after a run.

    ``lintable`` gives the absolute paths a run would lint now (discovery with the current
    settings): a batch touching none of them, before or after, and no config file is
    skipped, so a ``pip install`` into an excluded ``.venv`` does not re-lint every second."""
    from watchfiles import watch as changes  # only in watch mode

    notify(_stamped("Starting linter in watch mode..."))
    _survive(run)
    known = lintable() if lintable is not None else set()
    try:
        for batch in changes(*_watched(paths), watch_filter=_relevant, raise_interrupt=False):
            if stop():
                return
            if lintable is not None:
                now = lintable()
                touched = {os.path.abspath(path) for _change, path in batch}
                relevant = changes_lint(touched, known | now)
                known = now
                if not relevant:
                    continue
            notify(_stamped("File change detected..."))
            _survive(run)
    except KeyboardInterrupt:
        return


def changes_lint(touched: set[str], lintable: set[str]) -> bool:
    """Whether a batch of changed absolute paths can change a lint: a config file, or a file
    that was or now is among the ``lintable`` ones (a deleted file was, a new one is)."""
    return any(os.path.basename(path) in WATCHED_CONFIGS for path in touched) or bool(touched & lintable)


def _watched(paths: Sequence[Path]) -> list[Path]:
    """What to watch for ``paths``: a folder itself, a file's folder (so that a config file
    created or changed beside it is seen too); each once."""
    folders = {os.path.abspath(path if path.is_dir() else path.parent) for path in paths if path.exists()}
    return [Path(folder) for folder in sorted(folders)] or [Path(".")]


def _survive(run: Callable[[], object]) -> None:
    """Run once; a run that exits (a config error, reported already) leaves the watch going,
    so fixing the config brings the next run."""
    try:
        run()
    except SystemExit:
        pass


def _relevant(_change: object, path: str) -> bool:
    """Whether a changed file can change the findings: Python sources and config files."""
    name = os.path.basename(path)
    return (name.endswith(".py") or name in WATCHED_CONFIGS) and f"{os.sep}{CACHE_DIR_NAME}{os.sep}" not in path


def _stamped(message: str) -> str:
    """``[14:03:07] message``, as ruff's watch mode prefixes its notes."""
    return f"[{time.strftime('%H:%M:%S')}] {message}"
