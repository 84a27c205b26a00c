"""Truthful settings: a configured ``mcp-version`` / ``fastmcp-version`` wins, messages follow
it, and when the code's API shape contradicts it that is said once (MCP003, a warning)
naming the config file, the first contradicting use and the version."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mcplint.cli import cli

DECORATORS = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("notes")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="greet", arguments=[types.PromptArgument(name="who", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "greet":
        raise ValueError(f"Unknown prompt: {name}")
    who = (arguments or {}).get("who")
    return types.GetPromptResult(messages=[])
'''

CONSTRUCTOR = '''\
import mcp.types as types
from mcp.server.lowlevel import Server


async def list_prompts(ctx, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[])


server = Server(
    "notes",
    on_list_prompts=list_prompts,
)
'''

COMPLETION = '''\
from fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.prompt()
def greet(who: str) -> str:
    return f"Hello {who}"


@mcp.completion()
async def complete(ref, argument, context):
    return ["a"]
'''

MCP1_201 = ("server.py:15:9: MCP201 [*] An unknown prompt name raises ValueError: on mcp 1.x low-level Server the client "
            "receives code 0 with the exception text instead of -32602 Invalid params; raise "
            "McpError(ErrorData(code=INVALID_PARAMS, message=...))\n")
MCP2_201 = ("server.py:15:9: MCP201 [*] An unknown prompt name raises ValueError: on mcp 2.x low-level Server the client "
            "receives code 0 on 2025-era connections and -32603 on 2026-07-28 ones instead of -32602 Invalid params; "
            "raise MCPError(code=INVALID_PARAMS, message=...)\n")


def _check(tmp_path, monkeypatch, source: str, config: str | None, *flags: str):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(source)
    if config is not None:
        (tmp_path / "mcplint.toml").write_text(config)
    return CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", *flags, "server.py"])


def test_without_a_setting_the_api_shape_decides(tmp_path, monkeypatch):
    result = _check(tmp_path, monkeypatch, DECORATORS, None, "--select", "MCP003,MCP201")
    assert (result.exit_code, result.stdout) == (1, MCP1_201)


def test_a_setting_that_agrees_says_nothing_more(tmp_path, monkeypatch):
    result = _check(tmp_path, monkeypatch, DECORATORS, 'mcp-version = "1.9"\n', "--select", "MCP003,MCP201")
    assert (result.exit_code, result.stdout) == (1, MCP1_201)


def test_a_contradicted_setting_wins_and_is_reported_once_at_the_first_use(tmp_path, monkeypatch):
    result = _check(tmp_path, monkeypatch, DECORATORS, 'mcp-version = "2.0"\n', "--select", "MCP003,MCP201")
    assert result.exit_code == 1
    assert result.stdout == (
        'server.py:7:1: MCP003 warning: `mcp-version = "2.0"` in mcplint.toml contradicts this code: decorator registration '
        "is the mcp 1.x API; findings follow the configured version (mcp 2.x low-level Server), so check the "
        "setting\n" + MCP2_201)


def test_it_is_a_warning(tmp_path, monkeypatch):
    result = _check(tmp_path, monkeypatch, DECORATORS, 'mcp-version = "2.0"\n', "--select", "MCP003",
                    "--output-format", "json")
    assert result.exit_code == 1
    assert '"severity": "warning"' in result.stdout


def test_the_pyproject_table_is_named_when_it_holds_the_setting(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.mcplint]\nmcp-version = "1"\n')
    result = _check(tmp_path, monkeypatch, CONSTRUCTOR, None, "--select", "MCP003")
    assert result.stdout == (
        'server.py:11:5: MCP003 warning: `mcp-version = "1"` in pyproject.toml contradicts this code: on_* handler '
        "registration is the mcp 2.x API; findings follow the configured version (mcp 1.x low-level Server), so "
        "check the setting\n")


def test_a_fastmcp_setting_contradicted_by_a_4_x_api(tmp_path, monkeypatch):
    result = _check(tmp_path, monkeypatch, COMPLETION, 'fastmcp-version = "2"\n', "--select", "MCP003")
    assert result.stdout == (
        'server.py:11:1: MCP003 warning: `fastmcp-version = "2"` in mcplint.toml contradicts this code: @mcp.completion is '
        "the fastmcp 4.x API; findings follow the configured version (fastmcp 2.x), so check the setting\n")


@pytest.mark.parametrize(("source", "config"), [
    (CONSTRUCTOR, 'mcp-version = "2.3"\n'),
    (COMPLETION, 'fastmcp-version = "4"\n'),
    (COMPLETION, 'mcp-version = "1"\n'),  # fastmcp's own version decides its stack
])
def test_settings_that_agree_are_silent(tmp_path, monkeypatch, source, config):
    result = _check(tmp_path, monkeypatch, source, config, "--select", "MCP003")
    assert (result.exit_code, result.stdout) == (0, "")
