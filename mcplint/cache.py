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
  the entry since they are known only after linting),
* the bytes of the dependency and lock files that fix its framework versions
  (:func:`mcplint.versions.pin_files`).

Several runs may share one cache: an entry is written to a temporary file and moved into
place with ``os.replace``, so a reader sees a whole entry or none; an unreadable or corrupt
entry is a miss. Only files that pass the engine's ``b"mcp"`` prefilter are cached (the
others have no diagnostics and cost less to re-check than a cache lookup). The language
server never uses this cache: it lints unsaved buffers.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
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
from mcplint.versions import pin_files

__all__ = [
    "CACHE_DIR_NAME",
    "Cache",
    "cache_root",
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
_FORMAT = 1  # bump when the entry layout changes
#: The engine's prefilter: a file without these bytes has no diagnostics (mcplint.engine).
PREFILTER = b"mcp"


def known_diagnostics(path: Path, cache: Cache | None) -> list[Diagnostic] | None:
    """The diagnostics of ``path`` found without linting it, or None when it must be linted.

    A file that fails the engine's ``b"mcp"`` prefilter has none (no cache entry needed);
    otherwise ``cache`` answers when it has a matching entry. A file that cannot be read is
    left to the linter, which reports the error.
    """
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if PREFILTER not in data:
        return []
    return cache.get(path, data) if cache is not None else None


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

    ``get`` and ``put`` never raise for file-system problems: a cache that cannot be read
    or written only makes the run slower.
    """

    def __init__(self, root: Path, settings: Settings) -> None:
        self.directory = Path(root) / CACHE_DIR_NAME
        self._entries = self.directory / __version__
        base = hashlib.sha256()
        base.update(f"mcplint {__version__} format {_FORMAT}\0{_package_stamp()}\0".encode())
        base.update(repr(settings).encode("utf-8", "surrogatepass"))
        self._base = base.digest()  # bytes, so that a Cache can be sent to worker processes
        self._ready = False



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
            _feed(digest, b"dependency", dependency.encode("utf-8", "surrogatepass"), _read_or_none(Path(dependency)))
        for pin in pin_files(Path(path)):
            _feed(digest, b"pins", str(pin).encode("utf-8", "surrogatepass"), _read_or_none(pin))
        return digest.hexdigest()

    def _entry_path(self, path: Path) -> Path:
        name = hashlib.sha256(str(Path(path).absolute()).encode("utf-8", "surrogatepass")).hexdigest()
        return self._entries / f"{name}.json"

    # -- reading and writing ------------------------------------------------------------------

    def get(self, path: Path, data: bytes) -> list[Diagnostic] | None:
        """The cached diagnostics of ``path`` whose bytes are ``data``, or None on a miss
        (no entry, a corrupt entry, or a key that no longer matches)."""
        try:
            entry = json.loads(self._entry_path(path).read_text(encoding="utf-8"))
            dependencies = [str(item) for item in entry["dependencies"]]
            if entry["key"] != self.key(path, data, dependencies):
                return None
            return [diagnostic_from_dict(item) for item in entry["diagnostics"]]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, path: Path, data: bytes, diagnostics: list[Diagnostic], dependencies: Sequence[str]) -> None:
        """Store the diagnostics of ``path`` linted with contents ``data`` (atomically).

        Results holding MCP002 are not stored: an internal error (a time budget, a crash)
        may not recur, and the next run should try again.
        """
        if any(d.code == "MCP002" for d in diagnostics):
            return
        entry = {
            "key": self.key(path, data, dependencies),
            "path": str(path),
            "dependencies": sorted(set(dependencies)),
            "diagnostics": [diagnostic_to_dict(d) for d in diagnostics],
        }
        try:
            self._prepare()
            handle, temporary = tempfile.mkstemp(dir=self._entries, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    json.dump(entry, stream, separators=(",", ":"))
                os.replace(temporary, self._entry_path(path))
            except BaseException:
                _remove(Path(temporary))
                raise
        except OSError:
            return

    def _prepare(self) -> None:
        """Create the cache folders with their ``.gitignore`` and ``CACHEDIR.TAG`` (once)."""
        if self._ready:
            return
        self._entries.mkdir(parents=True, exist_ok=True)
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
    try:
        return path.read_bytes()
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
    )
