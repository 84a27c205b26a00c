"""A content-hash cache of each file's diagnostics, so that a second run skips unchanged files.

Layout: ``<root>/.mcplint_cache/<mcplint version>/<sha256 of the absolute path>.json``, where
``root`` is the config's ``project_root`` or else the common parent of the linted paths. The
cache folder holds a ``.gitignore`` containing ``*`` and a ``CACHEDIR.TAG``
(https://bford.info/cachedir/), so neither git nor backup tools pick it up.

An entry is valid only while its *key* still matches: the SHA-256 of

* mcplint's version and a stamp of its own installed modules (so an upgrade, or an edit of
  an editable install, never serves stale results),
* the settings (a stable ``repr`` of the frozen :class:`~mcplint.config.Settings`),
* the file's path and bytes,
* the bytes of the project modules its model read (``FileModel.dependencies``, recorded in
  the entry since they are known only after linting), and what its searches of the
  project found (the modules naming a registration function whose callers it looked for:
  :mod:`mcplint.project_search`), so a caller added or edited later invalidates it,
* the bytes of the dependency and lock files that fix its framework versions
  (:func:`mcplint.versions.pin_files`).

Reading and hashing every input is itself most of a warm run's cost, so an entry also
records each input's :data:`Stamp` (size, modification and change times, inode) and is
served on stamps alone while they all still match (:meth:`Cache.by_stamps`); a
:class:`PrefilterIndex` likewise remembers, by stamp, the files that fail the prefilter.
A file changed within two seconds of being read is never vouched for by its stamp.

Several runs may share one cache: an entry is written to a temporary file and moved into
place with ``os.replace``, so a reader sees a whole entry or none; an unreadable or corrupt
entry is a miss. Only files that pass the engine's ``b"mcp"`` prefilter get an entry (the
others have no diagnostics; the prefilter index is all they need). The language
server never uses this cache: it lints unsaved buffers.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mcplint import __version__
from mcplint.config import Settings
from mcplint.diagnostics import (
    Applicability,
    Diagnostic,
    Edit,
    Fix,
    Position,
    RelatedLocation,
    Severity,
    Span,
)
from mcplint.project_search import is_search_dependency, search_files, search_result, search_scope, search_stamp
from mcplint.regular_files import read_regular
from mcplint.versions import pin_files

__all__ = [
    "CACHE_DIR_NAME",
    "Cache",
    "PrefilterIndex",
    "Stamp",
    "cache_root",
    "file_stamp",
    "may_report",
    "diagnostic_from_dict",
    "diagnostic_to_dict",
    "known_diagnostics",
]

CACHE_DIR_NAME = ".mcplint_cache"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by mcplint.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)
_FORMAT = 7  # bump when the entry layout or the prefilter changes (7: decorators named tool/prompt)
#: The engine's prefilter: a file with none of these bytes has no diagnostics (mcplint.engine).
#: Besides ``mcp``, the registration members: a module may register on a server it imports
#: under another name (``from .app import server`` then ``@server.prompt()``), or through a
#: project decorator that registers what it decorates (``@safe_tool``, ``@guarded_prompt(...)``),
#: or the server's own member imported under its name (``tool = mcp.tool`` in ``app.py``, then
#: ``from .app import tool`` ... ``@tool()``).
PREFILTER_TOKENS = (b"mcp", b".prompt", b".tool", b"get_prompt", b"call_tool", b"list_prompts", b"list_tools",
                    b"add_request_handler", b".add_tool", b".add_prompt", b"_tool", b"_prompt", b"@tool",
                    b"@prompt")
_TEXT_TOKENS = tuple(token.decode() for token in PREFILTER_TOKENS)


def has_mcp_code(data: bytes | str) -> bool:
    """Whether a file's contents may hold MCP server code (the cheap prefilter)."""
    tokens = PREFILTER_TOKENS if isinstance(data, bytes) else _TEXT_TOKENS
    return any(token in data for token in tokens)


_MCPLINT_NOQA = re.compile(r"noqa[^\r\n]*?mcp\d", re.IGNORECASE)
_MCPLINT_NOQA_BYTES = re.compile(_MCPLINT_NOQA.pattern.encode(), re.IGNORECASE)


def may_report(data: bytes | str) -> bool:
    """Whether linting a file may report anything: it may hold MCP code (:func:`has_mcp_code`),
    or it holds a ``# noqa`` naming an mcplint code, which MCP001 judges even in a module
    without MCP code (a helper whose finding a server module places in it: a stale comment
    there must be reported in a folder's lint as when the file is named alone)."""
    if has_mcp_code(data):
        return True
    # `mcp` in lower case already passed has_mcp_code: only the upper-case spelling is left
    if isinstance(data, bytes):
        return b"MCP" in data and _MCPLINT_NOQA_BYTES.search(data) is not None
    return "MCP" in data and _MCPLINT_NOQA.search(data) is not None


def known_diagnostics(
    path: Path | str, cache: Cache | None, index: PrefilterIndex | None = None, absolute: str | None = None,
    named: bool = False,
) -> list[Diagnostic] | None:
    """The diagnostics of ``path`` found without linting it, or None when it must be linted.

    A file that fails the engine's prefilter (:func:`may_report`) has none: ``index`` answers that
    from the file's stamp alone when it saw the same stamp before, else the bytes are read
    (and the answer recorded in ``index``). Otherwise ``cache`` answers when it has a
    matching entry, from stamps when every input's stamp is as recorded, else from the key
    of the bytes. A file that cannot be read is left to the linter, which reports the error.
    ``absolute``: ``path`` made absolute, when the caller knows it already. A ``named`` file
    (given by name, linted even without MCP code) is answered by the cache alone.
    """
    started = time.time_ns()
    stamp = file_stamp(path)
    absolute = absolute or os.path.abspath(path)
    if index is not None and not named and index.is_clean(absolute, stamp):
        return []
    entry = cache.entry(path) if cache is not None else None
    if entry is not None and stamp is not None:
        found = cache.by_stamps(path, stamp, entry)
        if found is not None:
            return found
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not may_report(data):
        if named:
            return None  # linted: a syntax error there is MCP000 (its result is not cached)
        if index is not None and settled(stamp, started):
            index.record_clean(absolute, stamp)
        return []
    if entry is None:
        return None
    found = cache.by_key(path, data, entry)
    if found is not None:
        cache.restamp(Path(path), stamp, entry, started)
    return found


# -- stamps -----------------------------------------------------------------------------------

#: A file's ``(size, mtime_ns, ctime_ns, inode)``: while all four are unchanged its bytes are
#: taken to be unchanged (ruff's cache trusts the modification time alone; the change time
#: also moves when a tool restores an old modification time).
Stamp = tuple[int, int, int, int]
#: A stamp vouches for bytes only when the file was last changed this long before it was
#: read: a write within the same clock tick as the read would leave the stamp unchanged
#: (git's "racily clean" entries), so recently changed files are always read again.
SETTLE_NS = 2_000_000_000


def file_stamp(path: Path | str) -> Stamp | None:
    """The :data:`Stamp` of ``path``, or None when it cannot be stat-ed (absent, no access)."""
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def dependency_stamp(dependency: str) -> Stamp | None:
    """:func:`file_stamp` of a dependency, or for a search of the project's modules its
    :func:`~mcplint.project_search.search_stamp`."""
    if not is_search_dependency(dependency):
        return file_stamp(dependency)
    files = search_files(dependency)
    return search_stamp(files, [file_stamp(path) for path in files])


def _absolute(dependency: str) -> str:
    return dependency if is_search_dependency(dependency) else os.path.abspath(dependency)


def settled(stamp: Stamp | None, read_at_ns: int) -> bool:
    """Whether ``stamp``, taken before a read that started at ``read_at_ns`` (``time.time_ns``),
    may later stand for the bytes read (see :data:`SETTLE_NS`)."""
    return stamp is not None and max(stamp[1], stamp[2]) < read_at_ns - SETTLE_NS


class PrefilterIndex:
    """The files known to fail the prefilter, by absolute path and :data:`Stamp`, so that a
    warm run need not read them: ``<cache>/<version>/prefilter.json``.

    Loaded once and written back by :meth:`save` (atomically, only when it changed). Runs
    that share it may overwrite each other's additions; that only costs re-reading files,
    since every entry is checked against the file's current stamp.
    """

    def __init__(self, cache: Cache) -> None:
        self._cache = cache
        self._file = cache.entries / "prefilter.json"
        self._changed = False
        try:
            loaded = json.loads(self._file.read_text(encoding="utf-8"))
            self._clean = loaded["clean"] if loaded["format"] == _FORMAT and isinstance(loaded["clean"], dict) else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            self._clean = {}

    def is_clean(self, absolute: str, stamp: Stamp | None) -> bool:
        """Whether the file at ``absolute`` (an absolute path) with ``stamp`` was seen
        failing the prefilter."""
        return stamp is not None and self._clean.get(absolute) == list(stamp)  # JSON gives lists

    def record_clean(self, absolute: str, stamp: Stamp) -> None:
        """Remember that the file at ``absolute`` with ``stamp`` fails the prefilter."""
        self._clean[absolute] = list(stamp)
        self._changed = True

    def save(self) -> None:
        """Write the index if it changed; file-system problems only make later runs slower."""
        if self._changed:
            self._cache.write_atomically(self._file, {"format": _FORMAT, "clean": self._clean})
            self._changed = False


def cache_root(paths: Sequence[Path], settings: Settings) -> Path:
    """Where ``.mcplint_cache`` goes: the project root of the config, else the deepest folder
    holding every path in ``paths`` (a file's folder when a single file is given)."""
    if settings.project_root is not None:
        return Path(settings.project_root)
    folders = [os.path.abspath(p if Path(p).is_dir() else Path(p).parent) for p in paths] or [os.getcwd()]
    try:
        return Path(os.path.commonpath(folders))
    except ValueError:  # paths on different drives (Windows)
        return Path(os.getcwd())


class Cache:
    """The cache of one run under one settings object; see the module docstring.

    Lookups and ``put`` never raise for file-system problems: a cache that cannot be read
    or written only makes the run slower.
    """

    def __init__(self, root: Path, settings: Settings, directory: Path | None = None) -> None:
        """``directory`` (``--cache-dir``) replaces ``<root>/.mcplint_cache``."""
        self.directory = Path(directory) if directory is not None else Path(root) / CACHE_DIR_NAME
        self.entries = self.directory / __version__
        base = hashlib.sha256()
        base.update(f"mcplint {__version__} format {_FORMAT}\0{_package_stamp()}\0".encode())
        base.update(repr(settings).encode("utf-8", "surrogatepass"))
        self._base = base.digest()  # bytes, so that a Cache can be sent to worker processes
        self._ready = False
        #: When the run started: a dependency or pin file changed after that may have been
        #: read (and cached in the process) by the engine before the change and hashed after
        #: it, so no entry is stored then. (A change in the first clock tick after this may
        #: carry an earlier time, but nothing has read the file yet by then.)
        self.started_ns = time.time_ns()
        self._stamps_seen: dict[str, Stamp | None] = {}
        self._searches_seen: dict[str, bytes] = {}

    # -- keys ---------------------------------------------------------------------------------

    def key(self, path: Path, data: bytes, dependencies: Iterable[str] = ()) -> str:
        """The key of ``path`` with contents ``data`` whose model read ``dependencies``.

        A dependency or pin file that cannot be read contributes a marker instead of bytes,
        so its appearing later changes the key too.
        """
        digest = hashlib.sha256(self._base)
        # The spelling too: the stored diagnostics name the file as it was given.
        name = f"{Path(path).absolute()}\0{path}"
        _feed(digest, b"file", name.encode("utf-8", "surrogatepass"), data)
        for dependency in sorted(set(dependencies)):
            _feed(digest, b"dependency", dependency.encode("utf-8", "surrogatepass"), self._dependency_bytes(dependency))
        for pin in pin_files(Path(path)):
            _feed(digest, b"pins", str(pin).encode("utf-8", "surrogatepass"), _read_or_none(pin))
        return digest.hexdigest()

    def _dependency_bytes(self, dependency: str) -> bytes | None:
        """A dependency's bytes (:func:`_read_or_none`), or for a search of the project's
        modules (:mod:`mcplint.project_search`) what it found, once per run."""
        if not is_search_dependency(dependency):
            return _read_or_none(Path(dependency))
        if dependency not in self._searches_seen:
            self._searches_seen[dependency] = search_result(dependency)
        return self._searches_seen[dependency]

    def _entry_path(self, path: Path) -> Path:
        name = hashlib.sha256(os.path.abspath(path).encode("utf-8", "surrogatepass")).hexdigest()
        return self.entries / f"{name}.json"

    # -- reading ------------------------------------------------------------------------------

    def entry(self, path: Path) -> dict[str, Any] | None:
        """The stored entry of ``path`` as read from disk (not yet checked), or None."""
        try:
            entry = json.loads(self._entry_path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # RecursionError: absurdly nested JSON
            return None
        return entry if isinstance(entry, dict) else None

    def by_stamps(self, path: Path, stamp: Stamp, entry: dict[str, Any]) -> list[Diagnostic] | None:
        """The diagnostics of ``entry`` when it was stored under these settings for ``path``
        spelled the same way, with ``stamp`` and the recorded stamps of its dependencies and
        pin files all still current (no file read or hashed); else None."""
        try:
            stamps = entry["stamps"]
            if not stamps or entry["base"] != self._base.hex() or entry["path"] != str(path):
                return None
            if tuple(stamps.pop(os.path.abspath(path))) != stamp:
                return None
            if entry["pins"] != [str(pin) for pin in pin_files(Path(path))]:
                return None  # a pin file appeared or went away
            if any(self._current_stamp(other) != (tuple(recorded) if recorded else None)
                   for other, recorded in stamps.items()):
                return None
            return [diagnostic_from_dict(item) for item in entry["diagnostics"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def _current_stamp(self, path: str) -> Stamp | None:
        """:func:`file_stamp`, once per path for the lookups of one run (servers of one
        project share their pin files, folders and modules)."""
        if is_search_dependency(path):
            path = search_scope(path)  # searches of one folder for different names share a stamp
            if path not in self._stamps_seen:
                files = search_files(path + "\0")
                self._stamps_seen[path] = search_stamp(files, [self._current_stamp(file) for file in files])
        elif path not in self._stamps_seen:
            self._stamps_seen[path] = file_stamp(path)
        return self._stamps_seen[path]

    def __getstate__(self) -> dict[str, Any]:
        """What worker processes get: not the lookups' stamps, which they never use."""
        return {**self.__dict__, "_stamps_seen": {}, "_searches_seen": {}}

    def by_key(self, path: Path, data: bytes, entry: dict[str, Any]) -> list[Diagnostic] | None:
        """The diagnostics of ``entry`` when its key matches ``path`` with bytes ``data``
        (dependencies and pin files read and hashed again), else None."""
        try:
            dependencies = [str(item) for item in entry["dependencies"]]
            if entry["key"] != self.key(path, data, dependencies):
                return None
            return [diagnostic_from_dict(item) for item in entry["diagnostics"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def get(self, path: Path, data: bytes) -> list[Diagnostic] | None:
        """The cached diagnostics of ``path`` whose bytes are ``data``, or None on a miss
        (no entry, a corrupt entry, or a key that no longer matches)."""
        entry = self.entry(path)
        return self.by_key(path, data, entry) if entry is not None else None

    # -- writing ------------------------------------------------------------------------------

    def put(self, path: Path, data: bytes, diagnostics: list[Diagnostic], dependencies: Sequence[str],
            stamp: Stamp | None = None, read_at_ns: int = 0) -> None:
        """Store the diagnostics of ``path`` linted with contents ``data`` (atomically).

        ``stamp`` is the file's stamp taken before ``data`` was read at ``read_at_ns``; with
        it, the entry also records the stamps of the file, its dependencies and pin files
        for :meth:`by_stamps`, when every one of them had settled before the read
        (:func:`settled`). Results holding MCP002 are not stored: an internal error (a time
        budget, a crash) may not recur, and the next run should try again.
        """
        if any(d.code == "MCP002" for d in diagnostics):
            return
        pins = pin_files(Path(path))
        others = {_absolute(other): dependency_stamp(other) for other in [*dependencies, *map(str, pins)]}
        if any(max(now[1], now[2]) >= self.started_ns for now in others.values() if now):
            return  # changed during the run: the key would describe bytes the engine may not have used
        entry = {
            "key": self.key(path, data, dependencies),
            "base": self._base.hex(),
            "path": str(path),
            "dependencies": sorted(set(dependencies)),
            "pins": [str(pin) for pin in pins],
            "stamps": self._stamps(path, stamp, others, read_at_ns),
            "diagnostics": [diagnostic_to_dict(d) for d in diagnostics],
        }
        self.write_atomically(self._entry_path(path), entry)

    def restamp(self, path: Path, stamp: Stamp | None, entry: dict[str, Any], read_at_ns: int) -> None:
        """Record the current stamps in ``entry``, which its key has just vouched for (a file
        touched, or a project module edited without changing what the entry depends on), so
        that later runs answer from stamps again instead of reading and hashing every input."""
        try:
            others = {_absolute(other): dependency_stamp(other)
                      for other in [*entry["dependencies"], *map(str, pin_files(path))]}
            stamps = self._stamps(path, stamp, others, read_at_ns)
        except (KeyError, TypeError, ValueError):
            return
        if stamps is not None and stamps != entry.get("stamps"):
            self.write_atomically(self._entry_path(path), {**entry, "stamps": stamps})

    def _stamps(self, path: Path, stamp: Stamp | None, others: dict[str, Stamp | None],
                read_at_ns: int) -> dict | None:
        """``{absolute path: stamp or None}`` for the file and ``others`` (already stamped),
        or None when one of them changed too recently to vouch for its bytes (or ``stamp``
        is missing)."""
        if not settled(stamp, read_at_ns) or any(now and not settled(now, self.started_ns) for now in others.values()):
            return None
        return {os.path.abspath(path): stamp, **others}

    def write_atomically(self, file: Path, content: Any) -> None:
        """Write ``content`` as JSON to ``file`` in the cache through a temporary file and
        ``os.replace``, so a reader sees the whole file or none; errors are ignored."""
        try:
            self._prepare()
            handle, temporary = tempfile.mkstemp(dir=self.entries, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    json.dump(content, stream, separators=(",", ":"))
                os.replace(temporary, file)
            except BaseException:
                _remove(Path(temporary))
                raise
        except OSError:
            return

    def _prepare(self) -> None:
        """Create the cache folders with their ``.gitignore`` and ``CACHEDIR.TAG`` (once)."""
        if self._ready:
            return
        self.entries.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "# Automatically created by mcplint.\n*\n"), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            marker = self.directory / name
            if not marker.exists():
                marker.write_text(text, encoding="utf-8")
        self._ready = True


# -- helpers ----------------------------------------------------------------------------------


def _feed(digest: Any, label: bytes, name: bytes, data: bytes | None) -> None:
    """Add one labelled, length-prefixed item to ``digest`` (so items cannot run together)."""
    for part in (label, name, b"\xff" if data is None else b"\x00" + data):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)


def _read_or_none(path: Path) -> bytes | None:
    """A dependency's bytes; for a directory (a folder whose files were searched), its
    listing; None when absent or unreadable."""
    try:
        if path.is_dir():
            return b"directory\0" + "\0".join(sorted(os.listdir(path))).encode("utf-8", "surrogatepass")
        return read_regular(path)  # a FIFO beside a module is a dependency too: never wait on it
    except OSError:
        return None


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


_STAMP: list[str] = []


def _package_stamp() -> str:
    """Name, size and mtime of each of mcplint's own modules, computed once per process."""
    if not _STAMP:
        package = Path(__file__).resolve().parent
        parts = []
        for module in sorted(package.rglob("*.py")):
            try:
                stat = module.stat()
            except OSError:
                continue
            parts.append(f"{module.relative_to(package).as_posix()}:{stat.st_size}:{stat.st_mtime_ns}")
        _STAMP.append(hashlib.sha256("\n".join(parts).encode()).hexdigest())
    return _STAMP[0]


# -- diagnostics as JSON ----------------------------------------------------------------------


def _span_list(span: Span) -> list[int]:
    return [span.start.line, span.start.column, span.end.line, span.end.column]


def _span(values: list[int]) -> Span:
    line, column, end_line, end_column = (int(v) for v in values)
    return Span(Position(line, column), Position(end_line, end_column))


def diagnostic_to_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    """A JSON-ready dict holding every field of ``diagnostic`` (0-based columns, as stored)."""
    fix = diagnostic.fix
    return {
        "code": diagnostic.code,
        "name": diagnostic.name,
        "message": diagnostic.message,
        "path": diagnostic.path,
        "span": _span_list(diagnostic.span),
        "severity": diagnostic.severity.value,
        "related": [[r.path, _span_list(r.span), r.message] for r in diagnostic.related],
        "fix": None if fix is None else {
            "title": fix.title,
            "applicability": fix.applicability.value,
            "edits": [[_span_list(e.span), e.content] for e in fix.edits],
        },
        "fault": diagnostic.fault,
    }


def diagnostic_from_dict(data: dict[str, Any]) -> Diagnostic:
    """The inverse of :func:`diagnostic_to_dict`; raises KeyError/TypeError/ValueError on bad data."""
    fix = data["fix"]
    return Diagnostic(
        code=str(data["code"]),
        name=str(data["name"]),
        message=str(data["message"]),
        path=str(data["path"]),
        span=_span(data["span"]),
        severity=Severity(data["severity"]),
        related=tuple(RelatedLocation(str(path), _span(span), str(message)) for path, span, message in data["related"]),
        fix=None if fix is None else Fix(
            title=str(fix["title"]),
            edits=tuple(Edit(_span(span), str(content)) for span, content in fix["edits"]),
            applicability=Applicability(fix["applicability"]),
        ),
        fault=None if data.get("fault") is None else str(data["fault"]),
    )
