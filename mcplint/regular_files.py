"""Reading a project file only when it is a regular file.

A folder may hold a FIFO, a socket or a symlink to a device under a ``.py`` name
(``ln -s /dev/zero data.py``): opening a FIFO blocks until a writer comes, and a device may
never end. The model reads sibling and project modules it was never named (to find callers
and importers), so each such read goes through :func:`read_regular`, which refuses them
with an :class:`OSError` the callers already treat as "unreadable". Imports nothing of mcplint.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["read_regular"]


def read_regular(path: Path | str) -> bytes:
    """The bytes of ``path`` (symlinks followed). Raises :class:`OSError` (``EINVAL``, "not a
    regular file") for anything but a regular file, without blocking on a FIFO: it is opened
    non-blocking and judged by ``fstat`` of the very file opened, so a swap in between cannot
    slip a FIFO through. Other failures raise as :func:`open` does."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(descriptor)
