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
