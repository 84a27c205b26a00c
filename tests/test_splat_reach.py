"""MCP101 through indirection across modules: a helper module that hands back a
``defaultdict`` of the arguments, a ``functools.partial`` of an imported renderer, and the
related location that names where a splatted parameter's default is written."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.runner import lint_paths

_SERVER = '''\
from functools import partial

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .binding import bind
from .render import brief

PROMPTS = [types.Prompt(name=n, arguments=[types.PromptArgument(name="product", required=True),
                                           types.PromptArgument(name="tone", required=True)])
           for n in ("bound", "partial", "splat")]
server = Server("briefs")


def reply(text):
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


@server.list_prompts()
async def list_prompts():
    return PROMPTS


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
    if "product" not in args:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="product is required"))
    if name == "bound":
        filled = bind(arguments)
        return reply(f"{filled['product']} in a {filled['tone']} tone")
    if name == "partial":
        compose = partial(brief, tone="neutral")
        return reply(compose(**args))
    if name == "splat":
        return reply(brief(**args))
    raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
'''
_BINDING = '''\
from collections import defaultdict


def bind(arguments):
    supplied = {k: v.strip() for k, v in (arguments or {}).items()}
    return defaultdict(str, supplied)
'''
_CHECKED_BINDING = '''\
from collections import defaultdict

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def bind(arguments):
    supplied = {k: v.strip() for k, v in (arguments or {}).items()}
    if not supplied.get("tone"):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="tone is required"))
    return defaultdict(str, supplied)
'''
_RENDER = '''\
def brief(product, tone="plain"):
    return f"Write a brief for {product} in a {tone} tone."
'''


def _project(tmp_path: Path, binding: str) -> Path:
    package = tmp_path / "briefs"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'briefs'\nversion = '0'\ndependencies = ['mcp==1.26.0']\n")
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(_SERVER)
    (package / "binding.py").write_text(binding)
    (package / "render.py").write_text(_RENDER)
    return tmp_path


def _mcp101(tmp_path: Path) -> list:
    result = lint_paths([tmp_path], Settings())
    return [d for d in result.diagnostics if d.code == "MCP101"]


def test_each_indirection_defaults_the_required_tone(tmp_path: Path) -> None:
    found = _mcp101(_project(tmp_path, _BINDING))
    # the defaultdict's keys are read in the handler; the partial's keyword and the splatted
    # parameter's default are written apart from the call that applies them: reported there
    assert sorted((Path(d.path).name, d.span.start.line) for d in found) == [
        ("render.py", 1), ("server.py", 33), ("server.py", 35)]
    assert all("'tone'" in d.message for d in found)


def test_related_locations_name_the_read_that_applies_a_default_written_apart(tmp_path: Path) -> None:
    found = {(Path(d.path).name, d.span.start.line): d for d in _mcp101(_project(tmp_path, _BINDING))}
    applied = {at: [(Path(r.path).name, r.span.start.line) for r in d.related[1:]] for at, d in found.items()}
    assert applied == {("server.py", 33): [], ("server.py", 35): [("server.py", 36)],
                       ("render.py", 1): [("server.py", 38)]}


def test_a_helper_that_may_reject_the_request_first_is_not_followed_into_a_default(tmp_path: Path) -> None:
    found = _mcp101(_project(tmp_path, _CHECKED_BINDING))
    assert sorted((Path(d.path).name, d.span.start.line) for d in found) == [("render.py", 1), ("server.py", 35)]
