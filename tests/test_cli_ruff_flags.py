"""ruff's everyday ``check`` flags and output formats, end to end as whole command lines
(exit code, stdout, stderr), each against what ruff's documentation says the flag does.

The project holds ``server.py`` (one MCP202 at 15:12, with an *unsafe* fix) and
``fixme.py`` (one MCP001 at 2:8: an unused ``# noqa``, with a *safe* fix).
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mcplint import __version__
from mcplint.cli import cli

from servers import ONE_FINDING

MCP202 = ("arguments['language'] raises KeyError when the caller omits 'language': the client receives code 0 "
          "with the exception text instead of -32602 Invalid params; check presence first and raise "
          "McpError(ErrorData(code=INVALID_PARAMS, message=...))")
MCP001 = "Unused suppression: `# noqa: MCP101` suppresses nothing on this line"
FIXME = "import mcp\nx = 1  # noqa: MCP101\n"
CONCISE_202 = f"server.py:15:12: MCP202 {MCP202}\n"
CONCISE_001 = f"fixme.py:2:8: MCP001 [*] {MCP001}\n"
HINT = "[*] 1 fixable with the `--fix` option (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"
SCHEMAS = Path(__file__).parent / "schemas"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "server.py").write_text(ONE_FINDING, encoding="utf-8")
    (tmp_path / "fixme.py").write_text(FIXME, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in ("MCPLINT_OUTPUT_FORMAT", "MCPLINT_NO_CACHE", "MCPLINT_CACHE_DIR", "MCPLINT_OUTPUT_FILE",
                 "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def run(*args: str) -> Result:
    """``mcplint check -n ARGS`` in the project."""
    return CliRunner().invoke(cli, ["check", "-n", *args], catch_exceptions=False)


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


# -- output formats -----------------------------------------------------------------------------


def test_concise_marks_fixable_findings_with_a_star(project: Path) -> None:
    assert outcome(run("--output-format", "concise", ".")) == (
        1, CONCISE_001 + CONCISE_202, "Found 2 errors.\n" + HINT)


def test_unsafe_fixes_make_the_unsafe_fix_count_for_the_star(project: Path) -> None:
    result = run("--output-format", "concise", "--unsafe-fixes", ".")
    assert result.stdout == CONCISE_001 + f"server.py:15:12: MCP202 [*] {MCP202}\n"
    assert result.stderr == "Found 2 errors.\n[*] 2 fixable with the `--fix` option.\n"


def test_full_headline_carries_the_star(project: Path) -> None:
    assert run("fixme.py").stdout.splitlines()[0] == CONCISE_001.rstrip("\n")


def test_grouped_format(project: Path) -> None:
    expected = f"fixme.py:\n  2:8 MCP001 [*] {MCP001}\n\nserver.py:\n  15:12 MCP202 {MCP202}\n\n"
    assert outcome(run("--output-format", "grouped", ".")) == (1, expected, "Found 2 errors.\n" + HINT)


def test_grouped_pads_rows_and_columns_within_a_file(project: Path) -> None:
    (project / "fixme.py").write_text("import mcp\n" + "\n" * 7 + "x = 1  # noqa: MCP101\nvalue = 1  # noqa: MCP101\n",
                                      encoding="utf-8")
    lines = run("--output-format", "grouped", "fixme.py").stdout.splitlines()
    assert lines == ["fixme.py:", f"   9:8  MCP001 [*] {MCP001}", f"  10:12 MCP001 [*] {MCP001}", ""]


def test_pylint_format(project: Path) -> None:
    expected = f"fixme.py:2: [MCP001] {MCP001}\nserver.py:15: [MCP202] {MCP202}\n"
    assert outcome(run("--output-format", "pylint", ".")) == (1, expected, "")


def test_azure_format(project: Path) -> None:
    expected = (f"##vso[task.logissue type=error;sourcepath=fixme.py;linenumber=2;columnnumber=8;code=MCP001;]{MCP001}\n"
                f"##vso[task.logissue type=error;sourcepath=server.py;linenumber=15;columnnumber=12;code=MCP202;]"
                f"{MCP202}\n")
    assert outcome(run("--output-format", "azure", ".")) == (1, expected, "")


def test_junit_is_valid_xml_shaped_like_ruffs(project: Path) -> None:
    result = run("--output-format", "junit", ".")
    assert result.exit_code == 1 and result.stderr == ""
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ElementTree.fromstring(result.stdout.split("\n", 1)[1])
    assert (root.tag, root.attrib) == ("testsuites", {"name": "mcplint", "tests": "2", "failures": "2", "errors": "0"})
    suites = [(s.get("name"), s.get("tests"), s.get("failures"), s.get("package")) for s in root]
    assert suites == [("fixme.py", "1", "1", "org.mcplint"), ("server.py", "1", "1", "org.mcplint")]
    case = root[1][0]
    assert case.attrib == {"name": "org.mcplint.MCP202", "classname": "server", "line": "15", "column": "12"}
    assert (case[0].tag, case[0].get("message"), case[0].text) == ("failure", MCP202, f"line 15, col 12, {MCP202}")


def test_junit_without_findings_has_one_passing_case(project: Path) -> None:
    result = run("--output-format", "junit", "--select", "MCP101", ".")
    root = ElementTree.fromstring(result.stdout.split("\n", 1)[1])
    assert result.exit_code == 0
    assert [(case.get("name"), case.get("classname"), list(case)) for case in root.iter("testcase")] == [
        ("No errors found", "mcplint", [])]


def test_rdjson_validates_against_reviewdogs_schema(project: Path) -> None:
    result = run("--output-format", "rdjson", ".")
    report = json.loads(result.stdout)
    jsonschema.validate(report, json.loads((SCHEMAS / "rdjson.schema.json").read_text(encoding="utf-8")))
    assert (result.exit_code, result.stderr, report["source"]["name"]) == (1, "", "mcplint")
    first = report["diagnostics"][0]
    assert first == {
        "code": {"url": "https://github.com/mcplint/mcplint/blob/main/rules/MCP001.md", "value": "MCP001"},
        "location": {"path": "fixme.py", "range": {"start": {"line": 2, "column": 8}, "end": {"line": 2, "column": 22}}},
        "message": MCP001,
        "severity": "ERROR",
        "suggestions": [{"range": {"start": {"line": 2, "column": 6}, "end": {"line": 2, "column": 22}}, "text": ""}],
    }


def test_rdjson_columns_count_utf8_bytes(project: Path) -> None:
    (project / "fixme.py").write_text("import mcp\né = 1  # noqa: MCP101\n", encoding="utf-8")
    start = json.loads(run("--output-format", "rdjson", "fixme.py").stdout)["diagnostics"][0]["location"]["range"]
    assert start["start"] == {"line": 2, "column": 9}  # "é" is two bytes: code point column 8 is byte column 9


# -- statistics and the summary -----------------------------------------------------------------


def test_statistics_have_a_fixable_column(project: Path) -> None:
    assert outcome(run("--statistics", ".")) == (
        1, "1\tMCP001\t[*] unused-suppression\n1\tMCP202\t[ ] unguarded-argument-access\n", "Found 2 errors.\n")


def test_statistics_without_any_fixable_code_have_no_column(project: Path) -> None:
    assert run("--statistics", "server.py").stdout == "1\tMCP202\tunguarded-argument-access\n"


def test_statistics_json_fixable(project: Path) -> None:
    rows = json.loads(run("--statistics", "--output-format", "json", "--unsafe-fixes", ".").stdout)
    assert [(row["code"], row["fixable"], row["fixable_count"]) for row in rows] == [
        ("MCP001", True, 1), ("MCP202", True, 1)]


def test_summary_counts_each_severity_and_exit_code_stays_1(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint.severity]\nMCP001 = "warning"\n', encoding="utf-8")
    result = run("--output-format", "concise", ".")
    assert (result.exit_code, result.stderr.splitlines()[0]) == (1, "Found 1 error and 1 warning.")
    result = run("--output-format", "concise", "fixme.py")
    assert (result.exit_code, result.stderr.splitlines()[0]) == (1, "Found 1 warning.")


# -- fixing -------------------------------------------------------------------------------------


def test_fix_only_fixes_and_reports_nothing_else(project: Path) -> None:
    assert outcome(run("--fix-only", ".")) == (0, "", "Fixed 1 error.\n")
    assert (project / "fixme.py").read_text(encoding="utf-8") == "import mcp\nx = 1\n"
    assert outcome(run("--fix-only", ".")) == (0, "", "")  # nothing left to fix: silent, as ruff


def test_exit_non_zero_on_fix(project: Path) -> None:
    assert outcome(run("--fix-only", "--exit-non-zero-on-fix", "fixme.py")) == (1, "", "Fixed 1 error.\n")
    assert run("--fix", "--exit-non-zero-on-fix", "fixme.py").exit_code == 0  # nothing fixed, nothing left
    (project / "fixme.py").write_text(FIXME, encoding="utf-8")
    assert outcome(run("--fix", "--exit-non-zero-on-fix", "fixme.py")) == (1, "", "Found 1 error (1 fixed, 0 remaining).\n")


def test_no_fix_overrides_fix(project: Path) -> None:
    result = run("--fix", "--no-fix", "--output-format", "concise", "fixme.py")
    assert outcome(result) == (1, CONCISE_001, "Found 1 error.\n[*] 1 fixable with the `--fix` option.\n")
    assert (project / "fixme.py").read_text(encoding="utf-8") == FIXME


def test_unfixable_codes_lose_their_fix(project: Path) -> None:
    result = run("--unfixable", "MCP001", "--output-format", "concise", "fixme.py")
    assert outcome(result) == (1, f"fixme.py:2:8: MCP001 {MCP001}\n", "Found 1 error.\n")
    assert run("--fix", "--unfixable", "MCP0", "fixme.py").exit_code == 1
    assert (project / "fixme.py").read_text(encoding="utf-8") == FIXME


def test_fixable_limits_fixes_and_extend_fixable_adds(project: Path) -> None:
    only_202 = run("--fixable", "MCP202", "--output-format", "concise", "fixme.py")
    assert only_202.stdout == f"fixme.py:2:8: MCP001 {MCP001}\n"
    both = run("--fixable", "MCP202", "--extend-fixable", "MCP001", "--output-format", "concise", "fixme.py")
    assert both.stdout == CONCISE_001


def test_fixable_rejects_unknown_codes(project: Path) -> None:
    result = run("--fixable", "XYZ1", ".")
    assert result.exit_code == 2
    assert "invalid value 'XYZ1' for '--fixable': unknown rule code or prefix" in result.stderr


def test_add_noqa_with_a_reason(project: Path) -> None:
    assert outcome(run("--add-noqa=legacy handler", "server.py")) == (0, "", "Added 1 noqa directive.\n")
    line = (project / "server.py").read_text(encoding="utf-8").splitlines()[14]
    assert line == '    return args["language"]  # noqa: MCP202 legacy handler'
    assert run("server.py").exit_code == 0


def test_add_noqa_refuses_a_reason_that_would_break_the_line(project: Path) -> None:
    before = (project / "server.py").read_text(encoding="utf-8")
    result = run("--add-noqa=legacy\nimport os; os.system('x')", "server.py")
    assert result.exit_code == 2
    assert result.stderr == "mcplint: error: --add-noqa: the reason must be one line of printable text\n"
    assert (project / "server.py").read_text(encoding="utf-8") == before


def test_add_noqa_without_equals_takes_no_reason(project: Path) -> None:
    assert outcome(run("--add-noqa", "server.py")) == (0, "", "Added 1 noqa directive.\n")
    assert (project / "server.py").read_text(encoding="utf-8").splitlines()[14].endswith("  # noqa: MCP202")


def test_ignore_noqa(project: Path) -> None:
    text = ONE_FINDING.replace('return args["language"]', 'return args["language"]  # noqa: MCP202')
    (project / "server.py").write_text(text, encoding="utf-8")
    assert run("server.py").exit_code == 0
    assert outcome(run("--ignore-noqa", "--output-format", "concise", "server.py")) == (
        1, CONCISE_202, "Found 1 error.\nNo fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")


# -- files, cache and config --------------------------------------------------------------------


def test_output_file_takes_the_findings(project: Path) -> None:
    result = run("-o", "reports/out.txt", "--output-format", "concise", ".")
    assert outcome(result) == (1, "", "Found 2 errors.\n" + HINT)
    assert (project / "reports" / "out.txt").read_text(encoding="utf-8") == CONCISE_001 + CONCISE_202


def test_exclude_and_extend_exclude(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint]\nexclude = ["server.py"]\n', encoding="utf-8")
    assert run("--output-format", "concise", ".").stdout == CONCISE_001
    assert run("--exclude", "fixme.py", "--output-format", "concise", ".").stdout == CONCISE_202  # replaces
    assert run("--extend-exclude", "fixme.py", ".").stderr == (
        "mcplint: warning: no Python files found under the given paths\nAll checks passed!\n")


def test_respect_gitignore(project: Path) -> None:
    (project / ".gitignore").write_text("fixme.py\n", encoding="utf-8")
    assert run("--output-format", "concise", ".").stdout == CONCISE_202
    assert run("--no-respect-gitignore", "--output-format", "concise", ".").stdout == CONCISE_001 + CONCISE_202


def test_per_file_ignores_replace_and_extend(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint.per-file-ignores]\n"server.py" = ["MCP2"]\n',
                                            encoding="utf-8")
    assert run("--output-format", "concise", ".").stdout == CONCISE_001
    assert run("--per-file-ignores", "fixme.py:MCP001", "--output-format", "concise", ".").stdout == CONCISE_202
    result = run("--extend-per-file-ignores", "fixme.py:MCP001", ".")
    assert (result.exit_code, result.stdout) == (0, "")


def test_per_file_ignores_follow_ruffs_globs_config_from_its_folder_flags_from_the_cwd(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "legacy" / "old").mkdir(parents=True)
    (project / "server.py").rename(project / "legacy" / "old" / "server.py")
    (project / "pyproject.toml").write_text('[tool.mcplint.per-file-ignores]\n"legacy/*.py" = ["MCP2"]\n',
                                            encoding="utf-8")
    assert run("--output-format", "concise", "--select", "MCP2", ".").stdout == ""  # `*` crosses `/`, as in ruff
    monkeypatch.chdir(project / "legacy")  # the config's pattern stays relative to its folder
    assert run("--output-format", "concise", "--select", "MCP2", ".").stdout == ""
    flag = run("--per-file-ignores", "old/*.py:MCP2", "--output-format", "concise", "--select", "MCP2", ".")
    assert flag.stdout == ""  # relative to the working directory, as ruff reads the flag
    other = run("--per-file-ignores", "legacy/*.py:MCP2", "--output-format", "concise", "--select", "MCP2", ".")
    assert other.stdout == f"old/{CONCISE_202}"  # no legacy/ under the working directory


def test_per_file_ignores_needs_a_pattern(project: Path) -> None:
    result = run("--per-file-ignores", "MCP001", ".")
    assert result.exit_code == 2
    assert "invalid value 'MCP001' for '--per-file-ignores': expected PATTERN:CODES" in result.stderr


def test_no_cache_short_flag_and_cache_dir(project: Path) -> None:
    assert run(".").exit_code == 1  # run() passes -n
    assert not (project / ".mcplint_cache").exists()
    result = CliRunner().invoke(cli, ["check", "--cache-dir", "elsewhere", "."])
    assert result.exit_code == 1
    assert (project / "elsewhere" / "CACHEDIR.TAG").is_file() and not (project / ".mcplint_cache").exists()


def test_exit_zero_short_flag(project: Path) -> None:
    assert run("-e", ".").exit_code == 0


def test_verbose_says_which_config_and_how_many_files(project: Path) -> None:
    result = run("-v", "--output-format", "concise", ".")
    lines = result.stderr.splitlines()
    assert lines[0] == "mcplint: debug: No configuration file; using the default settings"
    assert re.fullmatch(r"mcplint: debug: Checked 2 files in \d+\.\d{3} s", lines[1])
    assert lines[2:] == ["Found 2 errors.", HINT.rstrip("\n")]


def test_silent_prints_nothing_but_exits_1(project: Path) -> None:
    assert outcome(run("-s", ".")) == (1, "", "")
    assert outcome(run("-s", "--fix", "fixme.py")) == (0, "", "")


def test_quiet_silent_and_verbose_exclude_each_other(project: Path) -> None:
    result = run("-q", "-v", ".")
    assert outcome(result) == (2, "", "mcplint: error: --quiet, --silent and --verbose cannot be combined\n")


def test_color_always_and_never(project: Path) -> None:
    coloured = run("--color", "always", "--output-format", "concise", "server.py").stdout
    assert coloured.startswith("\x1b[1mserver.py\x1b[0m\x1b[36m:\x1b[0m15")
    assert "\x1b[31m\x1b[1mMCP202\x1b[0m" in coloured
    assert run("--color", "never", "--output-format", "concise", "server.py").stdout == CONCISE_202
    assert run("--output-format", "concise", "server.py").stdout == CONCISE_202  # auto: not a terminal


def test_isolated_ignores_the_config(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint]\nignore = ["MCP202"]\n', encoding="utf-8")
    assert run("server.py").exit_code == 0
    assert run("--isolated", "server.py").exit_code == 1


def test_config_key_value_overrides_a_setting(project: Path) -> None:
    assert run("--config", "ignore = ['MCP202']", "server.py").exit_code == 0
    assert run("--config", "lint.ignore = ['MCP202']", "server.py").exit_code == 0
    (project / "custom.toml").write_text('[tool.mcplint]\nignore = ["MCP2"]\n', encoding="utf-8")
    assert run("--config", "custom.toml", "server.py").exit_code == 0  # a path still works
    result = run("--config", "custom.toml", "--config", "extend-select = ['MCP202']", "--output-format", "concise",
                 "server.py")
    assert (result.exit_code, result.stdout) == (1, CONCISE_202)  # the longer selector wins, as in ruff


@pytest.mark.parametrize(("flag", "value", "problem"), [
    ("--exclude", "gen/[ab", "error parsing glob 'gen/[ab': unclosed character class; missing ']'"),
    ("--extend-exclude", "a,{b", "error parsing glob '{b': unclosed alternate group; missing '}' (maybe escape '{' "
                                 "with '[{]'?)"),
    ("--per-file-ignores", "x\\:MCP101", "error parsing glob 'x\\': dangling '\\'"),
])
def test_a_glob_globset_refuses_is_a_usage_error(project: Path, flag: str, value: str, problem: str) -> None:
    result = run(flag, value, ".")
    shown = value.split(",")[-1].rpartition(":")[0] or value.split(",")[-1]
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, f"Error: invalid value '{shown}' for '{flag}': {problem}")


def test_config_bad_values(project: Path) -> None:
    unknown = run("--config", "selct = ['MCP1']", ".")
    assert (unknown.exit_code, unknown.stderr.splitlines()[-1]) == (
        2, "Error: --config:1: key 'selct': unknown key (did you mean 'select'?)")
    neither = run("--config", "nonsense", ".")
    assert neither.exit_code == 2 and "a `--config` flag must either be a path" in neither.stderr
    (project / "custom.toml").write_text("[tool.mcplint]\n", encoding="utf-8")
    isolated = run("--isolated", "--config", "custom.toml", ".")
    assert isolated.exit_code == 2 and "cannot be used with `--isolated`" in isolated.stderr


# -- subcommands --------------------------------------------------------------------------------


def test_version_subcommand(project: Path) -> None:
    assert outcome(CliRunner().invoke(cli, ["version"])) == (0, f"mcplint {__version__}\n", "")
    assert outcome(CliRunner().invoke(cli, ["--version"])) == (0, f"mcplint {__version__}\n", "")
    result = CliRunner().invoke(cli, ["version", "--output-format", "json"])
    assert json.loads(result.stdout) == {"version": __version__}


def test_clean_removes_every_cache_under_the_paths(project: Path) -> None:
    (project / "sub").mkdir()
    (project / "sub" / "server.py").write_text(ONE_FINDING, encoding="utf-8")
    CliRunner().invoke(cli, ["check", "."])
    CliRunner().invoke(cli, ["check", "--cache-dir", "sub/.mcplint_cache", "sub"])
    assert (project / ".mcplint_cache").is_dir() and (project / "sub" / ".mcplint_cache").is_dir()
    result = CliRunner().invoke(cli, ["clean"])
    assert outcome(result) == (0, "", "Removing cache at: .mcplint_cache\nRemoving cache at: sub/.mcplint_cache\n")
    assert not (project / ".mcplint_cache").exists() and not (project / "sub" / ".mcplint_cache").exists()
    assert outcome(CliRunner().invoke(cli, ["clean", "sub"])) == (0, "", "")


def test_clean_of_a_missing_path_is_an_error_and_cleans_the_others(project: Path) -> None:
    (project / "sub").mkdir()
    (project / "sub" / "server.py").write_text(ONE_FINDING, encoding="utf-8")
    CliRunner().invoke(cli, ["check", "."])
    CliRunner().invoke(cli, ["check", "--cache-dir", "sub/.mcplint_cache", "sub"])
    result = CliRunner().invoke(cli, ["clean", "nowhere", "sub"])
    assert outcome(result) == (2, "", "mcplint: error: nowhere: No such file or directory\n"
                                      "Removing cache at: sub/.mcplint_cache\n")
    assert (project / ".mcplint_cache").is_dir() and not (project / "sub" / ".mcplint_cache").exists()
    assert outcome(CliRunner().invoke(cli, ["clean", "nowhere"])) == (
        2, "", "mcplint: error: nowhere: No such file or directory\n")
    assert (project / ".mcplint_cache").is_dir()


def test_a_folder_named_version_is_still_linted_with_check(project: Path) -> None:
    (project / "version").mkdir()
    assert CliRunner().invoke(cli, ["check", "-n", "version"]).stderr.endswith(
        "no Python files found under the given paths\nAll checks passed!\n")


# -- progress and watch (real processes) --------------------------------------------------------


def _mcplint(*args: str) -> list[str]:
    return [sys.executable, "-m", "mcplint", *args]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_progress_line_on_a_terminal_is_drawn_then_erased(project: Path) -> None:
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "MCPLINT_PROGRESS_DELAY": "0", "COLUMNS": "80"}
    process = subprocess.Popen(_mcplint("check", "-n", "--output-format", "concise", "."), stdout=subprocess.PIPE,
                               stderr=follower, env=env)
    os.close(follower)
    stdout, _ = process.communicate(timeout=120)
    terminal = _read_all(leader)
    assert process.returncode == 1 and stdout.decode() == CONCISE_001 + CONCISE_202
    assert "Linting 0/2 files (0%)" in terminal and "Linting 2/2 files (100%)" in terminal
    erased = terminal.rsplit("Linting 2/2 files (100%)", 1)[1]
    assert erased.startswith("\r") and erased.split("\r")[1].strip() == ""  # the line is blanked
    assert terminal.rstrip("\r\n").endswith("[*] 1 fixable with the `--fix` option (1 hidden fix can be enabled "
                                            "with the `--unsafe-fixes` option).")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_no_progress_line_when_quiet(project: Path) -> None:
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "MCPLINT_PROGRESS_DELAY": "0"}
    process = subprocess.Popen(_mcplint("check", "-n", "-q", "."), stdout=subprocess.PIPE, stderr=follower, env=env)
    os.close(follower)
    process.communicate(timeout=120)
    assert _read_all(leader) == ""


def test_no_progress_line_when_stderr_is_not_a_terminal(project: Path) -> None:
    env = {**os.environ, "MCPLINT_PROGRESS_DELAY": "0"}
    done = subprocess.run(_mcplint("check", "-n", "--output-format", "concise", "."), capture_output=True, env=env,
                          timeout=120)
    assert done.stderr.decode() == "Found 2 errors.\n" + HINT


def _read_all(leader: int) -> str:
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_watch_reruns_when_a_file_changes(project: Path) -> None:
    process = subprocess.Popen(_mcplint("check", "-n", "--watch", "--output-format", "concise", "."),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    process.lines = lines  # type: ignore[attr-defined]
    try:
        first = _lines_until(process, "Found 2 errors.")
        assert re.fullmatch(r"\[\d\d:\d\d:\d\d\] Starting linter in watch mode\.\.\.", first[0])
        second = _lines_until(process, "Found 1 error.", poke=lambda: (project / "fixme.py").write_text(
            "import mcp\nx = 1\n", encoding="utf-8"))
        assert re.fullmatch(r"\[\d\d:\d\d:\d\d\] File change detected\.\.\.", second[-3])
        assert second[-2:] == [CONCISE_202.rstrip("\n"), "Found 1 error."]
    finally:
        process.terminate()
        process.wait(timeout=30)


def _lines_until(process: subprocess.Popen, last: str, poke=None) -> list[str]:
    """Lines from the process up to and including ``last`` (failing after two minutes).
    ``poke`` (the change to watch) is repeated whenever nothing arrives for half a second:
    the watcher starts after the first run's output, so a first change may come too early."""
    lines: list[str] = []
    if poke is not None:
        poke()
    for _wait in range(240):
        try:
            line = process.lines.get(timeout=0.5)  # type: ignore[attr-defined]
        except queue.Empty:
            if poke is not None:
                poke()
            continue
        lines.append(line.rstrip("\n"))
        if line.rstrip("\n") == last:
            return lines
    raise AssertionError(f"mcplint --watch printed no {last!r}; printed {lines}")


# -- the settings behind the fix flags ----------------------------------------------------------


def test_unfixable_in_the_config(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint]\nunfixable = ["MCP001"]\n', encoding="utf-8")
    assert run("--output-format", "concise", "fixme.py").stdout == f"fixme.py:2:8: MCP001 {MCP001}\n"


@pytest.mark.parametrize(("fixable", "unfixable", "extend", "expected"), [
    (None, (), (), {"MCP001": True, "MCP202": True}),
    (("MCP0",), (), (), {"MCP001": True, "MCP202": False}),
    (("MCP0",), ("MCP001",), (), {"MCP001": False, "MCP202": False}),
    (None, ("MCP",), ("MCP202",), {"MCP001": False, "MCP202": True}),  # the longer selector wins
    (None, ("MCP202",), ("MCP202",), {"MCP001": True, "MCP202": False}),  # unfixable wins a tie
])
def test_is_fixable_follows_the_most_specific_selector(fixable, unfixable, extend, expected) -> None:
    from mcplint.config import Settings, is_fixable

    settings = Settings(fixable=fixable, unfixable=unfixable, extend_fixable=extend)
    assert {code: is_fixable(settings, code) for code in expected} == expected


def test_apply_fragment_reads_top_level_and_lint_keys() -> None:
    from mcplint.config import ConfigError, Settings, apply_fragment

    codes = frozenset({"MCP001", "MCP202"})
    settings = apply_fragment(Settings(ignore=("MCP001",)), "lint.unfixable = ['MCP0']", codes)
    assert (settings.ignore, settings.unfixable) == (("MCP001",), ("MCP0",))
    assert apply_fragment(Settings(), "preview = true", codes).preview is True
    with pytest.raises(ConfigError, match="invalid TOML"):
        apply_fragment(Settings(), "select = [", codes)


def test_fix_summary_counts_each_severity(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mcplint.severity]\nMCP001 = "info"\n', encoding="utf-8")
    result = run("--fix", "--output-format", "concise", ".")
    assert outcome(result) == (1, CONCISE_202, "Found 1 error and 1 info (1 fixed, 1 remaining).\n"
                               "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")


def test_clean_removes_the_chosen_cache_dir(project: Path) -> None:
    CliRunner().invoke(cli, ["check", "--cache-dir", "elsewhere", "."])
    assert (project / "elsewhere").is_dir()
    result = CliRunner().invoke(cli, ["clean", "--cache-dir", "elsewhere"])
    assert outcome(result) == (0, "", "Removing cache at: elsewhere\n")
    assert not (project / "elsewhere").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_progress_line_while_fixing(project: Path) -> None:
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "MCPLINT_PROGRESS_DELAY": "0", "COLUMNS": "80"}
    process = subprocess.Popen(_mcplint("check", "-n", "--fix-only", "."), stdout=subprocess.PIPE, stderr=follower,
                               env=env)
    os.close(follower)
    process.communicate(timeout=120)
    terminal = _read_all(leader)
    assert "Linting 0/2 files (0%)" in terminal and "Linting 2/2 files (100%)" in terminal
    assert terminal.endswith("\rFixed 1 error.\n")


def test_watch_reads_a_changed_config_again(project: Path) -> None:
    process = subprocess.Popen(_mcplint("check", "-n", "--watch", "--output-format", "concise", "server.py"),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    process.lines = lines  # type: ignore[attr-defined]
    try:
        _lines_until(process, "Found 1 error.")
        second = _lines_until(process, "All checks passed!", poke=lambda: (project / "pyproject.toml").write_text(
            '[tool.mcplint]\nignore = ["MCP202"]\n', encoding="utf-8"))
        assert re.fullmatch(r"\[\d\d:\d\d:\d\d\] File change detected\.\.\.", second[-2])
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_output_file_that_cannot_be_written_exits_2(project: Path) -> None:
    result = run("-o", "fixme.py/out.txt", ".")
    assert result.exit_code == 2 and "cannot write fixme.py/out.txt" in result.stderr


def test_a_watched_change_lints_again_only_for_config_files_and_files_that_are_or_were_lintable() -> None:
    from mcplint.housekeeping import changes_lint

    lintable = {"/p/server.py", "/p/tools.py"}
    assert changes_lint({"/p/.venv/lib/site-packages/m.py", "/p/build/m.py"}, lintable) is False
    assert changes_lint({"/p/.venv/lib/m.py", "/p/tools.py"}, lintable) is True
    assert changes_lint({"/p/sub/mcplint.toml"}, lintable) is True
    assert changes_lint(set(), lintable) is False
