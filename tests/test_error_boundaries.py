"""Raised errors followed across modules to what the client receives: a decorator or context
manager in another module that re-raises the caller error, an error builder there that sets the
code, a task group around a helper that raises (mcplint.model.error_boundaries, MCP201/MCP203)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source

_WRAPPERS = '''import functools

from mcp.shared.exceptions import McpError


def traced(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
{passes}        except Exception as exc:
            raise RuntimeError(f"prompt failed: {{exc}}") from exc
    return wrapper
'''

_PASSES = "        except McpError:\n            raise\n"

_SERVER = '''from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .wrappers import traced

PROMPT = types.Prompt(name="brief", arguments=[types.PromptArgument(name="topic", required=True)])
server = Server("brief")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [PROMPT]


@server.get_prompt()
@traced
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "brief":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {{name}}"))
    topic = (arguments or {{}}).get("topic")
    if not topic:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="topic is required"))
    text = f"Brief me on {{topic}}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "requirements.txt").write_text("mcp==1.26.0\n")
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return package / "server.py"


def _found(server: Path) -> list[tuple[str, int, str]]:
    return sorted((Path(d.path).name, d.span.start.line, d.code)
                  for d in lint_source(server.read_bytes(), server, Settings(preview=True)))


@pytest.mark.parametrize("passes, expected", [("", [("wrappers.py", 12, "MCP201")]), (_PASSES, [])])
def test_a_decorator_in_another_module_that_rewraps_the_caller_error_is_reported_at_its_raise(
        tmp_path: Path, passes: str, expected) -> None:
    server = _project(tmp_path, {"wrappers.py": _WRAPPERS.format(passes=passes), "server.py": _SERVER.format()})
    assert _found(server) == expected


_BOUNDARY = '''from contextlib import contextmanager

from mcp.shared.exceptions import McpError
from mcp.types import {code}, ErrorData


@contextmanager
def lookup_errors():
    try:
        yield
    except KeyError as exc:
        raise McpError(ErrorData(code={code}, message=f"no such entry {{exc}}")) from exc
'''

_LOOKUP_SERVER = '''from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .boundary import lookup_errors

SHAPES = {"box": "a box", "tube": "a tube"}
PROMPT = types.Prompt(name="pack", arguments=[types.PromptArgument(name="shape", required=True)])
server = Server("pack")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [PROMPT]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "pack":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
    shape = (arguments or {}).get("shape")
    if not shape:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="shape is required"))
    with lookup_errors():
        box = SHAPES[shape]
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=box))])
'''


@pytest.mark.parametrize("code, expected", [
    ("INTERNAL_ERROR", [("boundary.py", 12, "MCP203")]), ("INVALID_PARAMS", [])])
def test_a_context_manager_in_another_module_decides_the_code_of_the_lookup_error(
        tmp_path: Path, code: str, expected) -> None:
    server = _project(tmp_path, {"boundary.py": _BOUNDARY.format(code=code), "server.py": _LOOKUP_SERVER})
    assert _found(server) == expected


_BUILDER = '''from mcp.shared.exceptions import McpError
from mcp.types import {code}, ErrorData


def refused(message: str) -> McpError:
    return McpError(ErrorData(code={code}, message=message))
'''

_BUILDER_SERVER = _LOOKUP_SERVER.replace("from .boundary import lookup_errors", "from .errors import refused").replace(
    '''    with lookup_errors():
        box = SHAPES[shape]
''', '''    if shape not in SHAPES:
        raise refused(f"shape must be one of {sorted(SHAPES)}")
    box = SHAPES[shape]
''')


@pytest.mark.parametrize("code, expected", [
    ("INTERNAL_ERROR", [("errors.py", 6, "MCP203"), ("server.py", 25, "MCP203")]), ("INVALID_PARAMS", [])])
def test_a_wrong_code_set_in_an_error_builder_is_reported_at_the_builder(tmp_path: Path, code: str,
                                                                        expected) -> None:
    server = _project(tmp_path, {"errors.py": _BUILDER.format(code=code), "server.py": _BUILDER_SERVER})
    assert _found(server) == expected
