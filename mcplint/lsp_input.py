"""The language server's stdin, with every message framed as pygls expects.

pygls reads ``Content-Length: N`` headers itself and trusts them: a header it cannot match
(negative, not a number) is skipped, so the body is then read as header lines and swallows
the next good message; a huge one (``Content-Length: 99999999999``) makes it wait for bytes
that never come, and the server answers nothing ever again (JSON-RPC over stdio, LSP 3.17
"Base Protocol": the header is the only framing). :class:`FramedInput` sits between stdin and
pygls and hands it only well-framed messages:

* a valid header (0 <= N <= :data:`MAX_BODY`) passes with its body unchanged;
* after a bad one, the JSON value that follows is taken as the body when there is one (so a
  request is still answered), else the bytes up to the next ``Content-Length:`` are dropped;
  either way a warning goes to the log (stderr) and the next message is read normally.
"""

from __future__ import annotations

import json
import logging
import re
from typing import BinaryIO

logger = logging.getLogger(__name__)

#: The largest body accepted (bytes). Documents of a few MB are normal; a header claiming
#: more is treated as bad rather than waited for.
MAX_BODY = 256 * 1024 * 1024
_CHUNK = 65536
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(.*?)[ \t]*$", re.I | re.M)
_NEXT_HEADER = re.compile(rb"content-length[ \t]*:", re.I)


class FramedInput:
    """A binary stream for pygls' reader (``readline()``, ``read(n)``) over ``raw``.

    ``raw`` needs ``read1(n)`` (a ``BufferedReader``, such as ``sys.stdin.buffer``) or
    ``read(n)`` that returns what is available. Returns ``b""`` at end of input.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._read = getattr(raw, "read1", raw.read)
        self._pending = b""  # bytes read from raw, not yet framed
        self._out = b""  # the current clean frame, not yet handed to pygls
        self._eof = False

    # -- what pygls calls ---------------------------------------------------------------------
    def readline(self) -> bytes:
        """The next header line of the current clean frame (a new frame when it is used up)."""
        if not self._out:
            self._out = self._next_frame()
        end = self._out.find(b"\n") + 1 or len(self._out)
        line, self._out = self._out[:end], self._out[end:]
        return line

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes of the current clean frame (the body pygls asks for)."""
        size = len(self._out) if size is None or size < 0 else size
        data, self._out = self._out[:size], self._out[size:]
        return data

    # -- framing ------------------------------------------------------------------------------
    def _fill(self) -> bool:
        if self._eof:
            return False
        chunk = self._read(_CHUNK)
        if not chunk:
            self._eof = True
            return False
        self._pending += chunk
        return True

    def _next_frame(self) -> bytes:
        while True:
            match = _HEADER_END.search(self._pending)
            while match is None:
                if not self._fill():
                    return b""
                match = _HEADER_END.search(self._pending)
            headers, self._pending = self._pending[:match.start()], self._pending[match.end():]
            length = _content_length(headers)
            if length is not None:
                while len(self._pending) < length:
                    if not self._fill():
                        return b""
                body, self._pending = self._pending[:length], self._pending[length:]
                return b"Content-Length: %d\r\n\r\n" % length + body
            shown = headers[:200].decode("ascii", "replace")
            body = self._json_value()
            if body is not None:
                logger.warning("bad Content-Length header (%s): the JSON message after it is used", shown)
                return b"Content-Length: %d\r\n\r\n" % len(body) + body
            logger.warning("bad Content-Length header (%s): skipped to the next message", shown)
            self._skip_to_next_header()

    def _json_value(self) -> bytes | None:
        """The JSON value at the start of the pending bytes (reading more while it is
        incomplete, up to :data:`MAX_BODY`), taken out of them; None when there is none."""
        decoder = json.JSONDecoder()
        while True:
            stripped = self._pending.lstrip()
            try:
                _, end = decoder.raw_decode(stripped.decode("utf-8"))
            except UnicodeDecodeError:
                incomplete = len(stripped) < 4  # a character cut in two, perhaps
            except json.JSONDecodeError as error:
                incomplete = error.pos >= len(error.doc) - 1 or "Unterminated" in error.msg
            else:
                value = stripped.decode("utf-8")[:end].encode("utf-8")
                self._pending = stripped[len(value):]
                return value
            if not incomplete or len(stripped) > MAX_BODY or not self._fill():
                return None

    def _skip_to_next_header(self) -> None:
        while True:
            match = _NEXT_HEADER.search(self._pending)
            if match is not None:
                self._pending = self._pending[match.start():]
                return
            self._pending = self._pending[-32:]  # a header may be cut at the chunk's end
            if not self._fill():
                self._pending = b""
                return


def _content_length(headers: bytes) -> int | None:
    """The header block's Content-Length when it is a number from 0 to :data:`MAX_BODY`."""
    match = _LENGTH.search(headers)
    if match is None:
        return None
    text = match.group(1)
    if not text.isdigit() or len(text) > 12:
        return None
    length = int(text)
    return length if length <= MAX_BODY else None
