"""``mcplint --fix``, ``--unsafe-fixes``, ``--diff``, ``--show-fixes`` and ``--add-noqa`` end to end
(the real engine, files in a temporary folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcplint.cli import cli

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="greet", arguments=[types.PromptArgument(name="who", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "greet":
        raise ValueError(f"Unknown prompt: {name}")
    args = arguments or {}
    who = args["who"]
    return types.GetPromptResult(messages=[])
'''
RAISE = '        raise ValueError(f"Unknown prompt: {name}")\n'
FIXED_RAISE = '        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))\n'
IMPORT = "from mcp.server.lowlevel import Server\n"
GUARD = ('    if "who" not in args:\n'
         '        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="Missing required argument \'who\'"))\n')
SELECT = ("--select", "MCP201,MCP202")  # other rules' fixes stay out of the exact outputs


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def server(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "server.py"
    path.write_text(SERVER)
    return path


def safe_fixed() -> str:
    return SERVER.replace(IMPORT, IMPORT + "from mcp.shared.exceptions import McpError\n").replace(RAISE, FIXED_RAISE)


def test_fix_applies_safe_fixes_and_reports_what_remains(server):
    result = run("check", *SELECT, "--fix", "--output-format", "concise", "server.py")
    assert server.read_text() == safe_fixed()
    assert result.exit_code == 1
    assert result.stdout.startswith("server.py:18:11: MCP202 arguments['who'] raises KeyError")
    assert result.stderr == (
        "Found 2 errors (1 fixed, 1 remaining).\n"
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"
    )


def test_unsafe_fixes_fix_everything_and_exit_zero(server):
    result = run("check", *SELECT, "--fix", "--unsafe-fixes", "--show-fixes", "server.py")
    assert server.read_text() == safe_fixed().replace('    who = args["who"]\n', GUARD + '    who = args["who"]\n')
    assert (result.exit_code, result.stderr) == (0, "Found 2 errors (2 fixed, 0 remaining).\n")
    assert result.stdout == (
        "Fixed 2 errors:\n"
        "- server.py:\n"
        "    1 × MCP201 (generic-error-for-invalid-params)\n"
        "    1 × MCP202 (unguarded-argument-access)\n"
        "\n"
    )
    again = run("check", *SELECT, "--fix", "--unsafe-fixes", "server.py")
    assert (again.exit_code, again.stderr) == (0, "All checks passed!\n")


def test_diff_prints_the_change_writes_nothing_and_exits_one(server):
    before = os.stat(server)
    result = run("check", *SELECT, "--diff", "server.py")
    assert result.exit_code == 1
    assert result.stdout == (
        "--- server.py\n"
        "+++ server.py\n"
        "@@ -1,5 +1,6 @@\n"
        " import mcp.types as types\n"
        " from mcp.server.lowlevel import Server\n"
        "+from mcp.shared.exceptions import McpError\n"
        " \n"
        ' server = Server("s")\n'
        " \n"
        "@@ -12,7 +13,7 @@\n"
        " @server.get_prompt()\n"
        " async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:\n"
        '     if name != "greet":\n'
        "-" + RAISE
        + "+" + FIXED_RAISE
        + "     args = arguments or {}\n"
        '     who = args["who"]\n'
        "     return types.GetPromptResult(messages=[])\n"
    )
    assert result.stderr == "Would fix 1 error.\n"
    after = os.stat(server)
    assert (server.read_text(), after.st_mtime_ns, after.st_ino) == (SERVER, before.st_mtime_ns, before.st_ino)


def test_diff_with_exit_zero_prints_the_same_diff_and_exits_zero_as_in_ruff(server):
    strict = run("check", *SELECT, "--diff", "server.py")
    relaxed = run("check", *SELECT, "--diff", "--exit-zero", "server.py")
    assert (strict.exit_code, relaxed.exit_code) == (1, 0)
    assert relaxed.stdout == strict.stdout and relaxed.stdout.startswith("--- server.py\n")
    stdin = CliRunner().invoke(cli, ["check", *SELECT, "--diff", "-e", "-"], input=server.read_text())
    assert stdin.exit_code == 0 and stdin.stdout.startswith("--- -\n")


def test_diff_of_a_clean_file_exits_zero(server):
    server.write_text(safe_fixed())
    result = run("check", "--select", "MCP201", "--diff", "server.py")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "No errors would be fixed.\n")


def test_show_fixes_without_fix_lists_what_fix_would_do(server):
    result = run("check", *SELECT, "--show-fixes", "--output-format", "concise", "server.py")
    assert result.exit_code == 1
    assert result.stderr == (
        "Found 2 errors.\n"
        "[*] 1 error fixable with the `--fix` option (1 hidden fix can be enabled with the `--unsafe-fixes` option):\n"
        "- server.py:\n"
        "    1 × MCP201 (generic-error-for-invalid-params)\n"
    )
    assert server.read_text() == SERVER


def test_show_fixes_with_nothing_fixable_says_no_count_of_zero(server):
    nothing = run("check", "--select", "MCP201", "--unfixable", "MCP201", "--show-fixes", "--output-format", "concise",
                  "server.py")
    assert (nothing.exit_code, nothing.stderr) == (1, "Found 1 error.\n")  # as ruff: no fix line at all
    only_unsafe = run("check", "--select", "MCP202", "--show-fixes", "--output-format", "concise", "server.py")
    assert only_unsafe.stderr == (
        "Found 1 error.\nNo fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")


def test_a_report_ends_with_ruffs_fixable_hint(server):
    result = run("check", *SELECT, "--output-format", "concise", "server.py")
    assert (result.exit_code, result.stderr) == (1, (
        "Found 2 errors.\n"
        "[*] 1 fixable with the `--fix` option (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"))
    only_unsafe = run("check", "--select", "MCP202", "--output-format", "concise", "server.py")
    assert only_unsafe.stderr == (
        "Found 1 error.\nNo fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")
    assert run("check", *SELECT, "--unsafe-fixes", "server.py").stderr.endswith("[*] 2 fixable with the `--fix` option.\n")


def test_quiet_prints_neither_the_hint_nor_the_show_fixes_listing(server):
    for flags in ((), ("--show-fixes",)):
        result = run("check", *SELECT, "-q", *flags, "--output-format", "concise", "server.py")
        assert (result.exit_code, result.stderr) == (1, "")
        assert result.stdout.count("\n") == 2  # the two findings


def test_add_noqa_silences_every_finding_and_merges_into_existing_comments(server):
    server.write_text(SERVER.replace('    who = args["who"]\n', '    who = args["who"]  # noqa: E501\n'))
    result = run("check", *SELECT, "--add-noqa", "server.py")
    assert (result.exit_code, result.stderr) == (0, "Added 2 noqa directives.\n")
    text = server.read_text()
    assert RAISE.rstrip("\n") + "  # noqa: MCP201\n" in text
    assert '    who = args["who"]  # noqa: E501, MCP202\n' in text
    clean = run("check", "--select", "MCP001,MCP201,MCP202", "server.py")
    assert (clean.exit_code, clean.stderr) == (0, "All checks passed!\n")


def test_fix_json_output_stays_json(server):
    result = run("check", *SELECT, "--fix", "--show-fixes", "--output-format", "json", "server.py")
    assert result.stdout.startswith("[") and '"code": "MCP202"' in result.stdout
    assert result.stderr.startswith("Fixed 1 error:\n")


def _stdin(*args: str, source: str = SERVER) -> Result:
    return CliRunner().invoke(cli, ["check", *SELECT, *args], input=source, catch_exceptions=False)


WHO_LINE = SERVER.splitlines().index('    who = args["who"]') + 1


@pytest.mark.parametrize("how", [("--stdin-filename", "server.py", "-"), ("--stdin-filename", "server.py")])
def test_fix_on_stdin_prints_the_fixed_source_and_the_rest_on_stderr(server, how):
    server.write_text("on disk: never read nor written\n")
    result = _stdin("--fix", "--output-format", "concise", *how)
    assert result.exit_code == 1
    assert result.stdout == safe_fixed()
    assert result.stderr == (
        f"server.py:{WHO_LINE + 1}:11: MCP202 arguments['who'] raises KeyError when the caller omits 'who': the client "
        "receives code 0 with the exception text instead of -32602 Invalid params; check presence first and raise "
        "McpError(ErrorData(code=INVALID_PARAMS, message=...))\n"
        "Found 2 errors (1 fixed, 1 remaining).\n"
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")
    assert server.read_text() == "on disk: never read nor written\n"


def test_fix_only_on_stdin_prints_the_fixed_source_and_only_the_count(server):
    result = _stdin("--fix-only", "--stdin-filename", "server.py", "-")
    assert (result.exit_code, result.stdout, result.stderr) == (0, safe_fixed(), "Fixed 1 error.\n")
    strict = _stdin("--fix-only", "--exit-non-zero-on-fix", "-")
    assert (strict.exit_code, strict.stderr) == (1, "Fixed 1 error.\n")


def test_unsafe_fixes_on_a_lone_dash_fix_everything(server):
    result = _stdin("--fix", "--unsafe-fixes", "-")
    assert result.exit_code == 0
    assert result.stdout == safe_fixed().replace('    who = args["who"]\n', GUARD + '    who = args["who"]\n')
    assert result.stderr == "Found 2 errors (2 fixed, 0 remaining).\n"
    assert server.read_text() == SERVER


def test_fix_on_stdin_with_nothing_to_fix_echoes_the_source(server):
    clean = "x = 1\n"
    result = _stdin("--fix", "--stdin-filename", "other.py", source=clean)
    assert (result.exit_code, result.stdout, result.stderr) == (0, clean, "All checks passed!\n")


def test_diff_on_stdin_prints_the_diff_and_writes_nothing(server):
    result = _stdin("--diff", "--stdin-filename", "server.py")
    assert result.exit_code == 1
    assert result.stdout == (
        "--- server.py\n+++ server.py\n@@ -1,5 +1,6 @@\n import mcp.types as types\n"
        " from mcp.server.lowlevel import Server\n+from mcp.shared.exceptions import McpError\n \n"
        ' server = Server("s")\n \n@@ -12,7 +13,7 @@\n'
        " @server.get_prompt()\n async def get_prompt(name: str, arguments: dict[str, str] | None) -> "
        "types.GetPromptResult:\n     if name != \"greet\":\n-" + RAISE + "+" + FIXED_RAISE +
        "     args = arguments or {}\n     who = args[\"who\"]\n     return types.GetPromptResult(messages=[])\n")
    assert result.stderr == "Would fix 1 error.\n"
    assert server.read_text() == SERVER


def test_fix_on_stdin_with_a_syntax_error_echoes_it_and_reports_mcp000(server):
    broken = "import mcp\nx = (\n"
    result = CliRunner().invoke(cli, ["check", "--fix", "--output-format", "concise", "--stdin-filename", "server.py"],
                                input=broken)
    assert result.exit_code == 1
    assert result.stdout == broken
    assert result.stderr == ("server.py:2:5: MCP000 SyntaxError: '(' was never closed\n"
                             "Found 1 error (0 fixed, 1 remaining).\n")


def test_add_noqa_refuses_stdin(server):
    result = _stdin("--add-noqa", "--stdin-filename", "server.py")
    assert result.exit_code == 2
    assert result.stderr == "mcplint: error: --add-noqa works on files, not on --stdin-filename\n"


def test_fix_reports_a_missing_path_with_exit_two(server):
    result = run("check", *SELECT, "--fix", "server.py", "missing.py")
    assert result.exit_code == 2
    assert "mcplint: error: missing.py: No such file or directory\n" in result.stderr
    assert server.read_text() == safe_fixed()


def test_fix_on_a_named_file_without_mcp_code_reports_its_syntax_error(server):
    Path("broken.py").write_text("x = (\n")
    result = run("check", "--fix", "--output-format", "concise", "broken.py")
    assert result.exit_code == 1
    assert result.stdout == "broken.py:1:5: MCP000 SyntaxError: '(' was never closed\n"
    assert Path("broken.py").read_text() == "x = (\n"
