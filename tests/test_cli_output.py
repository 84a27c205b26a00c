"""Exact output of the report-shaping flags, end to end: ``--show-settings``, ``--show-files``,
``--statistics``, ``--exit-zero`` and the CI formats (``github``, ``gitlab``, ``sarif``).

The project holds ``server.py``, a low-level server whose ``get_prompt`` subscripts a
required argument (MCP202 on ``FAULT_LINE``, the fault of the shared example
``f4_keyerror_subscript_lowlevel.py``), and ``helpers/util.py`` without MCP code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcplint import __version__
from mcplint.cli import cli

from servers import WRITE_TESTS, WRITE_TESTS_FAULT_LINE

SERVER = WRITE_TESTS
FAULT_LINE = WRITE_TESTS_FAULT_LINE
MESSAGE_START = "server.py:18:16: MCP202 "
CONFIG = """\
[project]
dependencies = ["mcp==1.9.4"]

[tool.mcplint]
ignore = ["MCP103"]
per-file-ignores = {"tests/*" = ["MCP1"]}

[tool.mcplint.severity]
MCP101 = "warning"
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "util.py").write_text("def add(a, b):\n    return a + b\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not python\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCPLINT_OUTPUT_FORMAT", raising=False)
    monkeypatch.delenv("MCPLINT_NO_CACHE", raising=False)
    return tmp_path


def run(*args: str) -> Result:
    """The CLI without cache, selecting MCP202 only (other rules cannot change what is seen)."""
    return CliRunner().invoke(cli, ["--no-cache", "--select", "MCP202", *args], catch_exceptions=False)


def test_show_settings_prints_the_resolved_settings(project: Path) -> None:
    result = CliRunner().invoke(cli, ["--show-settings", "--extend-select", "MCP402", "server.py"])
    from mcplint.checks import ALL_RULES
    from mcplint.config import enabled_codes, load_settings

    settings = load_settings(project / "pyproject.toml", [r.code for r in ALL_RULES])
    enabled = enabled_codes(settings.with_overrides(extend_select=("MCP402",)), ALL_RULES, Path("server.py"))
    assert result.exit_code == 0
    assert result.stdout == (
        "Settings for: server.py\n"
        f"Config file: {project / 'pyproject.toml'}\n"
        f"Project root: {project}\n"
        f"mcplint version: {__version__}\n"
        "mcp version: 1.9 (pyproject.toml: mcp==1.9.4)\n"
        "fastmcp version: not pinned\n"
        f"Cache: {project / '.mcplint_cache'}\n"
        f"Enabled codes: {', '.join(sorted(enabled))}\n"
        "\n"
        "select = default\n"
        'extend-select = []\n'
        'ignore = ["MCP103"]\n'
        'command line: select = as above, extend-select = ["MCP402"], ignore = []\n'
        'per-file-ignores = {"tests/*" = ["MCP1"]}\n'
        "exclude = []\n"
        "extend-exclude = []\n"
        "mcp-version = none\n"
        "fastmcp-version = none\n"
        "preview = false\n"
        'severity = {"MCP101" = "warning"}\n'
        "respect-gitignore = true\n"
        "fixable = all\n"
        "unfixable = []\n"
        "extend-fixable = []\n"
        "ignore-noqa = false\n"
    )
    assert "MCP103" not in enabled and "MCP202" in enabled
    assert not (project / ".mcplint_cache").exists()


def test_show_settings_without_config_and_without_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()  # stop the search for pin files here
    monkeypatch.chdir(tmp_path)
    lines = run("--show-settings").stdout.splitlines()
    assert lines[:7] == [
        "Settings for: .",
        "Config file: none (defaults)",
        f"Project root: none (no config file: relative patterns are read from the working directory, {tmp_path})",
        f"mcplint version: {__version__}",
        "mcp version: not pinned",
        "fastmcp version: not pinned",
        "Cache: disabled",
    ]


def test_show_settings_without_config_says_where_the_cache_goes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "src").mkdir()
    monkeypatch.chdir(tmp_path)
    lines = CliRunner().invoke(cli, ["check", "--show-settings", "src"]).stdout.splitlines()
    assert lines[6] == (f"Cache: {tmp_path / 'src' / '.mcplint_cache'} (in the folder holding the linted paths: "
                        "there is no project root)")


def test_show_files_lists_python_files_only(project: Path) -> None:
    result = run("--show-files", ".")
    assert (result.exit_code, result.stdout) == (0, f"{Path('helpers/util.py')}\nserver.py\n")


def test_statistics_exact_output_and_exit_codes(project: Path) -> None:
    result = run("--statistics", ".")
    assert (result.exit_code, result.stdout) == (1, "1\tMCP202\tunguarded-argument-access\n")
    result = run("--statistics", "--exit-zero", ".")
    assert (result.exit_code, result.stdout) == (0, "1\tMCP202\tunguarded-argument-access\n")
    result = run("--statistics", "--output-format", "json", ".")
    assert json.loads(result.stdout) == [{"code": "MCP202", "count": 1, "fixable": False, "fixable_count": 0,
                                          "name": "unguarded-argument-access"}]


def test_exit_zero_keeps_the_report(project: Path) -> None:
    result = run("--exit-zero", "--output-format", "concise", ".")
    assert result.exit_code == 0
    assert result.stdout.startswith(MESSAGE_START)
    assert result.stderr == "Found 1 error.\n"


def test_clean_project_exits_0_in_every_ci_format(project: Path) -> None:
    (project / "server.py").write_text(SERVER.replace('(arguments or {})["language"]', "(arguments or {}).get('language')"))
    for fmt, expected in (("github", ""), ("gitlab", "[]\n"), ("json", "[]\n")):
        result = run("--output-format", fmt, ".")
        assert (result.exit_code, result.stdout, result.stderr) == (0, expected, "")


def test_fault_is_where_the_tests_expect_it() -> None:
    line = SERVER.splitlines()[FAULT_LINE - 1]
    start = line.index('(arguments or {})["language"]')
    assert (start + 1, start + 1 + len('(arguments or {})["language"]')) == (16, 45)


def test_github_format_end_to_end(project: Path) -> None:
    result = run("--output-format", "github", ".")
    assert result.exit_code == 1
    assert result.stdout.startswith(
        f"::error file=server.py,line={FAULT_LINE},col=16,endLine={FAULT_LINE},endColumn=45,title=MCP202::"
    )
    assert result.stdout.count("\n") == 1 and result.stderr == ""


def test_sarif_format_end_to_end_points_at_the_fault(project: Path) -> None:
    result = run("--output-format", "sarif", ".")
    [found] = json.loads(result.stdout)["runs"][0]["results"]
    location = found["locations"][0]["physicalLocation"]
    assert (found["ruleId"], location["artifactLocation"]["uri"], location["region"]["startLine"]) == (
        "MCP202", "server.py", FAULT_LINE
    )
