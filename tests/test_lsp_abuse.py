"""The language server under abuse: ``mcplint server`` driven over raw stdio bytes.

A raw client (not pytest-lsp) so that malformed bytes can be sent. Each test starts its
own server, abuses it and then checks it still answers a normal request. The client
advertises no capabilities, so the server pushes diagnostics.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from servers import ONE_FINDING

SERVER_COMMAND = [sys.executable, "-m", "mcplint", "server"]
WAIT = 30.0  # seconds to wait for one message; generous, the machine may be busy

SOURCE = ONE_FINDING
FINDING_LINE = 14  # 0-based line of `return args["language"]` (MCP202)


class RawClient:
    """A JSON-RPC client over the server's stdin/stdout, reading in a thread."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen(SERVER_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=cwd)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(stream.read(length)))

    def send_bytes(self, data: bytes) -> None:
        """Write raw bytes to the server's stdin (framing is the caller's)."""
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        """Send one JSON-RPC 2.0 message with its Content-Length header."""
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params: Any = None) -> int:
        """Send a request; its id."""
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: Any = None) -> None:
        """Send a notification."""
        self.send({"method": method, "params": params})

    def wait_for(self, predicate, timeout: float = WAIT) -> dict[str, Any]:
        """The first message (answer or server-sent) satisfying ``predicate``; others are dropped."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("no such message from the server")
            message = self.messages.get(timeout=remaining)
            if predicate(message):
                return message

    def answer(self, request_id: int) -> dict[str, Any]:
        """The response to request ``request_id``."""
        return self.wait_for(lambda m: m.get("id") == request_id and "method" not in m)

    def call(self, method: str, params: Any = None) -> dict[str, Any]:
        """Send a request and wait for its response."""
        return self.answer(self.request(method, params))

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict[str, Any]]:
        """The next ``publishDiagnostics`` for ``uri`` (at ``version`` when given)."""
        message = self.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and (version is None or m["params"].get("version") == version)
        )
        return message["params"]["diagnostics"]

    def rss_kib(self) -> int:
        """The server's resident set size (Linux /proc)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def close(self) -> None:
        """Kill the server if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=WAIT)


@pytest.fixture
def client(tmp_path: Path):
    """An initialized server in ``tmp_path``, killed after the test."""
    raw = RawClient(tmp_path)
    answer = raw.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
    assert "capabilities" in answer["result"]
    raw.notify("initialized", {})
    yield raw
    raw.close()


def open_document(client: RawClient, path: Path, text: str, version: int = 1) -> str:
    """``didOpen`` a Python document at ``path``; its URI."""
    uri = path.as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": version,
                                                            "text": text}})
    return uri


def change(client: RawClient, uri: str, version: int, text: str) -> None:
    """``didChange`` with the whole new text."""
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def mcp202_lines(diagnostics: list[dict[str, Any]]) -> list[int]:
    """The 0-based lines of the MCP202 diagnostics (other rules may also report on SOURCE)."""
    return [d["range"]["start"]["line"] for d in diagnostics if d["code"] == "MCP202"]


def assert_alive(client: RawClient, tmp_path: Path) -> None:
    """The server still lints: a fresh document gets its MCP202."""
    uri = open_document(client, tmp_path / f"alive_{client.next_id}.py", SOURCE)
    assert mcp202_lines(client.diagnostics(uri)) == [FINDING_LINE]


def test_malformed_json_is_survived(client: RawClient, tmp_path: Path) -> None:
    body = b'{"jsonrpc": "2.0", "id": 99, "method": "hover", '  # cut off
    client.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    body = b"\xff\xfe not json at all"
    client.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    client.send({"id": 98, "params": {}})  # valid JSON, not a valid message
    assert_alive(client, tmp_path)


def test_malformed_json_is_one_line_in_the_log_not_a_traceback(tmp_path: Path) -> None:
    body = b"{bad}"
    exit_body = b'{"jsonrpc": "2.0", "method": "exit"}'
    data = b"Content-Length: %d\r\n\r\n%s" % (len(body), body) + b"Content-Length: %d\r\n\r\n%s" % (len(exit_body), exit_body)
    done = subprocess.run([sys.executable, "-m", "mcplint", "server"], input=data, capture_output=True, cwd=tmp_path,
                          timeout=60)
    assert done.returncode == 1  # exit without shutdown
    assert b"Traceback" not in done.stderr
    assert done.stderr.decode().strip() == (
        "Unable to handle message: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)")


def test_unknown_request_is_method_not_found_and_unknown_notification_is_ignored(
    client: RawClient, tmp_path: Path
) -> None:
    client.notify("mcplint/noSuchNotification", {"x": 1})
    client.notify("$/noSuchThing", {})
    answer = client.call("mcplint/noSuchRequest", {"x": 1})
    assert answer["error"]["code"] == -32601  # MethodNotFound
    assert_alive(client, tmp_path)


def test_change_of_a_never_opened_document(client: RawClient, tmp_path: Path) -> None:
    uri = (tmp_path / "never_opened.py").as_uri()
    change(client, uri, 2, SOURCE)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert_alive(client, tmp_path)


def test_requests_about_a_never_opened_missing_document_get_empty_answers_not_errors(
        client: RawClient, tmp_path: Path) -> None:
    uri = (tmp_path / "missing.py").as_uri()
    where = {"textDocument": {"uri": uri}}
    start = {"line": 0, "character": 0}
    action = client.call("textDocument/codeAction", {**where, "range": {"start": start, "end": start},
                                                     "context": {"diagnostics": []}})
    hover = client.call("textDocument/hover", {**where, "position": start})
    pulled = client.call("textDocument/diagnostic", where)
    assert [action.get("error"), action["result"]] == [None, None]
    assert [hover.get("error"), hover["result"]] == [None, None]
    assert pulled.get("error") is None and pulled["result"]["items"] == []
    assert_alive(client, tmp_path)


def test_five_megabyte_document(client: RawClient, tmp_path: Path) -> None:
    # Over the size limit (engine.MAX_MODULE_BYTES, 2 MB): not parsed, one MCP002 at the first
    # line says so, and the server answers the next document as before.
    blob = 'DATA = """\n' + ("x" * 99 + "\n") * 50_000 + '"""\n'
    assert len(blob) > 5_000_000
    uri = open_document(client, tmp_path / "big.py", blob + SOURCE)
    found = [(d["code"], d["range"]["start"]["line"], "not linted" in d["message"]) for d in client.diagnostics(uri)]
    assert found == [("MCP002", 0, True)]
    assert_alive(client, tmp_path)


def test_a_thousand_rapid_edits_coalesce_and_memory_stays_bounded(client: RawClient, tmp_path: Path) -> None:
    uri = open_document(client, tmp_path / "typing.py", SOURCE)
    assert mcp202_lines(client.diagnostics(uri, 1)) == [FINDING_LINE]
    before = client.rss_kib()
    fixed = SOURCE.replace('args["language"]', 'args.get("language", "python")')
    for version in range(2, 1002):
        change(client, uri, version, SOURCE if version % 2 else fixed)
    # The last edit (version 1001, odd) has the finding; earlier ones were coalesced.
    published = []
    deadline = time.monotonic() + WAIT
    while not published or published[-1]["params"]["version"] != 1001:
        published.append(client.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
            timeout=max(deadline - time.monotonic(), 0.1),
        ))
    assert len(published) < 50  # debounced: far fewer lints than edits
    assert mcp202_lines(published[-1]["params"]["diagnostics"]) == [FINDING_LINE]
    after = client.rss_kib()
    assert after - before < 100_000  # KiB: 1,000 versions of the text are not kept
    assert_alive(client, tmp_path)


def test_requests_before_initialize_are_refused_and_notifications_dropped(tmp_path: Path) -> None:
    """LSP 3.17 "Initialize Request": a request before ``initialize`` gets -32002
    (ServerNotInitialized), a notification is dropped; ``initialize`` then works as usual."""
    client = RawClient(tmp_path)
    try:
        answer = client.call("textDocument/hover", {"textDocument": {"uri": "file:///x.py"},
                                                    "position": {"line": 0, "character": 0}})
        assert answer["error"]["code"] == -32002
        assert "'textDocument/hover' before 'initialize'" in answer["error"]["message"]
        open_document(client, tmp_path / "early.py", SOURCE)  # dropped: no diagnostics follow
        answer = client.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
        assert "capabilities" in answer["result"]
        client.notify("initialized", {})
        uri = open_document(client, tmp_path / "late.py", SOURCE)
        published = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        assert published["params"]["uri"] == uri
        assert mcp202_lines(published["params"]["diagnostics"]) == [FINDING_LINE]
    finally:
        client.close()


def test_requests_after_shutdown_are_invalid_and_exit_ends_the_server(client: RawClient) -> None:
    assert client.call("shutdown")["result"] is None
    answer = client.call("textDocument/hover", {"textDocument": {"uri": "file:///x.py"},
                                                "position": {"line": 0, "character": 0}})
    assert answer["error"]["code"] == -32600  # InvalidRequest
    client.notify("exit")
    assert client.process.wait(timeout=WAIT) == 0


def test_exit_does_not_wait_for_a_lint_still_running(client: RawClient, tmp_path: Path) -> None:
    """A slow lint runs in a worker thread; ``exit`` ends the process at once all the same."""
    branches = "".join(f'    if name == "p{i}":\n        return args["a{i}"]\n' for i in range(1500))
    slow = ONE_FINDING.replace('    args = arguments or {}\n    return args["language"]\n',
                               "    args = arguments or {}\n" + branches)
    open_document(client, tmp_path / "slow.py", slow)
    assert client.call("shutdown")["result"] is None
    client.notify("exit")
    assert client.process.wait(timeout=10) == 0


@pytest.mark.parametrize(("shutdown_first", "expected"), [(True, 0), (False, 1)])
def test_exit_code_says_whether_shutdown_came_first(client, shutdown_first, expected):
    # LSP 3.17, "Exit Notification": 0 after a shutdown request, else 1.
    if shutdown_first:
        assert client.call("shutdown")["result"] is None
    client.notify("exit")
    assert client.process.wait(timeout=WAIT) == expected


@pytest.mark.parametrize("header", [b"Content-Length: -5", b"Content-Length: abc", b"Content-Length: 99999999999999",
                                    b"Content-Length: 1e3", b"Content-Length:"])
def test_a_bad_content_length_with_a_request_behind_it_is_answered(client: RawClient, header: bytes) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": 501, "method": "shutdown"}).encode()
    client.send_bytes(header + b"\r\n\r\n" + body)
    assert client.answer(501)["result"] is None


@pytest.mark.parametrize("header", [b"Content-Length: -5", b"Content-Length: 99999999999999", b"Content-Length: x"])
def test_a_bad_content_length_before_junk_is_dropped_and_the_server_stays_responsive(
        client: RawClient, tmp_path: Path, header: bytes) -> None:
    client.send_bytes(header + b"\r\n\r\nthis is no JSON at all")
    assert_alive(client, tmp_path)
    assert client.process.poll() is None


def test_a_huge_content_length_does_not_make_the_server_wait_for_ever(client: RawClient, tmp_path: Path) -> None:
    client.send_bytes(b"Content-Length: 99999999999\r\n\r\n")
    assert_alive(client, tmp_path)


def test_a_document_over_the_time_budget_gets_mcp002_and_the_worker_goes_on(tmp_path: Path, monkeypatch) -> None:
    """Lints run in worker threads, where no signal arrives: the per-document budget still
    holds there (mcplint.engine's watchdog)."""
    monkeypatch.setenv("MCPLINT_FILE_TIME_BUDGET", "1")
    client = RawClient(tmp_path)
    try:
        client.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        many = "".join(f"def handler_{i}(arguments):\n    return arguments.get('k{i}')\n\n" for i in range(20_000))
        uri = open_document(client, tmp_path / "huge.py", SOURCE + many)
        [diagnostic] = client.diagnostics(uri)
        assert diagnostic["code"] == "MCP002"
        assert "exceeded the time budget (1 s of CPU time)" in diagnostic["message"]
        assert_alive(client, tmp_path)
    finally:
        client.close()


@pytest.mark.parametrize("params", [
    {"position": {"line": 0, "character": -5}},  # a negative offset
    {"position": {"line": 0}},  # a field missing
    {},  # no position at all
])
def test_a_request_with_params_its_method_refuses_is_answered_invalid_params(
        client: RawClient, tmp_path: Path, params: dict[str, Any]) -> None:
    uri = open_document(client, tmp_path / "server.py", SOURCE)
    answer = client.call("textDocument/hover", {"textDocument": {"uri": uri}, **params})
    assert answer["error"] == {"code": -32602, "message": "Invalid Params"}
    assert "result" not in answer
    assert_alive(client, tmp_path)


def test_a_notification_with_bad_params_gets_no_answer_and_is_survived(client: RawClient, tmp_path: Path) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": 5}})
    answer = client.call("mcplint/noSuchRequest", {})  # the next message answered is this one's
    assert answer["error"]["code"] == -32601
    assert_alive(client, tmp_path)


def test_a_body_that_is_not_json_is_answered_parse_error_with_a_null_id_and_logged_not_popped_up(client) -> None:
    """JSON-RPC 2.0 section 5.1: a message that cannot be parsed gets -32700 with ``id: null``;
    the error goes to the client's log (window/logMessage), not a window/showMessage popup."""
    body = b"{not json"
    client.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = client.wait_for(lambda m: "error" in m and "method" not in m)
    assert answer["id"] is None and answer["error"]["code"] == -32700
    logged = client.wait_for(lambda m: m.get("method") in ("window/logMessage", "window/showMessage"))
    assert logged["method"] == "window/logMessage"
    assert logged["params"]["message"].startswith("mcplint: JSONDecodeError: ")


def test_a_change_to_a_document_never_opened_is_logged_not_popped_up(client, tmp_path: Path) -> None:
    change(client, (tmp_path / "never_opened.py").as_uri(), 2, "x = 1\n")
    logged = client.wait_for(lambda m: m.get("method") in ("window/logMessage", "window/showMessage"))
    assert logged["method"] == "window/logMessage"
    assert "KeyError" in logged["params"]["message"]
    assert_alive(client, tmp_path)
