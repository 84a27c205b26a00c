"""A framework version that does not exist (``mcp-version = "9.9"``, ``fastmcp-version = "1.0"``)
is a configuration error with its file and line, exit 2 as ruff's broken config; a pin of one
(``mcp==9.9``) fixes nothing (adversarial case 10)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcplint.cli import cli
from mcplint.config import FRAMEWORK_MAJORS, ConfigError, Settings, apply_fragment, load_settings
from mcplint.versions import KNOWN_RELEASES, clear_cache, pinned_versions

CODES = ["MCP101", "MCP202"]


@pytest.mark.parametrize(("key", "value", "said"), [
    ("mcp-version", "9.9", "is not a mcp version mcplint knows: mcp has 1.x, 2.x"),
    ("fastmcp-version", "5", "is not a fastmcp version mcplint knows: fastmcp has 2.x, 3.x, 4.x"),
    # released, but before the stacks mcplint models (PyPI has mcp 0.9.1, fastmcp 1.0 and 0.4.1)
    ("mcp-version", "0.9", "is a mcp version mcplint does not model: it models mcp 1.x, 2.x"),
    ("fastmcp-version", "1.0", "is a fastmcp version mcplint does not model: it models fastmcp 2.x, 3.x, 4.x"),
])
def test_a_version_mcplint_cannot_model_is_a_config_error_at_its_line(tmp_path: Path, key, value, said) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text(f'[project]\nname = "x"\n\n[tool.mcplint]\npreview = true\n{key} = "{value}"\n')
    with pytest.raises(ConfigError) as raised:
        load_settings(config, CODES)
    assert str(raised.value) == f"{config}:6: [tool.mcplint] key '{key}': '{value}' {said}"
    with pytest.raises(ConfigError):
        apply_fragment(Settings(), f"{key} = '{value}'", CODES)


@pytest.mark.parametrize(("key", "value"), [("mcp-version", "1"), ("mcp-version", "2.1"), ("mcp-version", "1.99"),
                                            ("fastmcp-version", "4.2.3"), ("fastmcp-version", "2")])
def test_versions_of_existing_majors_are_accepted(tmp_path: Path, key, value) -> None:
    config = tmp_path / "mcplint.toml"
    config.write_text(f'{key} = "{value}"\n')
    settings = load_settings(config, CODES)
    assert getattr(settings, key.replace("-", "_")) == value


def test_the_cli_exits_2_on_an_impossible_version_and_names_it(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.mcplint]\nmcp-version = "9.9"\n')
    (tmp_path / "server.py").write_text("import mcp\n")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, ["check", "--no-cache", "."])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2
    assert "pyproject.toml:2: [tool.mcplint] key 'mcp-version': '9.9' is not a mcp version" in result.output


def test_a_pin_of_a_version_that_does_not_exist_fixes_nothing(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["mcp==9.9", "fastmcp==1.0"]\n')
    clear_cache()
    pins = pinned_versions(tmp_path / "server.py")
    assert (pins.mcp, pins.fastmcp) == (None, None)


def test_the_majors_agree_with_the_known_releases() -> None:
    for package, releases in KNOWN_RELEASES.items():
        assert tuple(sorted({release.major for release in releases})) == FRAMEWORK_MAJORS[package]
