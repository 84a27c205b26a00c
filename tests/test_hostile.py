"""Hostile files and failures inside mcplint: each costs its own file at most, never the run.

Every test lints a directory holding the hostile file next to ``server.py``, an ordinary
low-level server with one MCP202 at line 15, and asserts both the hostile file's exact
outcome and that ``server.py`` was still linted. Failures inside mcplint are injected:
with ``monkeypatch`` (parser, model, a rule, a runaway rule, an unreadable file) in this
process, and with the engine's test-only crash hook (``CRASH_HOOK_ENV``) in worker processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import libcst
import pytest
from click.testing import CliRunner

from mcplint import engine
from mcplint.checks import RULES_BY_CODE
from mcplint.cli import cli
from mcplint.config import Settings
from mcplint.engine import TIME_BUDGET_ENV
from mcplint.runner import CRASH_HOOK_ENV, lint_paths

from servers import ONE_FINDING

SERVER = ONE_FINDING
SERVER_FINDING = ("server.py", "MCP202", 15, 11)  # file name, code, line, 0-based column
#: A module the engine must model (it constructs a server): one that cannot report is skipped
#: before parsing, so a failure injected there would never run.
REPORTABLE = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('boom')\n"
# The rules these tests rely on, so that a new rule elsewhere does not change their outcome.
SELECT = ("MCP0", "MCP101", "MCP103", "MCP202")


def outcome(tmp_path: Path, jobs: int = 1) -> tuple[list[tuple[str, str, int, int]], list[str], bool]:
    """Lint ``tmp_path``: (sorted (file name, code, line, column) rows, errors, internal_error)."""
    result = lint_paths([tmp_path], Settings(select=SELECT), jobs=jobs)
    rows = sorted((Path(d.path).name, d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics)
    return rows, result.errors, result.internal_error


def messages(tmp_path: Path, name: str) -> list[str]:
    """The messages of the diagnostics on the file ``name`` (one fresh in-process run)."""
    diagnostics = lint_paths([tmp_path], Settings(select=SELECT)).diagnostics
    return [d.message for d in diagnostics if Path(d.path).name == name]


def run_cli(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, list[tuple], str]:
    """``python -m mcplint --output-format json <args>`` in ``tmp_path``: exit code, rows, stderr."""
    completed = subprocess.run(
        [sys.executable, "-m", "mcplint", "--output-format", "json", "--no-cache", "--select", ",".join(SELECT), *args],
        capture_output=True, text=True, cwd=tmp_path, env={**os.environ, **(env or {})}, timeout=120,
    )
    rows = sorted(
        (Path(d["filename"]).name, d["code"], d["location"]["row"], d["message"])
        for d in json.loads(completed.stdout or "[]")
    )
    return completed.returncode, rows, completed.stderr


CLI_ARGS = ["--output-format", "concise", "--no-cache", "--jobs", "1", "--select", ",".join(SELECT)]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A directory holding ``server.py`` (MCP202 at line 15)."""
    (tmp_path / "server.py").write_text(SERVER)
    return tmp_path


# --------------------------------------------------------------------------- failures inside mcplint


def test_parser_exception_is_mcp002_naming_the_parser(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_parse = libcst.parse_module

    def parse(text: str, *args, **kwargs):
        if "BOOM" in text:
            raise AssertionError("injected parser failure")
        return real_parse(text, *args, **kwargs)

    monkeypatch.setattr(engine.cst, "parse_module", parse)
    (project / "boom.py").write_text(REPORTABLE + "BOOM = 1\n")
    rows, errors, internal = outcome(project)
    assert rows == [("boom.py", "MCP002", 1, 0), SERVER_FINDING]
    assert (errors, internal) == ([], True)
    assert messages(project, "boom.py") == [
        "mcplint failed in parser on this file (AssertionError: injected parser failure); please report it"
    ]


def test_model_exception_is_mcp002_naming_the_model(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_build = engine.build_model

    def build(module, path, *args, **kwargs):
        if path.endswith("boom.py"):
            raise KeyError("injected")
        return real_build(module, path, *args, **kwargs)

    monkeypatch.setattr(engine, "build_model", build)
    (project / "boom.py").write_text(REPORTABLE)
    rows, errors, internal = outcome(project)
    assert rows == [("boom.py", "MCP002", 1, 0), SERVER_FINDING]
    assert (errors, internal) == ([], True)
    assert messages(project, "boom.py") == [
        "mcplint failed in model on this file (KeyError: 'injected'); please report it"
    ]


def test_rule_exception_is_mcp002_naming_the_rule_and_other_rules_still_run(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def check(self, model):
        raise ZeroDivisionError("injected")

    monkeypatch.setattr(type(RULES_BY_CODE["MCP101"]), "check", check)
    rows, errors, internal = outcome(project)
    assert rows == [("server.py", "MCP002", 1, 0), SERVER_FINDING]
    assert (errors, internal) == ([], True)
    assert messages(project, "server.py")[0] == (
        "mcplint failed in MCP101 on this file (ZeroDivisionError: injected); please report it"
    )


def test_internal_error_exits_2_after_linting_everything(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "build_model", lambda *args, **kwargs: 1 / 0)
    (project / "other.py").write_text(REPORTABLE)
    result = CliRunner().invoke(cli, CLI_ARGS + [str(project)])
    assert result.exit_code == 2
    assert sorted(line.split(":")[0].rsplit("/", 1)[-1] for line in result.stdout.splitlines()) == [
        "other.py", "server.py"
    ]
    assert all(": MCP002 mcplint failed in model" in line for line in result.stdout.splitlines())


def test_runaway_analysis_exceeds_the_time_budget(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def check(self, model):
        give_up = time.monotonic() + 60  # fail, rather than hang, if no budget interrupts
        while model.path.endswith("slow.py") and time.monotonic() < give_up:
            pass
        return iter(())

    monkeypatch.setenv(TIME_BUDGET_ENV, "0.2")
    monkeypatch.setattr(type(RULES_BY_CODE["MCP103"]), "check", check)
    (project / "slow.py").write_text(SERVER)
    rows, errors, internal = outcome(project)
    assert rows == [("server.py", "MCP202", 15, 11), ("slow.py", "MCP002", 1, 0)]
    assert (errors, internal) == ([], True)
    assert messages(project, "slow.py") == [
        "mcplint's analysis exceeded the time budget (0.2 s of CPU time) on this file; please report it"
    ]


def test_a_swallowed_alarm_is_repeated(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # CPython prints and drops an exception raised while a gc callback or __del__ runs.
    def spin() -> None:
        give_up = time.monotonic() + 60
        while time.monotonic() < give_up:
            pass

    def check(self, model):
        if model.path.endswith("slow.py"):
            try:
                spin()
            except BaseException:  # noqa: BLE001 - what a gc callback does to the first alarm
                pass
            spin()
        return iter(())

    monkeypatch.setenv(TIME_BUDGET_ENV, "0.2")
    monkeypatch.setattr(type(RULES_BY_CODE["MCP103"]), "check", check)
    (project / "slow.py").write_text(SERVER)
    rows, errors, internal = outcome(project)
    assert rows == [SERVER_FINDING, ("slow.py", "MCP002", 1, 0)]
    assert (errors, internal) == ([], True)


def test_a_crashing_worker_costs_only_its_file(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a.py", "b.py", "crash.py", "d.py", "e.py"):
        (project / name).write_text(SERVER)
    monkeypatch.setenv(CRASH_HOOK_ENV, "crash.py")
    rows, errors, internal = outcome(project, jobs=2)
    expected = [(name, "MCP202", 15, 11) for name in ("a.py", "b.py", "d.py", "e.py", "server.py")]
    assert rows == sorted(expected + [("crash.py", "MCP002", 1, 0)])
    assert (errors, internal) == ([], True)


def test_a_crashing_worker_through_the_cli_exits_2(project: Path) -> None:
    for name in ("a.py", "crash.py", "d.py"):
        (project / name).write_text(SERVER)
    code, rows, _ = run_cli(project, "--jobs", "2", ".", env={CRASH_HOOK_ENV: "crash.py"})
    assert code == 2
    assert [row[:3] for row in rows] == [
        ("a.py", "MCP202", 15), ("crash.py", "MCP002", 1), ("d.py", "MCP202", 15), ("server.py", "MCP202", 15)
    ]
    assert rows[1][3] == "mcplint's worker crashed on this file; please report it"


# --------------------------------------------------------------------------- hostile files


def test_nesting_thousands_deep_is_mcp000(project: Path) -> None:
    (project / "deep.py").write_text("import mcp\nx = " + "-" * 5000 + "1\n")
    rows, errors, internal = outcome(project)
    assert rows == [("deep.py", "MCP000", 2, 0), SERVER_FINDING]
    assert messages(project, "deep.py") == ["SyntaxError: expression nests deeper than CPython accepts"]
    assert (errors, internal) == ([], False)


def test_nesting_beyond_the_default_recursion_limit_is_analysed(project: Path) -> None:
    # 400 levels take >1,000 Python frames in libcst and the model: the engine makes room.
    (project / "chain.py").write_text(SERVER + "FLAG = " + "not " * 400 + "True\n")
    rows, errors, internal = outcome(project)
    assert rows == [("chain.py", "MCP202", 15, 11), SERVER_FINDING]
    assert (errors, internal) == ([], False)


def test_fifty_thousand_lines(project: Path) -> None:
    # The bulk is one string token: libcst needs seconds for 50,000 lines of statements.
    filler = 'DATA = """\n' + "".join(f"row {i}\n" for i in range(49_983)) + '"""\n'
    (project / "long.py").write_text(filler + SERVER)
    rows, _, _ = outcome(project)
    assert filler.count("\n") + SERVER.count("\n") == 50_000
    assert rows == [("long.py", "MCP202", 50_000, 11), SERVER_FINDING]


def test_one_megabyte_single_line(project: Path) -> None:
    (project / "wide.py").write_text('BLOB = "' + "x" * 1_000_000 + '"; ' + SERVER)
    rows, _, _ = outcome(project)
    assert rows == [SERVER_FINDING, ("wide.py", "MCP202", 15, 11)]


def test_a_file_over_the_size_limit_is_mcp002_without_a_parse(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The limit is 2 MB; a smaller one here keeps the test quick. No parse may run for it.
    monkeypatch.setattr(engine, "MAX_MODULE_BYTES", 2_000)
    parse = engine.parse_module

    def parse_but_not_the_oversized(text, *args, **keywords):
        assert "ROW_0" not in text, "the oversized file was parsed"
        return parse(text, *args, **keywords)

    monkeypatch.setattr(engine, "parse_module", parse_but_not_the_oversized)
    (project / "generated.py").write_text(REPORTABLE + "".join(f"ROW_{i} = {i}\n" for i in range(300)))
    size = (project / "generated.py").stat().st_size
    diagnostics = [d for d in lint_paths([project], Settings(select=SELECT)).diagnostics if d.path.endswith("generated.py")]
    assert [(d.code, d.span.start.line, d.message) for d in diagnostics] == [(
        "MCP002", 1, f"this file is {size / 1e6:.1f} MB; mcplint does not analyse files larger than 0.002 MB "
        "(generated code or data): it was not linted. Exclude it (`extend-exclude`) to silence this")]


def test_an_oversized_file_without_mcp_code_stays_silent(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_MODULE_BYTES", 2_000)
    (project / "data.py").write_text("".join(f"ROW_{i} = {i}\n" for i in range(300)))
    rows, errors, internal = outcome(project)
    assert (rows, errors, internal) == ([SERVER_FINDING], [], False)


def test_an_oversized_text_from_the_editor_is_mcp002(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_MODULE_BYTES", 2_000)
    text = REPORTABLE + "S = '" + "é" * 1_000 + "'\n"  # 2 bytes per é: the limit counts bytes
    assert len(text) < 2_000 < len(text.encode())
    found = engine.lint_source(text, "open.py", Settings())
    assert [(d.code, d.message.split(";")[0]) for d in found] == [("MCP002", "this file is 0.0 MB")]


def test_the_coverage_report_names_an_oversized_file(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_MODULE_BYTES", 2_000)
    (project / "generated.py").write_text(REPORTABLE + "".join(f"ROW_{i} = {i}\n" for i in range(300)))
    model, locate, problem = engine.model_of(project / "generated.py")
    assert (model, locate) == (None, None)
    assert problem is not None and "mcplint does not analyse files larger than 0.002 MB" in problem


def test_binary_data_is_mcp000(project: Path) -> None:
    (project / "image.py").write_bytes(b"\x89PNG\r\n\x1a\n\x00mcp" + bytes(range(256)))
    rows, errors, _ = outcome(project)
    assert rows == [("image.py", "MCP000", 1, 0), SERVER_FINDING]
    assert messages(project, "image.py") == [
        "SyntaxError: file is not valid utf-8 and declares no other coding "
        "('utf-8' codec can't decode byte 0x89 in position 0: invalid start byte)"
    ]
    assert errors == []


def test_latin1_bytes_after_a_comment_line_are_located_as_after_a_code_line(project: Path) -> None:
    # CPython's encoding detection reads line 2 only after a comment line: the message and
    # place must not depend on that.
    for first in (b"# the mcp server\n", b"import mcp\n"):
        (project / "latin.py").write_bytes(first + b'x = "\xe9t\xe9"\n')
        rows, _, _ = outcome(project)
        assert ("latin.py", "MCP000", 2, 5) in rows
        assert messages(project, "latin.py") == [
            "SyntaxError: file is not valid utf-8 and declares no other coding "
            "('utf-8' codec can't decode byte 0xe9 in position %d: invalid continuation byte)" % (len(first) + 5)
        ]


def test_nul_byte_is_mcp000_at_its_position(project: Path) -> None:
    (project / "nul.py").write_bytes(b"import mcp\nx = 1\x00\n")
    rows, _, _ = outcome(project)
    assert rows == [("nul.py", "MCP000", 2, 5), SERVER_FINDING]
    assert messages(project, "nul.py") == ["SyntaxError: source code cannot contain null bytes"]


def test_utf8_bom_does_not_shift_columns(project: Path) -> None:
    (project / "bom.py").write_bytes(b"\xef\xbb\xbf" + SERVER.encode())
    rows, _, _ = outcome(project)
    assert rows == [("bom.py", "MCP202", 15, 11), SERVER_FINDING]


def test_utf16_file_is_skipped_like_any_file_without_mcp_bytes(project: Path) -> None:
    # CPython refuses UTF-16 source; its bytes never contain b"mcp", so the prefilter skips it.
    (project / "wide_chars.py").write_bytes(("\ufeff" + SERVER).encode("utf-16"))
    rows, errors, internal = outcome(project)
    assert (rows, errors, internal) == ([SERVER_FINDING], [], False)


@pytest.mark.parametrize("ending", ["\r\n", "\r"], ids=["crlf", "lone-cr"])
def test_line_endings(project: Path, ending: str) -> None:
    (project / "endings.py").write_bytes(SERVER.replace("\n", ending).encode())
    rows, _, _ = outcome(project)
    assert rows == [("endings.py", "MCP202", 15, 11), SERVER_FINDING]


def test_form_feed_lines(project: Path) -> None:
    (project / "feeds.py").write_text(SERVER.replace("\n\n\n@server.get_prompt", "\n\n\f\n@server.get_prompt"))
    rows, _, _ = outcome(project)
    assert rows == [("feeds.py", "MCP202", 15, 11), SERVER_FINDING]


def test_form_feed_in_indentation_counts_as_a_code_point(project: Path) -> None:
    # libcst's own position provider gives column 11 (it moves the form feed to the line
    # before); mcplint places the subscript from ast's column, checked against the text.
    (project / "feeds.py").write_text(SERVER.replace('    return args["language"]', '\f    return args["language"]'))
    rows, _, _ = outcome(project)
    assert rows == [("feeds.py", "MCP202", 15, 12), SERVER_FINDING]


def test_latin1_coding_cookie(project: Path) -> None:
    (project / "cookie.py").write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + SERVER.encode())
    rows, _, _ = outcome(project)
    assert rows == [("cookie.py", "MCP202", 17, 11), SERVER_FINDING]


def test_symlink_loops_are_not_followed(project: Path) -> None:
    (project / "loop").symlink_to(project, target_is_directory=True)
    (project / "loop.py").symlink_to(project, target_is_directory=True)
    (project / "a.py").symlink_to(project / "b.py")
    (project / "b.py").symlink_to(project / "a.py")
    rows, errors, internal = outcome(project)
    assert (rows, errors, internal) == ([SERVER_FINDING], [], False)


def test_symlink_loop_named_on_the_command_line(project: Path) -> None:
    (project / "a.py").symlink_to(project / "b.py")
    (project / "b.py").symlink_to(project / "a.py")
    code, rows, stderr = run_cli(project, "a.py", "server.py")
    assert code == 2
    assert [row[:3] for row in rows] == [("server.py", "MCP202", 15)]
    assert "mcplint: error: a.py: Too many levels of symbolic links" in stderr


def test_unreadable_file_is_an_error_and_exit_2(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "secret.py").write_text(SERVER)
    real_read = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    rows, errors, _ = outcome(project)
    assert rows == [SERVER_FINDING]
    assert errors == [f"{project / 'secret.py'}: cannot read file: Permission denied"]
    result = CliRunner().invoke(cli, CLI_ARGS + [str(project)])
    assert result.exit_code == 2
    assert f"mcplint: error: {project / 'secret.py'}: cannot read file: Permission denied" in result.stderr
    assert "server.py:15:12: MCP202" in result.stdout


def test_fifo_is_skipped_without_hanging(project: Path) -> None:
    os.mkfifo(project / "pipe.py")
    code, rows, stderr = run_cli(project, ".")
    assert code == 1
    assert [row[:3] for row in rows] == [("server.py", "MCP202", 15)]
    assert stderr == ""


def test_empty_file(project: Path) -> None:
    (project / "empty.py").write_bytes(b"")
    result = lint_paths([project], Settings(select=SELECT))
    assert result.files_checked == 2
    assert [(Path(d.path).name, d.code) for d in result.diagnostics] == [("server.py", "MCP202")]


# --------------------------------------------------------------------------- FIFOs, devices, output errors

#: A server whose prompt a sibling module registers: linting it searches and reads the other
#: ``.py`` names of its folder, which is where a FIFO used to block the run for ever.
SPLIT_SERVER = "from mcp.server.fastmcp import FastMCP\nfrom helpers import register\n\nmcp = FastMCP('x')\nregister(mcp)\n"
SPLIT_HELPERS = "def register(mcp):\n    @mcp.prompt()\n    def p(a: str, b: int) -> str:\n        return a\n"


@pytest.mark.parametrize("cache_flag", ["--no-cache", "--jobs=1"])
def test_a_fifo_beside_a_linked_module_is_not_read(tmp_path: Path, cache_flag: str) -> None:
    (tmp_path / "srv.py").write_text(SPLIT_SERVER)
    (tmp_path / "helpers.py").write_text(SPLIT_HELPERS)
    os.mkfifo(tmp_path / "pipe.py")
    completed = subprocess.run(
        [sys.executable, "-m", "mcplint", "--output-format", "concise", cache_flag, "srv.py", "helpers.py"],
        capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert completed.returncode == 1
    assert completed.stdout.splitlines() == [
        "helpers.py:3:19: MCP103 Argument 'b' is declared for prompt 'p' but never read: the caller's value is dropped"
    ]


def test_a_fifo_named_on_the_command_line_is_an_error_and_exit_2(project: Path) -> None:
    os.mkfifo(project / "pipe.py")
    code, rows, stderr = run_cli(project, "pipe.py", "server.py")
    assert code == 2
    assert [row[:3] for row in rows] == [("server.py", "MCP202", 15)]
    assert "mcplint: error: pipe.py: not a regular file or directory (to lint stdin, pass `-`)\n" in stderr


def test_read_regular_refuses_a_fifo_without_blocking_and_reads_a_file(tmp_path: Path) -> None:
    from mcplint.regular_files import read_regular

    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "a.py").write_bytes(b"x = 1\r\n")
    with pytest.raises(OSError) as raised:
        read_regular(tmp_path / "pipe.py")
    assert (raised.value.errno, raised.value.strerror) == (22, "not a regular file")
    assert read_regular(str(tmp_path / "a.py")) == b"x = 1\r\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["--no-cache", "server.py"], ["--no-cache", "--show-coverage", "server.py"], ["rule", "MCP101"]])
def test_a_report_that_cannot_be_written_is_one_error_line_and_exit_2(project: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:  # every write fails with ENOSPC
        completed = subprocess.run([sys.executable, "-m", "mcplint", *args], stdout=full, stderr=subprocess.PIPE,
                                   text=True, cwd=project, timeout=60)
    assert completed.returncode == 2
    assert "Traceback" not in completed.stderr
    assert "mcplint: error: cannot write the output: No space left on device\n" in completed.stderr


def test_an_output_file_that_cannot_be_written_is_one_error_line_and_exit_2(project: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    code, _, stderr = run_cli(project, "-o", "/dev/full", "server.py")
    assert code == 2
    assert stderr.splitlines()[-1] == "mcplint: error: cannot write the output: No space left on device"
