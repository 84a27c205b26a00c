"""Every registered rule has a page with ruff's sections, and its examples behave.

The page's Example must trigger the rule and its Use instead must not, so docs and code
cannot drift apart. ``mcplint rule CODE`` prints the same page.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from mcplint.checks import ALL_RULES
from mcplint.cli import cli, known_codes
from mcplint.config import Settings
from mcplint.docs import rule_doc
from mcplint.engine import lint_source

SECTIONS = ["## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety", "## References"]
NOT_TRIGGERABLE = {"MCP002"}  # mcplint's own failure has no source that causes it on purpose
ALL = Settings(select=("ALL",), preview=True)  # preview rules document their examples too


def test_rule_module_names_give_the_registered_codes() -> None:
    # The CLI validates selectors against the module names so that a cached run never
    # imports the rules: each rule module must be named after its code, and only they.
    assert known_codes() == {rule.code for rule in ALL_RULES}
    assert len(known_codes()) == 34


def _code_block(page: str, heading: str) -> str:
    section = page.split(heading, 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_page_has_every_section_in_order(rule) -> None:
    page = rule_doc(rule.code)
    assert page.startswith(f"# {rule.code} {rule.name}\n")
    positions = [page.index(section) for section in SECTIONS]
    assert positions == sorted(positions)


@pytest.mark.parametrize("rule", [r for r in ALL_RULES if r.code not in NOT_TRIGGERABLE], ids=lambda r: r.code)
def test_example_triggers_and_use_instead_does_not(rule, tmp_path) -> None:
    page = rule_doc(rule.code)
    settings = ALL.with_overrides(select=("ALL", rule.code)) if rule.opt_in else ALL  # opt-in: exact code
    example = "example.py"
    if "```json" in page.split("## Example", 1)[1]:  # a contract rule: its page shows the baseline
        baseline = re.search(r"```json\n(.*?)```", page.split("## Example", 1)[1], re.S).group(1)
        (tmp_path / "mcp-contract.json").write_text(baseline)
        example = str(tmp_path / "example.py")
    bad = {d.code for d in lint_source(_code_block(page, "## Example"), example, settings)}
    good = {d.code for d in lint_source(_code_block(page, "## Use instead"), example, settings)}
    assert rule.code in bad
    assert rule.code not in good


def test_rule_command_prints_the_page() -> None:
    result = CliRunner().invoke(cli, ["rule", "MCP101"])
    assert result.exit_code == 0
    assert "# MCP101 required-argument-default" in result.output
