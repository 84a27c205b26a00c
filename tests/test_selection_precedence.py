"""Command-line rule selection over the config's, resolved layer by layer as ruff does
(``LintConfiguration::as_rule_table``: a layer with ``select`` replaces everything chosen
before it; ``extend-select`` / ``ignore`` add and remove; adversarial case 09)."""

from __future__ import annotations

import pytest

from mcplint.checks import ALL_RULES
from mcplint.config import Settings, enabled_codes

DEFAULT = {r.code for r in ALL_RULES if not r.opt_in and not r.preview}


def _enabled(config: dict, *layers) -> set[str]:
    settings = Settings(**config, command_line_selection=tuple(layers))
    return set(enabled_codes(settings, ALL_RULES))


@pytest.mark.parametrize(("config", "layer", "expected"), [
    # --select MCP103 runs it although the config ignores it (ruff: `--select F401` wins over `ignore = ["F401"]`)
    ({"ignore": ("MCP103",)}, (("MCP103",), (), ()), {"MCP103"}),
    ({"select": ("MCP1",), "ignore": ("MCP103",)}, (("MCP103",), (), ()), {"MCP103"}),
    # --select replaces the config's extend-select too (an opt-in code it enabled is gone)
    ({"extend_select": ("MCP402",)}, (("MCP1",), (), ()), {c for c in DEFAULT if c.startswith("MCP1")}),
    # --extend-select adds over the config's ignore, --ignore removes from its select
    ({"ignore": ("MCP103",)}, (None, ("MCP103",), ()), DEFAULT),
    ({"select": ("MCP1",)}, (None, (), ("MCP101",)), {c for c in DEFAULT if c.startswith("MCP1")} - {"MCP101"}),
    # within the command-line layer the longest selector decides, ignore wins a tie
    ({}, (("MCP1",), (), ("MCP10",)), {c for c in DEFAULT if c.startswith("MCP1") and not c.startswith("MCP10")}),
    ({}, (("MCP103",), (), ("MCP103",)), set()),
    ({}, (("MCP10",), (), ("MCP1",)), {c for c in DEFAULT if c.startswith("MCP10")}),
])
def test_command_line_selection_is_a_layer_over_the_config(config, layer, expected) -> None:
    assert _enabled(config, layer) == expected


def test_without_command_line_flags_the_config_alone_decides() -> None:
    assert _enabled({"select": ("MCP1",), "ignore": ("MCP103",)}) == {c for c in DEFAULT if c.startswith("MCP1")} - {"MCP103"}
    assert _enabled({"select": ("MCP103",), "ignore": ("MCP103",)}) == set()


def test_the_cli_select_overrides_the_config_ignore_end_to_end(tmp_path, monkeypatch) -> None:
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from mcplint.cli import cli

    shutil.copytree(Path(__file__).parent / "projects" / "split_server", tmp_path / "p")
    with (tmp_path / "p" / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.mcplint]\nignore = ["MCP101"]\n')
    monkeypatch.chdir(tmp_path / "p")
    check = ["check", "--no-cache", "--output-format", "concise", "-q"]
    assert "MCP101" not in CliRunner().invoke(cli, [*check, "."]).output
    assert [line.split()[1] for line in CliRunner().invoke(cli, [*check, "--select", "MCP101", "."]).output.splitlines()] \
        == ["MCP101"]


def test_a_config_fragment_selection_is_a_layer_too() -> None:
    from mcplint.config import apply_fragment

    codes = [r.code for r in ALL_RULES]
    settings = apply_fragment(Settings(ignore=("MCP103",)), "lint.select = ['MCP103']", codes)
    assert (settings.ignore, settings.command_line_selection) == (("MCP103",), ((("MCP103",), (), ()),))
    assert set(enabled_codes(settings, ALL_RULES)) == {"MCP103"}
    settings = apply_fragment(Settings(select=("MCP1",)), "ignore = ['MCP101']", codes)
    assert set(enabled_codes(settings, ALL_RULES)) == {c for c in DEFAULT if c.startswith("MCP1")} - {"MCP101"}
