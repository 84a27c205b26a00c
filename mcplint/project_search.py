"""Searches of a project's modules for a text, and the cache dependency that stands for one.

The model finds the callers of a registration function (``register_prompts(mcp)`` in another
module) by reading every project module whose bytes name it. The result then depends on
modules it did not use: one that appears later, or an edit that adds a call, changes it.
A *search dependency* records such a search in a file's cache entry (:mod:`mcplint.cache`):

* its stamp (:func:`search_stamp`) changes when any searched module is added, removed or
  edited, so a warm run never answers from stamps alone after such a change;
* its bytes (:func:`search_result`) are the sorted paths of the modules holding the text, so
  an edit elsewhere that adds no mention still lets the entry answer by its key.

This module imports no parser: a warm run checks dependencies without loading libcst.
"""

from __future__ import annotations

import os
import re
import time
import zlib
from pathlib import Path

from mcplint.regular_files import read_regular

__all__ = [
    "SKIPPED_FOLDERS", "holds", "is_search_dependency", "project_files", "search_dependency", "search_files",
    "search_result", "search_scope", "search_stamp",
]

#: Folders never searched: environments, caches, build output, other tools' data.
SKIPPED_FOLDERS = frozenset({"node_modules", "site-packages", "__pycache__", "build", "dist", "venv", "env"})
_MARK = "\0search\0"  # no path holds a NUL byte, so no file dependency looks like this
#: ``holds`` answers by (path, text, stamp): a process lints many files of one project and
#: each asks about the same modules. Bounded for the language server, which lives long.
_HOLDS: dict[tuple[str, bytes, bool, tuple], bool] = {}
_HOLDS_KEPT = 200_000
_SETTLE_NS = 2_000_000_000  # a file changed this recently may change again within its clock tick


def project_files(folder: Path | str, limit: int, recursive: bool = True) -> list[str]:
    """The ``.py`` files below ``folder`` (only in it unless ``recursive``; hidden folders,
    environments and build output skipped), at most ``limit``, in a sorted walk."""
    found: list[str] = []
    for current, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name not in SKIPPED_FOLDERS
                            and not os.path.isfile(os.path.join(current, name, "pyvenv.cfg"))) if recursive else []
        found.extend(os.path.join(current, name) for name in sorted(files) if name.endswith(".py"))
        if len(found) >= limit:
            return found[:limit]
    return found


def holds(path: str, text: bytes, whole_word: bool = False) -> bool:
    """Whether the file ``path`` holds the bytes ``text`` (False when unreadable); with
    ``whole_word``, as a name of its own (``serve(...)``, not inside ``server``)."""
    stamp = _stamp(path)
    key = (path, text, whole_word, stamp) if stamp is not None else None
    if key is not None and key in _HOLDS:
        return _HOLDS[key]
    try:
        data = read_regular(path)  # a FIFO named x.py would block the search
    except OSError:
        data = b""
    found = text in data and (not whole_word or re.search(rb"(?<!\w)" + re.escape(text) + rb"(?!\w)", data) is not None)
    if key is not None and max(stamp[1], stamp[2]) < time.time_ns() - _SETTLE_NS:  # else it may change unseen
        if len(_HOLDS) >= _HOLDS_KEPT:
            _HOLDS.clear()
        _HOLDS[key] = found
    return found


def search_dependency(folder: Path | str, text: bytes, limit: int, recursive: bool = True) -> str:
    """The dependency that stands for searching the ``.py`` files of ``folder`` (below it when
    ``recursive``, at most ``limit``) for ``text``. ``text`` is a Python name (ASCII or UTF-8)."""
    return f"{folder}{_MARK}{int(recursive)}\0{limit}\0{text.decode('utf-8', 'surrogateescape')}"


def is_search_dependency(dependency: str) -> bool:
    """Whether ``dependency`` came from :func:`search_dependency` (else it is a file or folder path)."""
    return _MARK in dependency


def search_scope(dependency: str) -> str:
    """What a search dependency looks at, without its text: searches of one folder for
    different texts share their files and their :func:`search_stamp`."""
    return dependency.rpartition("\0")[0]


def search_files(dependency: str) -> list[str]:
    """The files a search looks at (:func:`project_files` of its folder, limit and depth)."""
    folder, recursive, limit, _ = _parts(dependency)
    return project_files(folder, limit, recursive) if os.path.isdir(folder) else []


def search_stamp(files: list[str], stamps: list[tuple | None]) -> tuple[int, int, int, int]:
    """A stamp of a search over ``files`` (:func:`search_files`) whose own stamps are ``stamps``:
    ``(files, newest mtime_ns, newest ctime_ns, checksum of every path and stamp)``, shaped like
    :data:`mcplint.cache.Stamp`, so that a file added, removed or changed changes it."""
    known = [stamp or (0, 0, 0, 0) for stamp in stamps]
    checksum = zlib.crc32(repr(list(zip(files, known))).encode("utf-8", "surrogatepass"))
    return (len(files), max((s[1] for s in known), default=0), max((s[2] for s in known), default=0), checksum)


def search_result(dependency: str) -> bytes:
    """What the search found: the sorted paths of the files that hold its text, NUL-separated."""
    text = _parts(dependency)[3]
    found = [path for path in search_files(dependency) if not text or holds(path, text)]
    return "\0".join(found).encode("utf-8", "surrogatepass")


def _parts(dependency: str) -> tuple[str, bool, int, bytes]:
    folder, _, rest = dependency.partition(_MARK)
    recursive, limit, text = rest.split("\0", 2)
    return folder, recursive == "1", int(limit), text.encode("utf-8", "surrogateescape")


def _stamp(path: str) -> tuple[int, int, int, int] | None:
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)
