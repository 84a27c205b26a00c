"""mcplint.lsp_input: pygls gets only well-framed messages, whatever headers arrive."""

from __future__ import annotations

import io

import pytest

from mcplint.lsp_input import FramedInput


def _frames(data: bytes) -> list[bytes]:
    """The bodies pygls would read from ``data`` (its loop: header lines, a blank line, the body)."""
    stream, bodies = FramedInput(io.BytesIO(data)), []
    while True:
        header = stream.readline()
        if not header:
            return bodies
        assert header.startswith(b"Content-Length: ")
        length = int(header[16:])
        assert stream.readline() == b"\r\n"
        bodies.append(stream.read(length))


GOOD = b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}'


def _message(body: bytes, header: bytes | None = None) -> bytes:
    return (header or b"Content-Length: %d" % len(body)) + b"\r\n\r\n" + body


def test_good_messages_pass_unchanged_with_other_headers_and_lf_only():
    data = _message(GOOD) + b"Content-Type: application/vscode-jsonrpc\r\ncontent-length: %d\n\n" % len(GOOD) + GOOD
    assert _frames(data) == [GOOD, GOOD]


@pytest.mark.parametrize("header", [b"Content-Length: -5", b"Content-Length: abc", b"Content-Length: 999999999999999",
                                    b"Content-Length: +3", b"X-Nothing: 1"])
def test_after_a_bad_header_the_json_value_behind_it_is_the_body(header):
    assert _frames(_message(b' {"id": 1, "method": "x"}', header) + _message(GOOD)) == [b'{"id": 1, "method": "x"}', GOOD]


def test_junk_after_a_bad_header_is_skipped_to_the_next_message():
    assert _frames(_message(b"no json {", b"Content-Length: -1") + _message(GOOD)) == [GOOD]


def test_a_body_cut_short_by_the_end_of_input_is_no_message():
    assert _frames(b"Content-Length: 100\r\n\r\n{}") == []
