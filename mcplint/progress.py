"""The progress line of a long run: ``Linting 120/1000 files (12%)`` on stderr, then cleared.

Shown only when stderr is a terminal and the run takes longer than :data:`DEFAULT_DELAY`
seconds (``MCPLINT_PROGRESS_DELAY`` overrides it, so tests need no clock); drawn by
``tqdm``, whose ``delay`` defers the first draw and whose ``leave=False`` erases the line
when the run ends, before the report is printed.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from mcplint.runner import Progress

__all__ = ["DEFAULT_DELAY", "DELAY_ENV", "progress_line"]

DEFAULT_DELAY = 1.0
DELAY_ENV = "MCPLINT_PROGRESS_DELAY"
_FORMAT = "Linting {n}/{total} files ({percentage:.0f}%)"


def _delay() -> float:
    """Seconds before the line appears: ``MCPLINT_PROGRESS_DELAY`` when it is a number."""
    try:
        return max(0.0, float(os.environ.get(DELAY_ENV, DEFAULT_DELAY)))
    except ValueError:
        return DEFAULT_DELAY


def wanted(stream: IO[str] | None = None) -> bool:
    """Whether ``stream`` (stderr by default) is a terminal, where a progress line belongs."""
    stream = stream if stream is not None else sys.stderr
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


@contextmanager
def progress_line(enabled: bool, stream: IO[str] | None = None) -> Iterator[Progress]:
    """A :data:`mcplint.runner.Progress` callback drawing the line on ``stream`` (stderr)
    while the ``with`` block runs, erased at its end; a no-op callback when not ``enabled``."""
    if not enabled:
        yield _ignore
        return
    from tqdm import tqdm  # only for a terminal: a CI run never imports it

    state: dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        bar = state.get("bar")
        if bar is None:
            columns, rows = _size()
            bar = state["bar"] = tqdm(total=total, file=stream or sys.stderr, delay=_delay(), leave=False,
                                      bar_format=_FORMAT, ncols=columns, nrows=rows, dynamic_ncols=False)
        bar.update(done - bar.n)

    try:
        yield update
    finally:
        bar = state.get("bar")
        if bar is not None:
            if time.time() >= bar.start_t + bar.delay:
                bar.refresh()  # the final count, drawn once before the line is erased
            bar.close()


def _size() -> tuple[int, int]:
    """The terminal's columns and rows (``COLUMNS`` / ``LINES`` first); 80 x 24 where it reports
    none (a fresh pseudo-terminal says 0 x 0, and tqdm would then draw nothing)."""
    size = shutil.get_terminal_size(fallback=(80, 24))
    return (size.columns if size.columns > 0 else 80), (size.lines if size.lines > 0 else 24)


def _ignore(done: int, total: int) -> None:
    """The callback when no line is shown."""
