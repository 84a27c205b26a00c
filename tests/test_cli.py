"""The command line as users type it: exit codes, formats, selection, stdin, subcommands.

Two kinds of test. The plumbing tests replace :func:`mcplint.runner.lint_paths` with a fake
that records the settings it gets, so they pin the CLI alone. The end-to-end tests lint two
tiny servers written below: ``FAULTY`` has the fault of the shared example
``f4_keyerror_subscript_lowlevel.py`` (expected.tsv: line 36, class D -> MCP202), here on
line ``FAULT_LINE``; ``CLEAN`` is modelled on ``clean_lowlevel_server.py`` (no findings).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcplint import cli as cli_module
from mcplint import docs, runner
from mcplint.cli import cli
from mcplint.config import Settings
from mcplint.diagnostics import Diagnostic, Span
from mcplint.runner import RunResult

REPO = Path(__file__).resolve().parent.parent
#: MCP202's fix (a guard raising -32602) is unsafe: ruff's hint under the summary says so.
UNSAFE_HINT = "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n"

FAULTY = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("tests")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="write-tests",
            description="Ask for unit tests in a given language",
            arguments=[
                types.PromptArgument(name="language", description="Programming language", required=True),
            ],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "write-tests":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = arguments or {}
    language = args["language"]
    text = f"Write unit tests in {language}."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
'''
FAULT_LINE = 27
FAULT_COLUMN = 16  # 1-based column of `args["language"]`

CLEAN = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("tests")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="write-tests",
            description="Ask for unit tests in a given language",
            arguments=[
                types.PromptArgument(name="language", description="Programming language", required=True),
            ],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "write-tests":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    language = (arguments or {}).get("language")
    if not language:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="Missing required argument 'language'"))
    text = f"Write unit tests in {language}."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
'''


def test_faulty_server_really_has_its_fault_on_fault_line() -> None:
    assert FAULTY.splitlines()[FAULT_LINE - 1].index('args["language"]') + 1 == FAULT_COLUMN


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with ``faulty.py`` and ``clean.py``; the cwd for the test."""
    (tmp_path / "faulty.py").write_text(FAULTY, encoding="utf-8")
    (tmp_path / "clean.py").write_text(CLEAN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCPLINT_OUTPUT_FORMAT", raising=False)
    return tmp_path


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, env=env, catch_exceptions=False)


# --------------------------------------------------------------------------- plumbing (fake engine)


class FakeEngine:
    """Stands in for ``lint_paths``: records its arguments, returns a canned result."""

    def __init__(self, result: RunResult) -> None:
        self.result = result
        self.calls: list[tuple[list[Path], Settings, int]] = []
        self.cache: list[bool] = []

    def __call__(self, paths: list[Path], settings: Settings, jobs: int = 1, *, cache: bool = False,
                 **_more: object) -> RunResult:
        self.calls.append((list(paths), settings, jobs))
        self.cache.append(cache)
        return self.result


def finding(code: str = "MCP202", path: str = "faulty.py") -> Diagnostic:
    return Diagnostic(code, "unguarded-argument-access", "unguarded read", path, Span.point(FAULT_LINE, 15))


@pytest.fixture
def fake(project: Path, monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    stub = FakeEngine(RunResult(files_checked=1))
    monkeypatch.setattr(runner, "lint_paths", stub)
    codes = frozenset({"MCP000", "MCP101", "MCP102", "MCP202", "MCP402"})
    monkeypatch.setattr(cli_module, "known_codes", lambda: codes)
    return stub


def test_no_arguments_lints_the_current_directory(fake: FakeEngine) -> None:
    result = run()
    assert result.exit_code == 0
    assert [paths for paths, _, _ in fake.calls] == [[Path(".")]]
    assert result.stderr == "All checks passed!\n"


def test_selector_flags_split_commas_and_repeat(fake: FakeEngine) -> None:
    run("--select", "mcp1, MCP202", "--select", "MCP402", "--ignore", "MCP102", "--extend-select", "MCP000", "x")
    [(paths, settings, _)] = fake.calls
    assert paths == [Path("x")]
    assert (settings.select, settings.ignore, settings.extend_select) == (None, (), ())
    assert settings.command_line_selection == ((("MCP1", "MCP202", "MCP402"), ("MCP000",), ("MCP102",)),)


def test_cli_ignore_adds_to_config_and_select_replaces_it(fake: FakeEngine, project: Path) -> None:
    from mcplint.checks import ALL_RULES
    from mcplint.config import enabled_codes

    config = '[tool.mcplint]\nselect = ["MCP1"]\nignore = ["MCP101"]\npreview = true\n'
    (project / "pyproject.toml").write_text(config, encoding="utf-8")
    run("--select", "MCP2", "--ignore", "MCP102", "--no-preview", "--jobs", "3", ".")
    [(_, settings, jobs)] = fake.calls
    assert (settings.select, settings.ignore, settings.preview, jobs) == (("MCP1",), ("MCP101",), False, 3)
    assert settings.command_line_selection == ((("MCP2",), (), ("MCP102",)),)
    assert enabled_codes(settings, ALL_RULES) == {r.code for r in ALL_RULES if r.code.startswith("MCP2") and not r.preview}
    assert settings.config_path == project / "pyproject.toml"


def test_config_flag_uses_that_file(fake: FakeEngine, project: Path) -> None:
    (project / "other.toml").write_text('[tool.mcplint]\nignore = ["MCP402"]\n', encoding="utf-8")
    run("--config", "other.toml", ".")
    assert fake.calls[0][1].ignore == ("MCP402",)


def test_unknown_selector_is_a_usage_error(fake: FakeEngine) -> None:
    result = run("--select", "MCP9", ".")
    assert result.exit_code == 2
    assert result.stderr == "mcplint: error: invalid value 'MCP9' for '--select': unknown rule code or prefix\n"
    assert fake.calls == []


def test_config_error_exits_2_naming_file_and_key(fake: FakeEngine, project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.mcplint]\nselct = []\n", encoding="utf-8")
    result = run(".")
    assert result.exit_code == 2
    assert result.stderr.startswith("mcplint: error: ")
    assert "pyproject.toml:2: [tool.mcplint] key 'selct'" in result.stderr
    assert fake.calls == []


def test_a_lone_dash_reads_stdin(project: Path) -> None:
    result = CliRunner().invoke(cli, ["--output-format", "concise", "-"], input=FAULTY)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"-:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")


def test_config_flag_naming_a_file_without_the_table_warns(fake: FakeEngine, project: Path) -> None:
    (project / "other.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    result = run("--config", "other.toml", ".")
    assert result.stderr.startswith("mcplint: warning: other.toml has no [tool.mcplint] table; using the default "
                                    f"settings with {project} as the project root\n")
    assert fake.calls[0][1].select == Settings().select


def test_missing_config_file_exits_2(fake: FakeEngine) -> None:
    result = run("--config", "nope.toml", ".")
    assert (result.exit_code, result.stderr) == (2, "mcplint: error: config file not found: nope.toml\n")


def test_findings_exit_1_and_summary_on_stderr(fake: FakeEngine) -> None:
    fake.result = RunResult(diagnostics=[finding()])
    result = run("--output-format", "concise", ".")
    assert result.exit_code == 1
    assert result.stdout == f"faulty.py:{FAULT_LINE}:16: MCP202 unguarded read\n"
    assert result.stderr == "Found 1 error.\n"


def test_exit_zero_and_quiet(fake: FakeEngine) -> None:
    fake.result = RunResult(diagnostics=[finding()])
    result = run("--exit-zero", "--quiet", "--output-format", "concise", ".")
    assert (result.exit_code, result.stderr) == (0, "")


def test_errors_exit_2_even_with_findings_and_findings_still_printed(fake: FakeEngine) -> None:
    fake.result = RunResult(diagnostics=[finding()], errors=["missing.py: No such file or directory"])
    result = run("--output-format", "concise", "--exit-zero", ".")
    assert result.exit_code == 2
    assert "MCP202" in result.stdout
    assert "mcplint: error: missing.py: No such file or directory\n" in result.stderr


@pytest.mark.parametrize(
    "outcome",
    [RunResult(internal_error=True), RunResult(diagnostics=[finding("MCP002")])],
    ids=["internal_error-flag", "MCP002-diagnostic"],
)
def test_internal_error_exits_2(fake: FakeEngine, outcome: RunResult) -> None:
    fake.result = outcome
    assert run(".").exit_code == 2


def test_output_format_from_environment(fake: FakeEngine) -> None:
    fake.result = RunResult(diagnostics=[finding()])
    result = run(".", env={"MCPLINT_OUTPUT_FORMAT": "json-lines"})
    assert json.loads(result.stdout)["location"] == {"row": FAULT_LINE, "column": 16}
    assert result.stderr == ""


def test_statistics_replace_the_findings(fake: FakeEngine) -> None:
    fake.result = RunResult(diagnostics=[finding(), finding()])
    result = run("--statistics", ".")
    assert result.stdout == "2\tMCP202\tunguarded-argument-access\n"


def test_bad_output_format_is_a_usage_error(fake: FakeEngine) -> None:
    assert run("--output-format", "xml", ".").exit_code == 2


def test_show_files_lists_python_files_and_lints_nothing(fake: FakeEngine, project: Path) -> None:
    (project / "notes.txt").write_text("x", encoding="utf-8")
    result = run("--show-files", ".")
    assert result.exit_code == 0
    assert sorted(Path(line).name for line in result.stdout.splitlines()) == ["clean.py", "faulty.py"]
    assert fake.calls == []


def test_folder_named_like_a_subcommand_is_linted_with_path_or_check(fake: FakeEngine, project: Path) -> None:
    (project / "server").mkdir()
    run("./server")
    run("check", "server")
    run("--select", "MCP2", "server")
    assert [paths for paths, _, _ in fake.calls] == [[Path("server")], [Path("server")], [Path("server")]]


def test_bare_server_word_starts_the_language_server(fake: FakeEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[bool] = []
    lsp = types.ModuleType("mcplint.lsp")
    lsp.start_server = lambda: started.append(True)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mcplint.lsp", lsp)
    assert run("server").exit_code == 0
    assert started == [True]
    assert fake.calls == []


def test_server_without_language_server_module_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcplint.lsp", None)
    result = run("server")
    assert result.exit_code == 2
    assert result.stderr.startswith("mcplint: error: the language server is not available")


def test_crash_exits_2_not_1(
    fake: FakeEngine, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def explode(*args: object, **kwargs: object) -> RunResult:
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "lint_paths", explode)
    monkeypatch.setattr(sys, "argv", ["mcplint", "."])
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main()
    assert exit_info.value.code == 2
    assert "RuntimeError: boom" in capsys.readouterr().err


# --------------------------------------------------------------------------- rule command


@pytest.fixture
def pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "MCP101.md").write_text("# required-argument-default (MCP101)\n", encoding="utf-8")
    (folder / "MCP202.md").write_text("# unguarded-argument-access (MCP202)\n", encoding="utf-8")
    monkeypatch.setattr(docs, "docs_directory", lambda: folder)
    return folder


def test_rule_prints_the_page(pages: Path) -> None:
    result = run("rule", "mcp202")
    assert (result.exit_code, result.stdout) == (0, "# unguarded-argument-access (MCP202)\n")


def test_rule_all_prints_every_page(pages: Path) -> None:
    result = run("rule", "--all")
    assert result.stdout == "# required-argument-default (MCP101)\n\n# unguarded-argument-access (MCP202)\n"


@pytest.mark.parametrize("args", [["rule", "MCP999"], ["rule"], ["rule", "MCP101", "--all"]])
def test_rule_usage_errors_exit_2(pages: Path, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("mcplint: error: ")


# --------------------------------------------------------------------------- end to end (real engine)


def test_faulty_server_reports_mcp202_and_exits_1(project: Path) -> None:
    result = run("faulty.py")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"faulty.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")
    assert f'{FAULT_LINE} |     language = args["language"]\n' in result.stdout
    assert result.stderr.endswith("Found 1 error.\n" + UNSAFE_HINT)


def test_clean_server_passes(project: Path) -> None:
    result = run("clean.py")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "All checks passed!\n")


def test_default_path_is_cwd_and_concise_lists_one_finding(project: Path) -> None:
    result = run("--output-format", "concise")
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()
    assert line.startswith(f"faulty.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")


def test_json_fields_and_1_based_columns(project: Path) -> None:
    result = run("--output-format", "json", "faulty.py")
    [obj] = json.loads(result.stdout)
    assert sorted(obj) == sorted(
        ["code", "name", "message", "filename", "location", "end_location", "fix", "url", "noqa_row", "severity", "related"]
    )
    assert (obj["code"], obj["name"], obj["filename"]) == ("MCP202", "unguarded-argument-access",
                                                           str(project / "faulty.py"))
    assert obj["location"] == {"row": FAULT_LINE, "column": FAULT_COLUMN}
    assert obj["end_location"] == {"row": FAULT_LINE, "column": FAULT_COLUMN + len('args["language"]')}
    assert obj["url"] == "https://github.com/mcplint/mcplint/blob/main/rules/MCP202.md"


@pytest.mark.parametrize(("selector", "code"), [("MCP2", 1), ("MCP1", 0), ("MCP20", 1)])
def test_select_by_prefix(project: Path, selector: str, code: int) -> None:
    assert run("--select", selector, "faulty.py").exit_code == code


def test_ignore_and_noqa_silence_the_finding(project: Path) -> None:
    assert run("--ignore", "MCP202", "faulty.py").exit_code == 0
    silenced = FAULTY.replace('args["language"]', 'args["language"]  # noqa: MCP202')
    (project / "faulty.py").write_text(silenced, encoding="utf-8")
    assert run("faulty.py").exit_code == 0


def test_json_filename_is_absolute_as_in_ruff_and_unnamed_stdin_stays_a_dash(project: Path) -> None:
    named = json.loads(run("--output-format", "json", "--stdin-filename", "pkg/server.py", input=FAULTY).stdout)
    assert [obj["filename"] for obj in named] == [str(project / "pkg" / "server.py")]
    lines = run("--output-format", "json-lines", "-", input=FAULTY).stdout.splitlines()
    assert [json.loads(line)["filename"] for line in lines] == ["-"]


def test_stdin_is_linted_as_the_given_filename(project: Path) -> None:
    result = run("--stdin-filename", "pkg/server.py", "--output-format", "concise", input=FAULTY)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"pkg/server.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")


def test_syntax_error_is_a_finding_exit_1(project: Path) -> None:
    (project / "broken.py").write_text("import mcp\ndef f(:\n", encoding="utf-8")
    result = run("--output-format", "json", "broken.py")
    assert result.exit_code == 1
    assert [(obj["code"], obj["location"]["row"]) for obj in json.loads(result.stdout)] == [("MCP000", 2)]


def test_missing_path_exits_2_and_other_file_is_still_reported(project: Path) -> None:
    result = run("--output-format", "concise", "faulty.py", "missing.py")
    assert result.exit_code == 2
    assert result.stdout.startswith(f"faulty.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")
    assert "mcplint: error: " in result.stderr and "missing.py" in result.stderr


def test_folder_named_server_is_linted(project: Path) -> None:
    (project / "server").mkdir()
    (project / "server" / "app.py").write_text(FAULTY, encoding="utf-8")
    for args in (["./server"], ["check", "server"]):
        result = run(*args, "--output-format", "concise")
        assert result.exit_code == 1
        assert f"app.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 " in result.stdout


def test_python_dash_m_mcplint_in_a_real_process(project: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MCPLINT_OUTPUT_FORMAT": "concise"}
    completed = subprocess.run(
        [sys.executable, "-m", "mcplint", "faulty.py", "clean.py"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 1, completed.stderr
    assert completed.stdout.startswith(f"faulty.py:{FAULT_LINE}:{FAULT_COLUMN}: MCP202 ")
    assert completed.stderr == "Found 1 error.\n" + UNSAFE_HINT


# --------------------------------------------------------------------------- what a new user tripped on


def test_a_missing_path_never_reports_all_checks_passed(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "nonexist.py"))
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "No findings, but 1 path could not be linted.")


def test_selecting_only_preview_rules_without_preview_warns(tmp_path: Path) -> None:
    target = tmp_path / "empty.py"
    target.write_text("x = 1\n")
    result = run("check", "--no-cache", "--select", "MCP204", str(target))
    assert result.exit_code == 0
    assert "selection 'MCP204' has no effect: it names preview rules" in result.stderr
    assert "has no effect" not in run("check", "--no-cache", "--preview", "--select", "MCP204", str(target)).stderr


def test_add_noqa_is_not_combined_with_fix_or_diff(tmp_path: Path) -> None:
    target = tmp_path / "empty.py"
    target.write_text("x = 1\n")
    for other in ("--fix", "--diff"):
        result = run("check", "--add-noqa", other, str(target))
        assert (result.exit_code, result.stderr.strip()) == (2, "mcplint: error: --add-noqa cannot be combined with --fix or --diff")


def test_a_folder_without_python_files_is_clean_with_a_warning(tmp_path):
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(cli, [str(tmp_path / "empty")])
    assert result.exit_code == 0
    assert result.stderr == "mcplint: warning: no Python files found under the given paths\nAll checks passed!\n"
