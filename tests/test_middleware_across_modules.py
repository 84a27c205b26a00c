"""fastmcp's ErrorHandlingMiddleware installed in the module that makes the server, with the
prompts registered in another: the prompt module's findings must know it is there
(``../shared/FRAMEWORKS.md`` §5-6: under the middleware a ValueError reaches the client as
-32602, a RuntimeError as -32603; without it both as code 0 / -32603)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.versions import clear_cache

MIDDLEWARE = ("from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware\n", 
              "{server}.add_middleware(ErrorHandlingMiddleware())\n")
#: middleware built by a project function the model does not read: it may be the error handler
UNKNOWN_MIDDLEWARE = ("from .settings import build_middleware\n", "{server}.add_middleware(build_middleware())\n")

IMPORTED_APP = '''
from fastmcp import FastMCP
{import_line}
mcp = FastMCP("deploy")
{install}
from . import prompts  # noqa: E402,F401
'''

IMPORTED_PROMPTS = '''
from .app import mcp

ENVIRONMENTS = ("staging", "production")


@mcp.prompt()
def checklist(environment: str) -> str:
    if environment not in ENVIRONMENTS:
        raise ValueError(f"unknown environment {environment!r}")
    return f"Deploy checklist for {environment}"
'''

FACTORY_SERVER = '''
from fastmcp import FastMCP
{import_line}
from .prompts import register


def create_server() -> FastMCP:
    server = FastMCP("deploy")
    {install}
    register(server)
    return server
'''

MODULE_ATTRIBUTE_SERVER = '''
from fastmcp import FastMCP
{import_line}
from . import prompts

server = FastMCP("deploy")
{install}
prompts.register(server)
'''

REGISTERED_PROMPTS = '''
ENVIRONMENTS = ("staging", "production")


def register(mcp):
    @mcp.prompt()
    def checklist(environment: str) -> str:
        if environment not in ENVIRONMENTS:
            raise ValueError(f"unknown environment {environment!r}")
        return f"Deploy checklist for {environment}"
'''


@pytest.fixture(autouse=True)
def fresh_versions() -> None:
    clear_cache()  # pins are cached per directory; each test writes its own


def _project(root: Path, pin: str, server_name: str, server_text: str, variable: str, prompts_name: str,
             prompts_text: str, middleware: bool | None) -> Path:
    (root / "pyproject.toml").write_text(f'[project]\nname = "deploy"\ndependencies = ["{pin}"]\n')
    package = root / "deploy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    import_line, install = {True: MIDDLEWARE, False: ("", ""), None: UNKNOWN_MIDDLEWARE}[middleware]
    server = textwrap.dedent(server_text).format(import_line=import_line.strip(), install=install.format(server=variable).strip())
    (package / server_name).write_text(server)
    (package / prompts_name).write_text(textwrap.dedent(prompts_text))
    return package / prompts_name


def _mcp201(path: Path) -> list[int]:
    return [d.span.start.line for d in lint_source(path.read_bytes(), path, Settings(preview=True)) if d.code == "MCP201"]


@pytest.mark.parametrize("pin", ["fastmcp==2.14.7", "fastmcp==3.4.11"])
@pytest.mark.parametrize("middleware, expected", [(True, []), (False, [10]), (None, [])])
def test_server_imported_from_the_module_that_installs_the_middleware(tmp_path, pin, middleware, expected) -> None:
    prompts = _project(tmp_path, pin, "app.py", IMPORTED_APP, "mcp", "prompts.py", IMPORTED_PROMPTS, middleware)
    assert _mcp201(prompts) == expected


@pytest.mark.parametrize("pin", ["fastmcp==2.14.7", "fastmcp==3.4.11"])
@pytest.mark.parametrize("middleware, expected", [(True, []), (False, [9]), (None, [])])
def test_server_passed_by_a_factory_that_installs_the_middleware(tmp_path, pin, middleware, expected) -> None:
    prompts = _project(tmp_path, pin, "server.py", FACTORY_SERVER, "server", "prompts.py", REGISTERED_PROMPTS,
                       middleware)
    assert _mcp201(prompts) == expected


@pytest.mark.parametrize("pin", ["fastmcp==2.14.7", "fastmcp==3.4.11"])
@pytest.mark.parametrize("middleware, expected", [(True, []), (False, [9])])
def test_server_passed_through_the_prompt_module_attribute(tmp_path, pin, middleware, expected) -> None:
    """``from . import prompts`` ... ``prompts.register(server)``: the call names the function
    through its module, and the middleware installed next to it still counts."""
    prompts = _project(tmp_path, pin, "server.py", MODULE_ATTRIBUTE_SERVER, "server", "prompts.py",
                       REGISTERED_PROMPTS, middleware)
    assert _mcp201(prompts) == expected


@pytest.mark.parametrize("pin", ["fastmcp==2.14.7", "fastmcp==3.4.11"])
def test_middleware_the_model_cannot_read_still_leaves_other_errors_wrong(tmp_path, pin) -> None:
    """Middleware from ``build_middleware()`` may be ErrorHandlingMiddleware, so a ValueError
    may well arrive as -32602 and is not reported; a RuntimeError is wrong either way (code 0
    without it, -32603 under it)."""
    prompts = _project(tmp_path, pin, "server.py", FACTORY_SERVER, "server", "prompts.py",
                       REGISTERED_PROMPTS.replace("raise ValueError", "raise RuntimeError"), None)
    [finding] = [d for d in lint_source(prompts.read_bytes(), prompts, Settings(preview=True)) if d.code == "MCP201"]
    assert (finding.span.start.line, "nor -32602 under ErrorHandlingMiddleware" in finding.message) == (9, True)
