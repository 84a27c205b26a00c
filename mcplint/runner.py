"""Many files: discover them, settle what the prefilter and the cache can, lint the rest.

:func:`lint_paths` is what ``mcplint check`` runs. Each file is linted in isolation by
:func:`mcplint.engine.lint_source`, in worker processes when ``jobs`` > 1, so that one bad
file (even one that crashes libcst's native parser) never costs the others.

This module imports the engine (and with it libcst and every rule) only when some file
must really be linted: a warm run whose files the prefilter index and the cache settle
(:mod:`mcplint.cache`) never pays for those imports.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from mcplint.cache import Cache, PrefilterIndex, cache_root, file_stamp, known_diagnostics, may_report
from mcplint.config import Settings
from mcplint.diagnostics import Diagnostic, fault_key, internal_error
from mcplint.discovery import discover_files
from mcplint.versions import clear_cache as clear_pin_cache

__all__ = ["CRASH_HOOK_ENV", "WORKER_CRASHED", "Progress", "RunResult", "lint_file", "lint_paths"]

#: Test-only hook: a worker process linting a file of this name exits at once, as if
#: libcst's native parser had crashed on it (tests/test_hostile.py). Read in the parent
#: and passed to workers, so it works with every process start method.
CRASH_HOOK_ENV = "MCPLINT_TEST_CRASH_ON"
WORKER_CRASHED = "mcplint's worker crashed on this file"
_BATCHES_PER_JOB = 8


#: ``progress(done, total)``: files settled so far out of the files discovered.
Progress = Callable[[int, int], None]


def _no_progress(done: int, total: int) -> None:
    """The default :data:`Progress`: show nothing."""


@dataclass
class RunResult:
    """Outcome of linting many paths.

    ``diagnostics`` are sorted by file and position; ``errors`` are messages for problems
    that are not findings (a missing path, an unreadable file), each naming its file;
    ``internal_error`` is true when mcplint itself failed on some file (MCP002).
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    files_checked: int = 0
    internal_error: bool = False
    files: list[str] = field(default_factory=list)  # the paths linted, as discovered


def lint_paths(
    paths: Sequence[Path], settings: Settings | None = None, jobs: int = 1, *, cache: bool = False,
    cache_dir: Path | None = None, progress: Progress | None = None,
) -> RunResult:
    """Discover the Python files under ``paths`` and lint each one in isolation.

    Files without MCP code (the byte prefilter) and, with ``cache``, files whose entry in
    ``.mcplint_cache`` still matches (:mod:`mcplint.cache`) are settled in this process;
    ``jobs`` > 1 lints the rest in that many worker processes when there are at least two
    per worker (in batches of consecutive files, handed out as workers free up).
    Missing paths and unreadable files are reported in ``errors``; the other files are
    still linted. ``cache_dir`` replaces ``<root>/.mcplint_cache``; ``progress(done, total)``
    is called once with ``done`` 0 and then after each file is settled.
    """
    settings = settings or Settings()
    clear_pin_cache()  # a run sees the files as they are now (pin files are looked up once per run)
    discovery = discover_files(list(paths), settings)
    result = RunResult(files_checked=len(discovery.names), files=discovery.names)
    result.errors.extend(discovery.missing_messages())
    store = Cache(cache_root(list(paths), settings), settings, cache_dir) if cache else None
    index = PrefilterIndex(store) if store is not None else None
    report = progress or _no_progress
    report(0, result.files_checked)
    pending = []
    named = set()
    for name, absolute in zip(discovery.names, discovery.absolute):
        if absolute in discovery.named:  # linted whatever the prefilter says
            named.add(name)
        known = known_diagnostics(name, store, index, absolute, named=absolute in discovery.named)
        if known is None:
            pending.append(Path(name))
        else:
            result.diagnostics.extend(known)
    if index is not None:
        index.save()
    done = result.files_checked - len(pending)
    report(done, result.files_checked)
    for diagnostics, error in _run(pending, settings, jobs, store, frozenset(named)):
        result.diagnostics.extend(diagnostics)
        if error:
            result.errors.append(error)
        done += 1
        report(done, result.files_checked)
    result.internal_error = any(d.code == "MCP002" for d in result.diagnostics)
    result.diagnostics.sort(key=lambda d: (d.sort_key, d.message))  # the same one kept whatever the order
    result.diagnostics = _unique(result.diagnostics)
    return result


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per file, range and code: a handler in one module registered from two
    others is judged in each of their lints, and a helper two servers' tools share is one
    fault wherever it is reached from (see :func:`mcplint.diagnostics.fault_key`)."""
    seen: set[tuple] = set()
    unique = []
    for diagnostic in diagnostics:
        key = (os.path.realpath(diagnostic.path), *fault_key(diagnostic)[1:])
        if key not in seen:
            seen.add(key)
            unique.append(diagnostic)
    return unique


def lint_file(path: Path, settings: Settings, cache: Cache | None = None,
              named: bool = False) -> tuple[list[Diagnostic], str | None]:
    """Read and lint one file (storing the result in ``cache`` when given); an unreadable
    file gives an error message instead. A ``named`` file (given by name) is linted even
    without MCP code; its result is cached only when it has some (the cache answers for
    files found in folders too, which the prefilter settles)."""
    from mcplint import engine  # here, not at the top: see the module docstring

    stamp, read_at_ns = file_stamp(path), time.time_ns()  # the stamp before the read it stands for
    try:
        data = path.read_bytes()
    except OSError as error:
        return [], f"{path}: cannot read file: {error.strerror or error}"
    if named and cache is not None and not may_report(data):
        cache = None
    if cache is None:
        return engine.lint_source(data, path, settings, explicit=named, with_importers=named), None
    dependencies: list[str] = []
    diagnostics = engine.lint_source(data, path, settings, dependencies=dependencies, explicit=named,
                                      with_importers=named)
    cache.put(path, data, diagnostics, dependencies, stamp, read_at_ns)
    return diagnostics, None


def _lint_batch(
    paths: list[str], settings: Settings, crash_on: str | None = None, cache: Cache | None = None,
    named: frozenset[str] = frozenset(),
) -> list[tuple[list[Diagnostic], str | None]]:
    """Runs in a worker process: lint each file of the batch (``crash_on``: the test hook)."""
    from mcplint.model.project import file_system_still

    from mcplint.engine import collector_paused_between_files

    outcomes = []
    with file_system_still(), collector_paused_between_files() as collect:
        for path in paths:
            if crash_on is not None and Path(path).name == crash_on:
                os._exit(70)  # test hook (CRASH_HOOK_ENV): die the way a native crash does
            outcomes.append(lint_file(Path(path), settings, cache, path in named))
            collect()
    return outcomes


def _run(
    files: list[Path], settings: Settings, jobs: int, cache: Cache | None = None,
    named: frozenset[str] = frozenset(),
) -> Iterable[tuple[list[Diagnostic], str | None]]:
    """Lint ``files`` in this process (``jobs`` 1, few files) or in worker processes.

    A worker that dies (libcst's native parser can crash the process) breaks the pool and
    every batch still pending; those batches' files are re-run one at a time, so only
    the file that kills a worker gets MCP002 (:func:`_run_one_by_one`).
    """
    if jobs <= 1 or len(files) < 2 * jobs:
        if files:
            from mcplint.engine import collector_paused_between_files  # imports libcst: only now
            from mcplint.model.project import file_system_still

            with file_system_still(), collector_paused_between_files() as collect:
                for path in files:
                    outcome = lint_file(path, settings, cache, str(path) in named)
                    collect()
                    yield outcome
        return
    crash_on = os.environ.get(CRASH_HOOK_ENV)
    # Many small batches, handed out as workers free up: files differ widely in cost (a
    # prefiltered-out file costs nothing, a server a parse and more), so a fixed split per
    # worker can leave one core with all the servers.
    size = max(1, -(-len(files) // (jobs * _BATCHES_PER_JOB)))
    batches = [[str(p) for p in files[start:start + size]] for start in range(0, len(files), size)]
    broken: list[str] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_lint_batch, batch, settings, crash_on, cache, named & set(batch))
                   for batch in batches]
        for batch, future in zip(batches, futures):
            try:
                outcome = future.result()
            except BrokenProcessPool:
                broken.extend(batch)
                continue
            yield from outcome
    if broken:
        yield from _run_one_by_one(sorted(broken), settings, crash_on, cache, named)


def _run_one_by_one(
    paths: list[str], settings: Settings, crash_on: str | None, cache: Cache | None = None,
    named: frozenset[str] = frozenset(),
) -> Iterator[tuple[list[Diagnostic], str | None]]:
    """Lint each path in a single worker process, one file in flight at a time, so a crash
    names its file exactly: that file gets MCP002 and a fresh worker takes the rest."""
    pool = ProcessPoolExecutor(max_workers=1)
    try:
        for path in paths:
            try:
                [outcome] = pool.submit(_lint_batch, [path], settings, crash_on, cache, named & {path}).result()
            except BrokenProcessPool:
                pool.shutdown(wait=False)
                pool = ProcessPoolExecutor(max_workers=1)
                outcome = ([internal_error(path, f"{WORKER_CRASHED}; please report it")], None)
            yield outcome
    finally:
        pool.shutdown(wait=True)
