"""Implicit raises and error builders in another module of the project (issue 12 §5).

A conversion of argument text after a blank test only, a search of the declared prompts with
``next(...)`` and no default, and an error class's builder method are effects like a written
``raise``, wherever the helper lives; each bad project has a correct twin that stays silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

FILTERS = '''\
import json

from fastmcp.exceptions import ValidationError


def parse_filters(raw: str) -> dict:
    if not raw.strip():
        return {{}}
    {body}
'''
FILTERS_BAD = "return json.loads(raw)"
FILTERS_GOOD = '''try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"filters must be JSON: {exc.msg}") from exc'''

DASHBOARD = '''\
from fastmcp import FastMCP

from .filters import parse_filters

mcp = FastMCP("dashboards")


@mcp.prompt
def summary(dashboard: str, filters: str = "") -> str:
    return f"Summarise {dashboard} for {parse_filters(filters)}"
'''

CATALOG = '''\
import mcp.types as types

PROMPTS = [types.Prompt(name="standup", arguments=[]), types.Prompt(name="retro", arguments=[])]


def find_prompt(name: str) -> types.Prompt | None:
    return next({search})
'''

LOWLEVEL = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import PROMPTS, find_prompt

server = Server("rituals")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    prompt = find_prompt(name)
    if prompt is None:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    text = f"Run the {prompt.name} ritual."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''

ERRORS = '''\
from mcp import MCPError
from mcp.types import INVALID_PARAMS


class Failures:
    @staticmethod
    def bad_window(window: str) -> Exception:
        return {built}
'''

MCP2 = '''\
import mcp.types as types
from mcp.server import Server, ServerRequestContext

from .errors import Failures

PROMPTS = [types.Prompt(name="p95", arguments=[types.PromptArgument(name="window", required=True)])]


async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    window = (params.arguments or {}).get("window", "")
    if params.name != "p95" or window not in ("5m", "1h"):
        raise Failures.bad_window(window)
    text = f"Explain the p95 latency over {window}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


server = Server("latency", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
'''


def _project(root: Path, pin: str, files: dict[str, str]) -> list[tuple[str, int, str]]:
    (root / "pyproject.toml").write_text(f'[project]\nname = "p"\nversion = "0"\ndependencies = ["{pin}"]\n')
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    result = lint_paths([root], Settings(select=("MCP201",), preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


@pytest.mark.parametrize(("body", "expected"), [(FILTERS_BAD, [("filters.py", 9, "MCP201")]), (FILTERS_GOOD, [])])
def test_conversion_after_a_blank_test_in_a_helper_module(tmp_path: Path, body: str, expected) -> None:
    found = _project(tmp_path, "fastmcp==4.2.3", {"filters.py": FILTERS.format(body=body), "server.py": DASHBOARD})
    assert found == expected


@pytest.mark.parametrize(("search", "expected"), [
    ("p for p in PROMPTS if p.name == name", [("catalog.py", 7, "MCP201")]),
    ("(p for p in PROMPTS if p.name == name), None", []),
])
def test_name_search_in_a_catalog_module(tmp_path: Path, search: str, expected) -> None:
    found = _project(tmp_path, "mcp==1.26.0", {"catalog.py": CATALOG.format(search=search), "server.py": LOWLEVEL})
    assert found == expected


@pytest.mark.parametrize(("built", "expected"), [
    ('RuntimeError(f"bad window {window!r}")', [("server.py", 16, "MCP201")]),
    ('MCPError(code=INVALID_PARAMS, message=f"bad window {window!r}")', []),
])
def test_builder_method_of_an_imported_error_class(tmp_path: Path, built: str, expected) -> None:
    found = _project(tmp_path, "mcp==2.3.0", {"errors.py": ERRORS.format(built=built), "server.py": MCP2})
    assert found == expected
