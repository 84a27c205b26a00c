"""Regressions from an adversarial review: each test is a break that once worked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcplint import engine
from mcplint.cli import cli
from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.fixes import fix_file

LOWLEVEL_IMPORTING_PROMPTS = '''import mcp.types as types
from mcp.server.lowlevel import Server

from helpers import PROMPTS

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return PROMPTS
'''


def test_a_project_module_nested_too_deep_for_libcst_is_skipped_not_fatal(tmp_path: Path) -> None:
    """libcst's native parser segfaults on 5,000 open brackets; the linked module is judged by
    CPython first and left unknown."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "helpers.py").write_text("(" * 5000)
    (tmp_path / "server.py").write_text(LOWLEVEL_IMPORTING_PROMPTS)
    done = subprocess.run([sys.executable, "-m", "mcplint", "check", "--no-cache", "server.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr.strip()) == (0, "All checks passed!")


def test_an_added_import_goes_below_shebang_cookie_and_docstring(tmp_path: Path) -> None:
    source = ('#!/usr/bin/env python3\n# -*- coding: latin-1 -*-\n"""Serveur caf\xe9."""\ntry:\n'
              '    import mcp.types as types\n    from mcp.server.lowlevel import Server\nexcept ImportError:\n'
              '    raise\n\nserver = Server("s")\n\n\n@server.get_prompt()\nasync def get_prompt(name, arguments):\n'
              '    if name != "p":\n        raise ValueError(f"Unknown prompt: {name}")\n'
              '    return types.GetPromptResult(messages=[])\n')
    target = tmp_path / "s.py"
    target.write_bytes(source.encode("latin-1"))
    result = fix_file(target, Settings())
    lines = target.read_bytes().decode("latin-1").splitlines()
    assert result.error is None
    assert lines[:4] == ["#!/usr/bin/env python3", "# -*- coding: latin-1 -*-", '"""Serveur caf\xe9."""',
                         "from mcp.shared.exceptions import McpError"]


def test_removing_an_unused_noqa_keeps_the_rest_of_the_comment_a_comment(tmp_path: Path) -> None:
    target = tmp_path / "s.py"
    target.write_text('from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("d")\nLIMIT = 10  # noqa: MCP101 (legacy)\n')
    fix_file(target, Settings())
    assert target.read_text().splitlines()[2] == "LIMIT = 10  # (legacy)"


@pytest.mark.parametrize("tool", ['tool = "mcplint"', "tool = 1", "[tool]\nmcplint = 3"])
def test_a_pyproject_with_an_odd_tool_value_never_crashes(tmp_path: Path, tool: str) -> None:
    (tmp_path / "pyproject.toml").write_text(tool + "\n")
    (tmp_path / "s.py").write_text("import mcp\n")
    result = CliRunner().invoke(cli, ["check", "--no-cache", str(tmp_path / "s.py")])
    expected = 2 if "mcplint = 3" in tool else 0  # a [tool.mcplint] that is no table is a config error
    assert (result.exit_code, "Traceback" in result.output + result.stderr) == (expected, False)


def test_a_path_longer_than_the_filesystem_allows_is_an_error_not_a_crash() -> None:
    result = CliRunner().invoke(cli, ["check", "--no-cache", "a" * 300])
    assert (result.exit_code, result.exception is None or isinstance(result.exception, SystemExit)) == (2, True)


@pytest.mark.parametrize("value", ["inf", "1e300"])
def test_an_infinite_time_budget_means_no_budget(monkeypatch, value: str) -> None:
    monkeypatch.setenv(engine.TIME_BUDGET_ENV, value)
    assert lint_source("import mcp\n", "s.py", Settings()) == []


def test_the_time_budget_holds_off_the_main_thread(monkeypatch) -> None:
    """The language server lints in worker threads, where no signal arrives: the watchdog
    interrupts a runaway analysis there too, and the thread goes on working afterwards."""
    import threading
    import time as time_module

    from mcplint.checks import RULES_BY_CODE

    def check(self, model):
        give_up = time_module.monotonic() + 60  # fail, rather than hang, if nothing interrupts
        while model.path.endswith("slow.py") and time_module.monotonic() < give_up:
            pass
        return iter(())

    monkeypatch.setenv(engine.TIME_BUDGET_ENV, "0.2")
    monkeypatch.setattr(type(RULES_BY_CODE["MCP103"]), "check", check)
    results = {}

    def lint() -> None:
        results["slow"] = engine.lint_source("import mcp\nfrom mcp.server.lowlevel import Server\nserver = Server('s')\n",
                                             "slow.py")
        results["after"] = engine.lint_source("import mcp\nx = (\n", "after.py")

    worker = threading.Thread(target=lint)
    started = time_module.monotonic()
    worker.start()
    worker.join(30)
    assert not worker.is_alive()
    assert time_module.monotonic() - started < 10
    assert [(d.code, d.message) for d in results["slow"]] == [
        ("MCP002", "mcplint's analysis exceeded the time budget (0.2 s of CPU time) on this file; please report it")]
    assert [d.code for d in results["after"]] == ["MCP000"]
