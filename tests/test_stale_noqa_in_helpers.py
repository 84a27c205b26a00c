"""A stale ``# noqa: MCPxxx`` in a helper module without MCP code is MCP001 in a folder's lint
as when the helper is named alone (the prefilter lets such a comment through), and the cache
entry of the helper follows the modules that use its comments."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mcplint.cache import may_report
from mcplint.config import Settings
from mcplint.runner import lint_paths

SERVER = '''\
from mcp.server.lowlevel import Server
import mcp.types as types

from pkg.helpers import render

server = Server("demo")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="greet", arguments=[types.PromptArgument(name="who", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "greet":
        raise ValueError("unknown")
    return render(arguments or {})
'''

HELPERS = '''\
def render(args):
    who = args["who"]  # noqa: MCP202
    return f"Hello {who}"


def other():
    return 1  # noqa: MCP301 legacy
'''


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "server.py").write_text(SERVER)
    (tmp_path / "pkg" / "helpers.py").write_text(HELPERS)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["mcp==1.9.0"]\n')
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _unused(paths: list[str], **options) -> list[tuple[str, int, str]]:
    result = lint_paths([Path(p) for p in paths], Settings(select=("MCP001", "MCP202", "MCP301")), **options)
    return sorted((os.path.relpath(d.path), d.span.start.line, d.message) for d in result.diagnostics)


STALE = ("pkg/helpers.py", 7, "Unused suppression: `# noqa: MCP301` suppresses nothing on this line")


def test_a_folder_lint_reports_the_stale_comment_of_a_helper_as_naming_it_does(project: Path) -> None:
    assert _unused(["pkg/helpers.py"]) == [STALE]
    assert _unused(["."]) == [STALE]
    assert _unused(["pkg"], cache=True) == [STALE]
    assert _unused(["pkg"], cache=True) == [STALE]  # served by the cache


def test_the_helpers_cache_entry_follows_the_module_that_used_its_comment(project: Path) -> None:
    assert _unused(["."], cache=True) == [STALE]
    server = project / "pkg" / "server.py"
    server.write_text(SERVER.replace("render(arguments or {})", 'render({"who": "x"})'))
    assert _unused(["."], cache=True) == [
        ("pkg/helpers.py", 2, "Unused suppression: `# noqa: MCP202` suppresses nothing on this line"), STALE]


@pytest.mark.parametrize(("text", "expected"), [
    ("x = 1  # noqa: MCP301\n", True),
    ("x = 1  # NOQA:E501,MCP101 why\n", True),
    ("x = 1  # noqa: E501\n", False),
    ('"""An MCP server."""\nx = 1  # noqa: E501\n', False),
    ("import mcp\n", True),
    ("x = 1\n", False),
])
def test_the_prefilter_passes_files_with_an_mcplint_noqa(text: str, expected: bool) -> None:
    assert (may_report(text), may_report(text.encode())) == (expected, expected)


def test_a_prefilter_index_of_the_previous_prefilter_cannot_hide_the_helper(project: Path) -> None:
    import json

    from mcplint import __version__
    from mcplint.cache import file_stamp

    folder = project / "pkg" / ".mcplint_cache" / __version__  # the cache root of a run on pkg/
    folder.mkdir(parents=True)
    helper = str(project / "pkg" / "helpers.py")
    old = {"format": 4, "clean": {helper: list(file_stamp(helper))}}  # written before noqa passed the prefilter
    (folder / "prefilter.json").write_text(json.dumps(old))
    assert _unused(["pkg"], cache=True) == [STALE]
