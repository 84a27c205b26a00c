"""McpError(INVALID_PARAMS) raised in a prompt on fastmcp 2.x/3.x with ErrorHandlingMiddleware.

The middleware maps a ValueError/TypeError to -32602 and any other exception from a prompt, an
McpError included, to -32603 'Internal error' (``../shared/FRAMEWORKS.md`` §5, "fm2/fm3 with
ErrorHandlingMiddleware"). With the middleware installed each such raise has a fix of its own
(raise ValueError), so MCP201 reports it at the raise, also when an error builder in another
module makes the McpError; MCP206 keeps the servers where no raise can send -32602 (no
middleware). Fixtures cannot carry the pin that tells fastmcp 2/3 from 4, hence projects here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

ERRORS_MCP = '''\
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def invalid_argument(message: str) -> Exception:
    return McpError(ErrorData(code=INVALID_PARAMS, message=message))
'''

ERRORS_VALUE = '''\
def invalid_argument(message: str) -> Exception:
    return ValueError(message)
'''

#: a builder function in another module, raised in a prompt registered by a function
BUILDER_PROMPTS = '''\
from fastmcp import FastMCP

from .errors import invalid_argument

ENGINES = ("postgres", "mysql")


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="plan_migration")
    def plan_migration(change: str, engine: str = "postgres") -> str:
        if engine not in ENGINES:
            raise invalid_argument(f"engine must be one of {ENGINES}")
        return f"Plan a {engine} migration: {change}"
'''

#: the McpError written in the prompt, the server imported from the app module
DIRECT_PROMPTS = '''\
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .server import mcp


@mcp.prompt
def translate(text: str, language: str) -> str:
    if language not in ("de", "fr"):
        raise {raised}
    return f"Translate into {{language}}: {{text}}"
'''

#: a validator helper in the same module raises it for the prompt
HELPER_PROMPTS = '''\
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .server import mcp


def check_level(level: str) -> str:
    if level not in ("beginner", "expert"):
        raise {raised}
    return level


@mcp.prompt
def explain(topic: str, level: str) -> str:
    return f"Explain {{topic}} at the {{check_level(level)}} level"
'''

FACTORY_SERVER = '''\
from fastmcp import FastMCP
{middleware_import}
from .prompts import register


def create_server() -> FastMCP:
    mcp = FastMCP("migrations")
    {install}
    register(mcp)
    return mcp
'''

APP_SERVER = '''\
from fastmcp import FastMCP
{middleware_import}
mcp = FastMCP("app")
{install}
from . import prompts  # noqa: E402,F401
'''

MIDDLEWARE_IMPORT = "from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware"
INSTALL = "mcp.add_middleware(ErrorHandlingMiddleware())"
MCP_ERROR = 'McpError(ErrorData(code=INVALID_PARAMS, message="unsupported value"))'


def _project(root: Path, pin: str, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text(f'[project]\nname = "p"\nversion = "0"\ndependencies = ["{pin}"]\n')
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return root


def _found(root: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(select=("MCP201", "MCP206"), preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


def _server(template: str, middleware: bool) -> str:
    return template.format(middleware_import=MIDDLEWARE_IMPORT if middleware else "",
                           install=INSTALL if middleware else "")


@pytest.mark.parametrize("pin", ["fastmcp==2.14.7", "fastmcp==3.4.11"])
def test_builder_in_another_module_is_reported_at_the_raise(tmp_path: Path, pin: str) -> None:
    root = _project(tmp_path, pin, {"errors.py": ERRORS_MCP, "prompts.py": BUILDER_PROMPTS,
                                    "server.py": _server(FACTORY_SERVER, middleware=True)})
    result = lint_paths([root], Settings(select=("MCP201", "MCP206"), preview=True))
    [finding] = result.diagnostics
    assert (Path(finding.path).name, finding.span.start.line, finding.code) == ("prompts.py", 12, "MCP201")
    major = pin.split("==")[1][0]
    assert finding.message == (
        f"An invalid or missing argument 'engine' raises McpError(INVALID_PARAMS), but on fastmcp {major}.x with "
        "ErrorHandlingMiddleware the client receives -32603 'Internal error' (the middleware maps only "
        "ValueError/TypeError to -32602, and any other exception from a prompt, McpError included, to -32603); "
        "raise ValueError(...) instead, which the middleware sends as -32602 Invalid params")


def test_builder_of_a_value_error_is_silent(tmp_path: Path) -> None:
    root = _project(tmp_path, "fastmcp==2.14.7", {"errors.py": ERRORS_VALUE, "prompts.py": BUILDER_PROMPTS,
                                                  "server.py": _server(FACTORY_SERVER, middleware=True)})
    assert _found(root) == []


def test_without_the_middleware_it_stays_the_server_wide_mcp206(tmp_path: Path) -> None:
    root = _project(tmp_path, "fastmcp==2.14.7", {"errors.py": ERRORS_MCP, "prompts.py": BUILDER_PROMPTS,
                                                  "server.py": _server(FACTORY_SERVER, middleware=False)})
    assert _found(root) == [("prompts.py", 9, "MCP206")]


def test_on_fastmcp_4_the_mcp_error_keeps_its_code(tmp_path: Path) -> None:
    root = _project(tmp_path, "fastmcp==4.2.3", {"errors.py": ERRORS_MCP, "prompts.py": BUILDER_PROMPTS,
                                                 "server.py": _server(FACTORY_SERVER, middleware=True)})
    assert [code for _, _, code in _found(root)] == []


@pytest.mark.parametrize(("template", "line"), [(DIRECT_PROMPTS, 10), (HELPER_PROMPTS, 9)])
def test_written_in_the_prompt_or_its_validator(tmp_path: Path, template: str, line: int) -> None:
    root = _project(tmp_path, "fastmcp==3.4.11", {"prompts.py": template.format(raised=MCP_ERROR),
                                                  "server.py": _server(APP_SERVER, middleware=True)})
    assert _found(root) == [("prompts.py", line, "MCP201")]


@pytest.mark.parametrize("template", [DIRECT_PROMPTS, HELPER_PROMPTS])
def test_value_error_twins_are_silent(tmp_path: Path, template: str) -> None:
    root = _project(tmp_path, "fastmcp==3.4.11", {"prompts.py": template.format(raised='ValueError("unsupported")'),
                                                  "server.py": _server(APP_SERVER, middleware=True)})
    assert _found(root) == []


JSON_PROMPTS = '''\
import json

from .server import mcp


@mcp.prompt
def split(shares: str) -> str:
    return f"Split the budget: {json.loads(shares)}"
'''


@pytest.mark.parametrize(("pin", "expected"), [("fastmcp==2.14.7", [("prompts.py", 8, "MCP201")]),
                                               ("fastmcp==3.4.11", [("prompts.py", 8, "MCP201")]),
                                               ("fastmcp==4.2.3", [])])
def test_a_value_error_subclass_is_mapped_by_subclass_on_4_only(tmp_path: Path, pin: str, expected) -> None:
    """2.x/3.x match the exact class (JSONDecodeError is not ValueError: -32603); 4.x by subclass."""
    root = _project(tmp_path, pin, {"prompts.py": JSON_PROMPTS, "server.py": _server(APP_SERVER, middleware=True)})
    assert _found(root) == expected
