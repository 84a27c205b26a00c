"""Tests for mcplint.config: finding, validating and applying ``[tool.mcplint]``."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcplint.config import (
    ConfigError,
    Settings,
    enabled_codes,
    find_config,
    load_settings,
    severity_for,
)
from mcplint.diagnostics import Severity

KNOWN = ("MCP000", "MCP101", "MCP102", "MCP201", "MCP402", "MCP999")


@dataclass(frozen=True)
class Rule:
    code: str
    preview: bool = False
    opt_in: bool = False


RULES = (
    Rule("MCP000"),
    Rule("MCP101"),
    Rule("MCP102"),
    Rule("MCP201"),
    Rule("MCP402", opt_in=True),
    Rule("MCP999", preview=True),
)


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def load(tmp_path: Path, text: str) -> Settings:
    return load_settings(write(tmp_path / "pyproject.toml", text), KNOWN)


# ------------------------------------------------------------------ find_config


def test_find_config_skips_pyproject_without_table(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.mcplint]\npreview = true\n")
    inner = tmp_path / "pkg" / "sub"
    inner.mkdir(parents=True)
    write(tmp_path / "pkg" / "pyproject.toml", "[project]\nname = 'mcplint-free'\n")
    assert find_config(inner / "server.py") == tmp_path / "pyproject.toml"


def test_find_config_takes_nearest(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.mcplint]\n")
    (tmp_path / "pkg").mkdir()
    write(tmp_path / "pkg" / "pyproject.toml", "[tool.mcplint]\nignore = []\n")
    assert find_config(tmp_path / "pkg") == tmp_path / "pkg" / "pyproject.toml"


def test_find_config_returns_broken_toml_mentioning_mcplint(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.mcplint\n")
    assert find_config(tmp_path) == tmp_path / "pyproject.toml"


def test_find_config_none(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n")
    # Ancestors of tmp_path (e.g. /tmp) hold no pyproject with [tool.mcplint].
    assert find_config(tmp_path) is None


# ------------------------------------------------------------------ load_settings


def test_load_all_keys(tmp_path: Path) -> None:
    settings = load(
        tmp_path,
        """
        [tool.mcplint]
        select = ["MCP1"]
        extend-select = ["MCP402"]
        ignore = ["MCP102"]
        exclude = ["gen"]
        extend-exclude = ["old/*.py"]
        mcp-version = "1.9"
        fastmcp-version = "2"
        preview = true
        respect-gitignore = false

        [tool.mcplint.per-file-ignores]
        "tests/*" = ["MCP101", "MCP2"]

        [tool.mcplint.severity]
        MCP1 = "warning"
        """,
    )
    assert settings == Settings(
        select=("MCP1",),
        extend_select=("MCP402",),
        ignore=("MCP102",),
        per_file_ignores=(("tests/*", ("MCP101", "MCP2")),),
        exclude=("gen",),
        extend_exclude=("old/*.py",),
        mcp_version="1.9",
        fastmcp_version="2",
        preview=True,
        severity=(("MCP1", "warning"),),
        respect_gitignore=False,
        project_root=tmp_path,
        config_path=tmp_path / "pyproject.toml",
    )


def test_load_none_gives_defaults() -> None:
    assert load_settings(None, KNOWN) == Settings()


def test_pyproject_without_table_sets_root(tmp_path: Path) -> None:
    settings = load(tmp_path, "[project]\nname = 'x'\n")
    assert settings == Settings(project_root=tmp_path, config_path=tmp_path / "pyproject.toml")


def test_unknown_key_names_line_and_suggestion(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[project]\nname = "x"\n\n[tool.mcplint]\npreview = true\nselct = []\n')
    error = info.value
    assert (error.line, error.key) == (6, "selct")
    assert str(error) == (
        f"{tmp_path / 'pyproject.toml'}:6: [tool.mcplint] key 'selct': "
        "unknown key (did you mean 'select'?)"
    )


def test_invalid_toml_reports_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint]\nselect = ["MCP1"]\npreview = tru\n')
    assert info.value.line == 3
    assert info.value.key is None
    assert "invalid TOML" in str(info.value)


@pytest.mark.parametrize(
    ("line", "key", "expected"),
    [
        ('select = "MCP1"', "select", "expected an array of strings, got a string"),
        ("ignore = [1]", "ignore", "expected an array of strings, got an integer in it"),
        ('preview = "yes"', "preview", "expected true or false, got a string"),
        ("mcp-version = 1", "mcp-version", 'expected a version string like "1.9", got an integer'),
        ('per-file-ignores = ["x"]', "per-file-ignores",
         "expected a table of glob = [codes], got an array"),
    ],
)
def test_wrong_types(tmp_path: Path, line: str, key: str, expected: str) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, f"[tool.mcplint]\n# comment\n{line}\n")
    assert (info.value.line, info.value.key, info.value.message) == (3, key, expected)


def test_unknown_code_points_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint]\nselect = [\n  "MCP1",\n  "MCP77",\n]\n')
    assert (info.value.line, info.value.key) == (4, "select")
    assert info.value.message == "unknown rule code or prefix 'MCP77'"


def test_unknown_code_in_per_file_ignores(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint.per-file-ignores]\n"tests/*" = ["MCP5"]\n')
    assert (info.value.line, info.value.key) == (2, "per-file-ignores.tests/*")


@pytest.mark.parametrize(("text", "line", "key", "message"), [
    ('[tool.mcplint]\nexclude = [\n  "build",\n  "gen/[ab",\n]\n', 4, "exclude",
     "error parsing glob 'gen/[ab': unclosed character class; missing ']'"),
    ('[tool.mcplint]\nextend-exclude = ["{a,b"]\n', 2, "extend-exclude",
     "error parsing glob '{a,b': unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)"),
    ('[tool.mcplint.per-file-ignores]\n"tests/*" = ["MCP101"]\n"x}.py" = ["MCP102"]\n', 3, "per-file-ignores",
     "error parsing glob 'x}.py': unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)"),
    ('[tool.mcplint.per-file-ignores]\n"[z-a].py" = ["MCP101"]\n', 2, "per-file-ignores",
     "error parsing glob '[z-a].py': invalid range; 'z' > 'a'"),
])
def test_a_glob_globset_refuses_is_a_config_error_at_its_line(tmp_path: Path, text, line, key, message) -> None:
    # ruff refuses these globs too (it parses exclude and per-file-ignores with globset)
    with pytest.raises(ConfigError) as info:
        load(tmp_path, text)
    assert (info.value.line, info.value.key, info.value.message) == (line, key, message)


def test_bad_severity_value(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint]\n\n[tool.mcplint.severity]\nMCP101 = "fatal"\n')
    assert (info.value.line, info.value.key) == (4, "severity.MCP101")
    assert info.value.message == "expected one of 'error', 'warning', 'info', got 'fatal'"


def test_unknown_code_in_severity(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint]\nseverity = { MCP8 = "info" }\n')
    assert (info.value.line, info.value.key) == (2, "severity.MCP8")


def test_bad_version_string(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load(tmp_path, '[tool.mcplint]\nfastmcp-version = "four"\n')
    assert (info.value.line, info.value.key) == (2, "fastmcp-version")


def test_all_is_a_valid_selector(tmp_path: Path) -> None:
    assert load(tmp_path, '[tool.mcplint]\nselect = ["ALL"]\n').select == ("ALL",)


def test_with_overrides_replaces_fields() -> None:
    settings = Settings(select=("MCP1",), preview=False)
    assert settings.with_overrides(preview=True) == Settings(select=("MCP1",), preview=True)


# ------------------------------------------------------------------ enabled_codes


def codes(**fields: object) -> list[str]:
    return sorted(enabled_codes(Settings(**fields), RULES))


def test_default_selection_leaves_out_opt_in_and_preview() -> None:
    assert codes() == ["MCP000", "MCP101", "MCP102", "MCP201"]


def test_prefix_select() -> None:
    assert codes(select=("MCP1",)) == ["MCP101", "MCP102"]


def test_more_specific_ignore_wins() -> None:
    assert codes(select=("MCP1",), ignore=("MCP101",)) == ["MCP102"]


def test_more_specific_extend_select_wins() -> None:
    assert codes(ignore=("MCP1",), extend_select=("MCP101",)) == ["MCP000", "MCP101", "MCP201"]


def test_ignore_wins_a_tie() -> None:
    assert codes(select=("MCP101",), ignore=("MCP101",)) == []


def test_opt_in_needs_exact_code() -> None:
    assert codes(select=("ALL",)) == ["MCP000", "MCP101", "MCP102", "MCP201"]
    assert codes(select=("MCP4",)) == []
    assert codes(extend_select=("MCP402",)) == ["MCP000", "MCP101", "MCP102", "MCP201", "MCP402"]


def test_preview_rules_need_preview() -> None:
    assert codes(select=("MCP999",)) == []
    assert codes(select=("MCP9",), preview=True) == ["MCP999"]
    assert "MCP999" in codes(preview=True)


def test_per_file_ignores_relative_to_project_root(tmp_path: Path) -> None:
    settings = Settings(
        per_file_ignores=(("tests/*", ("MCP1",)), ("conftest.py", ("ALL",))),
        project_root=tmp_path,
    )
    in_tests = enabled_codes(settings, RULES, tmp_path / "tests" / "test_a.py")
    assert sorted(in_tests) == ["MCP000", "MCP201"]
    assert enabled_codes(settings, RULES, tmp_path / "sub" / "conftest.py") == frozenset()
    assert sorted(enabled_codes(settings, RULES, tmp_path / "src" / "tests.py")) == [
        "MCP000", "MCP101", "MCP102", "MCP201"
    ]


def test_per_file_ignores_negated_and_dot_slash_patterns_as_in_ruff(tmp_path: Path) -> None:
    settings = Settings(per_file_ignores=(("!sub/*", ("MCP1",)), ("./only/s.py", ("MCP201",))), project_root=tmp_path)
    assert sorted(enabled_codes(settings, RULES, tmp_path / "sub" / "a.py")) == ["MCP000", "MCP101", "MCP102", "MCP201"]
    assert sorted(enabled_codes(settings, RULES, tmp_path / "top.py")) == ["MCP000", "MCP201"]
    assert sorted(enabled_codes(settings, RULES, tmp_path / "only" / "s.py")) == ["MCP000"]


# ------------------------------------------------------------------ severity_for


def test_severity_most_specific_wins() -> None:
    settings = Settings(severity=(("MCP101", "info"), ("ALL", "warning"), ("MCP1", "error")))
    assert severity_for(settings, "MCP101") is Severity.INFO
    assert severity_for(settings, "MCP102") is Severity.ERROR
    assert severity_for(settings, "MCP201") is Severity.WARNING
    assert severity_for(Settings(), "MCP201") is Severity.ERROR


# --------------------------------------------------------------------------- through the CLI


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ('[tool.mcplint]\nselect = ["MCP1"\n', ":2: invalid TOML: "),
        ('[tool.mcplint]\npreview = "yes"\n', ":2: [tool.mcplint] key 'preview': expected true or false, got a string"),
        ("[tool.mcplint]\nseverity = 3\n", ":2: [tool.mcplint] key 'severity': expected a table"),
        ("[tool.mcplint]\n\nfrobnicate = 1\n", ":3: [tool.mcplint] key 'frobnicate': unknown key"),
        ('[tool.mcplint]\nignore = ["MCP9"]\n', ":2: [tool.mcplint] key 'ignore': unknown rule code or prefix 'MCP9'"),
        ('[tool.mcplint]\nselect = [\n  "MCP101",\n  "XYZ1",\n]\n',
         ":4: [tool.mcplint] key 'select': unknown rule code or prefix 'XYZ1'"),
    ],
    ids=["invalid-toml", "wrong-type", "wrong-table-type", "unknown-key", "unknown-ignore", "unknown-select"],
)
def test_broken_config_exits_2_naming_file_line_and_key_before_linting(
    tmp_path: Path, config: str, expected: str
) -> None:
    import subprocess
    import sys

    (tmp_path / "pyproject.toml").write_text(config)
    (tmp_path / "server.py").write_text("import mcp\ndef (:\n")
    completed = subprocess.run([sys.executable, "-m", "mcplint", "--no-cache", "."], capture_output=True,
                               text=True, cwd=tmp_path, timeout=60)
    assert completed.returncode == 2
    assert completed.stdout == ""  # nothing was linted
    [line] = completed.stderr.splitlines()
    assert line.startswith(f"mcplint: error: {tmp_path / 'pyproject.toml'}")
    assert expected in line


# -- mcplint.toml / .mcplint.toml, found like ruff.toml --------------------------------------

from click.testing import CliRunner  # noqa: E402

from mcplint.cli import cli  # noqa: E402
from mcplint.config import ignored_configs  # noqa: E402

_SERVER = (
    "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\nserver = Server('s')\n\n\n"
    "@server.list_prompts()\nasync def list_prompts():\n"
    "    return [types.Prompt(name='p', arguments=[types.PromptArgument(name='code', required=True)])]\n\n\n"
    "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
    "    if name != 'p':\n        raise ValueError(name)\n    return arguments['code']\n"
)


def _check(project: Path, *args: str):
    return CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", *args, str(project / "s.py")])


@pytest.fixture
def server_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.py").write_text(_SERVER)
    return tmp_path


def _codes(result) -> list[str]:
    return [line.split()[1] for line in result.stdout.splitlines()]


def test_without_config_both_findings(server_dir):
    result = _check(server_dir)
    assert (result.exit_code, _codes(result)) == (1, ["MCP201", "MCP202"])


@pytest.mark.parametrize("name", ["mcplint.toml", ".mcplint.toml"])
def test_an_mcplint_toml_has_its_keys_at_the_top_level(server_dir, name):
    (server_dir / name).write_text('ignore = ["MCP201"]\n')
    result = _check(server_dir)
    assert (result.exit_code, _codes(result), result.stderr) == (1, ["MCP202"], "Found 1 error.\n")


@pytest.mark.parametrize(("config", "codes"), [
    ('[lint]\nselect = ["MCP202"]\n', ["MCP202"]),
    ('select = ["MCP201"]\n[lint]\nselect = ["MCP202"]\n', ["MCP202"]),  # lint.select wins, as in ruff
    ('[lint]\nignore = ["MCP2"]\n', []),
])
def test_a_lint_table_is_accepted_as_in_ruff_toml(server_dir, config, codes):
    (server_dir / "mcplint.toml").write_text(config)
    assert _codes(_check(server_dir)) == codes


def test_tool_mcplint_lint_in_pyproject_too(server_dir):
    (server_dir / "pyproject.toml").write_text('[tool.mcplint.lint]\nselect = ["MCP201"]\n')
    assert _codes(_check(server_dir)) == ["MCP201"]


def test_an_unknown_key_in_mcplint_toml_names_file_line_and_key(server_dir):
    (server_dir / "mcplint.toml").write_text('\n[lint]\nselct = ["MCP201"]\n')
    result = _check(server_dir)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"mcplint: error: {server_dir / 'mcplint.toml'}:3: key 'lint.selct': "
                             "unknown key (did you mean 'select'?)\n")


def test_precedence_is_rufs_and_the_ignored_config_is_named(server_dir):
    (server_dir / "pyproject.toml").write_text('[tool.mcplint]\nselect = ["MCP201"]\n')
    (server_dir / "mcplint.toml").write_text('select = ["MCP202"]\n')
    (server_dir / ".mcplint.toml").write_text('select = ["MCP201", "MCP202"]\n')
    assert find_config(server_dir / "s.py") == server_dir / ".mcplint.toml"
    assert ignored_configs(server_dir / ".mcplint.toml") == [server_dir / "mcplint.toml", server_dir / "pyproject.toml"]
    result = _check(server_dir)
    assert _codes(result) == ["MCP201", "MCP202"]
    assert result.stderr.startswith(
        f"mcplint: warning: {server_dir / 'mcplint.toml'} is ignored: .mcplint.toml in the same folder takes "
        "precedence (as in ruff: .mcplint.toml, then mcplint.toml, then pyproject.toml)\n"
        f"mcplint: warning: {server_dir / 'pyproject.toml'} is ignored: .mcplint.toml in the same folder takes "
        "precedence (as in ruff: .mcplint.toml, then mcplint.toml, then pyproject.toml)\n")
    (server_dir / ".mcplint.toml").unlink()
    result = _check(server_dir)
    assert _codes(result) == ["MCP202"]
    assert result.stderr.startswith(f"mcplint: warning: {server_dir / 'pyproject.toml'} is ignored: mcplint.toml")


def test_a_pyproject_without_the_table_does_not_shadow_or_warn(server_dir):
    (server_dir / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (server_dir / "mcplint.toml").write_text('select = ["MCP202"]\n')
    result = _check(server_dir)
    assert _codes(result) == ["MCP202"] and "warning" not in result.stderr


def test_the_nearest_directory_wins_over_a_farther_mcplint_toml(server_dir):
    (server_dir / "mcplint.toml").write_text('select = ["MCP201"]\n')
    sub = server_dir / "sub"
    sub.mkdir()
    (sub / "s.py").write_text(_SERVER)
    (sub / "pyproject.toml").write_text('[tool.mcplint]\nselect = ["MCP202"]\n')
    result = _check(sub)
    assert _codes(result) == ["MCP202"] and "warning" not in result.stderr


def test_config_flag_takes_an_mcplint_toml_path(server_dir):
    (server_dir / "custom.toml").write_text('[lint]\nselect = ["MCP201"]\n')
    result = _check(server_dir, "--config", "custom.toml")
    assert (result.exit_code, _codes(result)) == (1, ["MCP201"])
    assert "warning" not in result.stderr


# -- configs a run does not apply, and pin files that are not TOML ---------------------------

def _check_dir(*args: str):
    return CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", *args, "."])


@pytest.mark.parametrize(("config", "message"), [
    ('[tool.mcplint]\nselect = ["MCP1"\n', "sub/pyproject.toml:2: invalid TOML: Unclosed array (at end of document)"),
    ('[tool.mcplint]\nselect = "MCP1"\n', "sub/pyproject.toml:2: [tool.mcplint] key 'select': expected an array of strings, got a string"),
    ('[tool.mcplint]\nbogus = 1\n', "sub/pyproject.toml:2: [tool.mcplint] key 'bogus': unknown key"),
])
def test_an_invalid_config_below_the_one_in_force_is_an_error_and_every_file_is_linted(server_dir, config, message):
    (server_dir / "sub").mkdir()
    (server_dir / "sub" / "s.py").write_text(_SERVER)
    (server_dir / "sub" / "pyproject.toml").write_text(config)
    result = _check_dir()
    assert result.exit_code == 2
    assert _codes(result) == ["MCP201", "MCP202", "MCP201", "MCP202"]
    assert result.stderr.splitlines()[0] == (f"mcplint: error: {server_dir / message} (not applied: the files "
                                             "under it were linted with the default settings)")


def test_a_valid_config_below_the_one_in_force_is_named_as_not_applied(server_dir):
    (server_dir / "mcplint.toml").write_text('ignore = ["MCP201"]\n')
    (server_dir / "sub").mkdir()
    (server_dir / "sub" / "s.py").write_text(_SERVER)
    (server_dir / "sub" / "mcplint.toml").write_text('ignore = ["MCP202"]\n')
    result = _check_dir()
    assert (result.exit_code, _codes(result)) == (1, ["MCP202", "MCP202"])
    assert result.stderr.splitlines()[0] == (
        f"mcplint: warning: {server_dir / 'sub' / 'mcplint.toml'} is not applied: a run uses one configuration "
        f"({server_dir / 'mcplint.toml'}); lint {server_dir / 'sub'} on its own to use it")
    assert _check_dir("--isolated").stderr == "Found 4 errors.\n[*] 2 fixable with the `--fix` option.\n"


def test_a_pyproject_that_is_not_toml_is_named_its_pins_unread(server_dir):
    (server_dir / "pyproject.toml").write_text('[project]\nname = "a"\ndependencies = ["mcp==1.2"\n')
    result = _check_dir()
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"mcplint: warning: {server_dir / 'pyproject.toml'}:3: invalid TOML: Unclosed array (at end of document); "
        "the framework versions pinned there are not read")
    assert "warning" not in _check_dir("-q").stderr


def test_fix_and_diff_report_an_invalid_config_below_the_one_in_force_too(server_dir):
    (server_dir / "sub").mkdir()
    (server_dir / "sub" / "pyproject.toml").write_text('[tool.mcplint]\nbogus = 1\n')
    (server_dir / "sub" / "s.py").write_text(_SERVER)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--diff", "."])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        f"mcplint: error: {server_dir / 'sub' / 'pyproject.toml'}:2: [tool.mcplint] key 'bogus': unknown key "
        "(not applied: the files under it were linted with the default settings)")


def test_a_tool_mcplint_header_in_mcplint_toml_says_the_keys_go_at_the_top_level(server_dir):
    (server_dir / "mcplint.toml").write_text('# mine\n[tool.mcplint]\nselect = ["MCP201"]\n')
    result = _check(server_dir)
    assert result.exit_code == 2
    assert result.stderr == (f"mcplint: error: {server_dir / 'mcplint.toml'}:2: key 'tool': unknown key; "
                             "mcplint.toml takes its settings at the top level, without a [tool.mcplint] header\n")
