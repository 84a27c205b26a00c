"""Language-server latency: from ``didChange`` to ``publishDiagnostics`` on a large server file.

Starts ``mcplint server`` over stdio with a minimal JSON-RPC client (push diagnostics, as
editors without pull support get them), opens a generated MCP server of ``--lines`` lines
(default 2,000; the mcp 1.x low-level stack with many prompts, planted faults and ordinary
helper code), applies ``--edits`` edits one after another (each a full-text ``didChange``
that changes one line; the next edit is sent once the diagnostics of the previous one
arrived) and measures the wall time from sending each ``didChange`` to receiving the
``publishDiagnostics`` of that version. Two series: edits at the end of the file, and
edits inside the ``get_prompt`` handler, the largest function (about 1,000 lines), which
the server's incremental parse (:mod:`mcplint.incremental`) must parse again.

The median latency is then split into the server's debounce (``DEBOUNCE_SECONDS``), and
what the same text costs in this process: ``libcst.parse_module`` alone, ``lint_source``
(parse + model + rules + positions + suppressions) and ``lint_document`` (that +
conversion to LSP diagnostics) from scratch, and ``lint_source`` with a document's
incremental parser for each series. Target: latency without the debounce <= 1.5x the
parse. ``--profile`` prints where ``lint_source`` spends its time.

    python benchmarks/lsp_latency.py
    python benchmarks/lsp_latency.py --edits 10 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from monorepo import Writer  # the sibling benchmark's generator (benchmarks/ is no package)


def server_text(lines: int, seed: int) -> str:
    """A low-level mcp 1.x server of about ``lines`` lines: many prompts, then ordinary code."""
    writer = Writer(seed)
    text = writer.lowlevel_mcp1("big-service")
    while text.count("\n") < lines * 0.6:  # more prompts: merge another server's declarations
        more = writer.lowlevel_mcp1("big-service")
        declared = more.split("    return [\n", 1)[1].split("    ]\n\n\n@server.get_prompt()", 1)[0]
        branches = more.split("    args = arguments or {}\n", 1)[1].rsplit("    raise McpError", 1)[0]
        text = text.replace("    ]\n\n\n@server.get_prompt()", declared + "    ]\n\n\n@server.get_prompt()", 1)
        text = text.replace("    args = arguments or {}\n", "    args = arguments or {}\n" + branches, 1)
    body = writer.ordinary_module(lines - text.count("\n")).split("\n\n\n", 1)[1]
    return text + "\n\nimport logging\nfrom dataclasses import dataclass\n\nlogger = logging.getLogger(__name__)\n\n\n" + body


class Client:
    """A minimal LSP client over a subprocess's stdio (Content-Length framed JSON-RPC)."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict] = queue.Queue()
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                key, _, value = line.decode("ascii").partition(":")
                headers[key.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            message = json.loads(body)
            if "id" in message and "method" in message:  # a request from the server: answer null
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            self.messages.put(message)

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: dict | None, timeout: float = 60) -> dict:
        self._next_id += 1
        self.send({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self._next_id and "method" not in m, timeout)

    def wait(self, matches, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            message = self.messages.get(timeout=max(deadline - time.monotonic(), 0.001))
            if matches(message):
                return message

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", {})
            self.process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - a benchmark tidies up whatever happens
            self.process.kill()


def published(uri: str, version: int):
    def matches(message: dict) -> bool:
        params = message.get("params") or {}
        return (message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri
                and params.get("version") == version)
    return matches


EDIT_PLACES = ("end", "handler")


def edited(text: str, number: int, where: str = "end") -> str:
    """``text`` with a comment naming the edit (a real change): replacing the file's last
    line (``end``), or as the first line of the ``get_prompt`` handler's body (``handler``,
    inside the largest function, which the language server's incremental parse must then
    parse again)."""
    if where == "end":
        head = text.rstrip("\n").rsplit("\n", 1)[0]
        return f"{head}\n# edit {number}\n"
    lines = text.split("\n")
    anchor = lines.index("    args = arguments or {}")
    if lines[anchor + 1].startswith("    # edit "):
        lines[anchor + 1] = f"    # edit {number}"
    else:
        lines.insert(anchor + 1, f"    # edit {number}")
    return "\n".join(lines)


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) used so far by process ``pid`` (Linux ``/proc``; else None)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_server(text: str, folder: Path, edits: int, where: str) -> tuple[list[float], list[float], int, list[float]]:
    """Wall latencies and server CPU seconds of ``edits`` edits at ``where`` (see
    :func:`edited`); the number of diagnostics published on open; and, for each edit, the
    CPU seconds of a ``libcst.parse_module`` of the same text in this process right after
    (the machine's speed drifts: a ratio of figures taken together is the fair one)."""
    import libcst

    path = folder / "server.py"
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client = Client([sys.executable, "-m", "mcplint", "server"], folder)
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": folder.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                                "text": text}})
        opened = client.wait(published(uri, 1), timeout=300)
        latencies, cpu, parses = [], [], []
        for number in range(edits):
            version = number + 2
            text = edited(text, number, where)
            cpu_start, start = process_cpu(client.process.pid), time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                     "contentChanges": [{"text": text}]})
            client.wait(published(uri, version), timeout=300)
            latencies.append(time.perf_counter() - start)
            cpu_end = process_cpu(client.process.pid)
            if cpu_start is not None and cpu_end is not None:
                cpu.append(cpu_end - cpu_start)
            parse_start = time.process_time()
            libcst.parse_module(text)
            parses.append(time.process_time() - parse_start)
        return latencies, cpu, len(opened["params"]["diagnostics"]), parses
    finally:
        client.close()


def median_incremental(lint_source, text: str, path: Path, settings, where: str, repeat: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``lint_source`` with a document's incremental parser,
    over ``repeat`` successive edits at ``where``."""
    from mcplint.incremental import IncrementalParser

    parser = IncrementalParser()
    lint_source(text, str(path), settings, parser=parser)
    versions = []
    for number in range(repeat):
        text = edited(text, number, where)
        versions.append(text)
    runs = iter(versions)
    return median_time(lambda: lint_source(next(runs), str(path), settings, parser=parser), repeat)


def median_time(function, repeat: int) -> tuple[float, float]:
    """Median wall and median CPU seconds of ``repeat`` calls."""
    times, cpu = [], []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        function()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
    return statistics.median(times), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="profile lint_source on the text")
    args = parser.parse_args()
    # No per-file time budget (in this process nor in the server): a busy machine must not
    # turn the measured analysis into an early MCP002.
    os.environ["MCPLINT_FILE_TIME_BUDGET"] = "0"

    import libcst
    from lsprotocol import types
    from pygls.workspace.position_codec import PositionCodec

    from mcplint.config import Settings
    from mcplint.engine import lint_source
    from mcplint.lsp import DEBOUNCE_SECONDS, lint_document

    text = server_text(args.lines, args.seed)
    with tempfile.TemporaryDirectory(prefix="mcplint-lsp-") as name:
        folder = Path(name)
        (folder / "pyproject.toml").write_text('[project]\nname = "big"\nversion = "0"\ndependencies = ["mcp==1.9.4"]\n')
        path = folder / "server.py"
        path.write_text(text, encoding="utf-8")
        settings = Settings()
        codec = PositionCodec(types.PositionEncodingKind.Utf16)
        lint_source(text, str(path), settings)  # warm imports and caches, as a running server has
        repeat = max(5, args.edits // 2)
        parse = median_time(lambda: libcst.parse_module(text), repeat)
        lint = median_time(lambda: lint_source(text, str(path), settings), repeat)
        document = median_time(lambda: lint_document(text, str(path), path.as_uri(), settings, codec), repeat)
        incremental = {where: median_incremental(lint_source, text, path, settings, where, repeat) for where in EDIT_PLACES}
        found = lint_source(text, str(path), settings)
        served = {where: measure_server(text, folder, args.edits, where) for where in EDIT_PLACES}
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(3):
                lint_source(text, str(path), settings)
            profiler.disable()

    published_on_open = served[EDIT_PLACES[0]][2]
    print(f"document: {text.count(chr(10))} lines, {len(found)} diagnostics in-process, {published_on_open} published on open")
    print(f"in-process on the same text, median of {repeat} (wall / cpu):")
    print(f"  libcst.parse_module                      {parse[0] * 1000:7.1f} / {parse[1] * 1000:7.1f} ms")
    print(f"  lint_source (parse+model+rules)          {lint[0] * 1000:7.1f} / {lint[1] * 1000:7.1f} ms"
          f"   = {lint[1] / parse[1]:.2f}x parse (cpu)")
    print(f"  lint_document (+ noqa edits, LSP ranges) {document[0] * 1000:7.1f} / {document[1] * 1000:7.1f} ms"
          f"   = {document[1] / parse[1]:.2f}x parse (cpu)")
    for where in EDIT_PLACES:
        wall, cpu = incremental[where]
        print(f"  lint_source, incremental, edit at {where:8s} {wall * 1000:7.1f} / {cpu * 1000:7.1f} ms"
              f"   = {cpu / parse[1]:.2f}x parse (cpu)")
    for where in EDIT_PLACES:
        latencies, server_cpu, _, parses = served[where]
        latency = statistics.median(latencies)
        work = latency - DEBOUNCE_SECONDS
        busy = statistics.median(server_cpu) if server_cpu else None
        print(f"server, edit at {where}: didChange -> publishDiagnostics, median of {args.edits}: "
              f"{latency * 1000:7.1f} ms wall (min {min(latencies) * 1000:.1f}, max {max(latencies) * 1000:.1f})")
        print(f"  debounce (DEBOUNCE_SECONDS)              {DEBOUNCE_SECONDS * 1000:7.1f} ms")
        print(f"  latency without the debounce             {work * 1000:7.1f} ms wall")
        if busy is not None:
            print(f"  server CPU per edit                      {busy * 1000:7.1f} ms")
        print(f"  ratio: latency without debounce / parse = {work / parse[0]:.2f}x wall"
              + (f", server CPU per edit / parse = {busy / parse[1]:.2f}x cpu" if busy is not None else "")
              + "   (target <= 1.5x)")
        if server_cpu:
            paired = statistics.median(c / p for c, p in zip(server_cpu, parses))
            print(f"  paired: median over edits of server CPU / a parse of that text right after = {paired:.2f}x")
    if args.profile:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
        stats.print_stats(r"mcplint|libcst/_parser/entrypoints|libcst/metadata/wrapper", 30)
        print(out.getvalue())


if __name__ == "__main__":
    main()
