"""What a raise in a prompt becomes, by stack, when the server, the registration and the raise live in
different modules (``../shared/FRAMEWORKS.md``; every case checked against our own servers run with
mcp 1.30.0, mcp 2.3.0 and fastmcp 2.14.7 / 4.2.3 in-memory clients):

* the SDK's own exceptions (``mcp.server.mcpserver.exceptions.ToolError``...) are plain exceptions in an
  MCPServer prompt: code 0 'Error rendering prompt ...' (2025-era) / -32603 (2026-07-28);
* fastmcp's PromptError/ToolError: -32603 on fastmcp 4 (and under ErrorHandlingMiddleware on 2.x, which
  maps only ValueError/TypeError to -32602); fastmcp's ValidationError: -32602 on fastmcp 4;
* ``fastmcp.exceptions.McpError`` is mcp 2.x's MCPError on fastmcp 4: ``McpError(ErrorData(...))``
  raises TypeError there (-32603 'Error rendering prompt ...: MCPError.__init__() missing 1 required
  positional argument'), which ErrorHandlingMiddleware sends as -32602.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.versions import clear_cache


@pytest.fixture(autouse=True)
def fresh_versions() -> None:
    clear_cache()  # pins are cached per directory; each test writes its own


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())


def _codes(path: Path) -> list[tuple[int, str]]:
    """The MCP2xx findings placed in ``path`` when every module of its project is linted (a server's
    findings may be reported from the module that registers its prompts)."""
    found = set()
    for module in sorted(path.parent.parent.rglob("*.py")):
        for d in lint_source(module.read_bytes(), module, Settings(preview=True)):
            if d.code.startswith("MCP2") and Path(d.path).resolve() == path.resolve():
                found.add((d.span.start.line, d.code))
    return sorted(found)


REGISTRY = '''
    from fastmcp import FastMCP


    class PromptRegistry:
        def __init__(self) -> None:
            self._fns = []

        def register(self, fn):
            self._fns.append(fn)
            return fn

        def install(self, mcp: FastMCP) -> None:
            for fn in self._fns:
                mcp.prompt(fn)


    registry = PromptRegistry()
'''

REGISTERED_PROMPTS = '''
    from fastmcp.exceptions import {error}

    from .registry import registry

    UNITS = ("metric", "imperial")


    @registry.register
    def convert_recipe(recipe: str, units: str) -> str:
        if units not in UNITS:
            raise {error}(f"units must be one of {{UNITS}}")
        return f"Convert this recipe to {{units}} units:\\n{{recipe}}"
'''

REGISTRY_SERVER = '''
    from fastmcp import FastMCP

    from . import prompts  # noqa: F401  (fills the registry)
    from .registry import registry

    mcp = FastMCP("recipes")
    registry.install(mcp)
'''


@pytest.mark.parametrize("error, expected", [("PromptError", [(11, "MCP201")]), ("ToolError", [(11, "MCP201")]),
                                             ("ValidationError", [])])
def test_fastmcp4_prompt_filled_into_an_instance_registry_classified_in_its_own_module(tmp_path, error, expected):
    """The prompt function lives in prompts.py, its registration loop in registry.py: the raise's
    exception class is resolved with prompts.py's imports (-32603 for PromptError/ToolError on
    fastmcp 4, -32602 for its ValidationError)."""
    _write(tmp_path, {"requirements.txt": "fastmcp==4.2.3\n", "recipes/__init__.py": "",
                      "recipes/registry.py": REGISTRY, "recipes/server.py": REGISTRY_SERVER,
                      "recipes/prompts.py": REGISTERED_PROMPTS.format(error=error)})
    assert _codes(tmp_path / "recipes" / "prompts.py") == expected


MCPSERVER_HELPERS = '''
    from mcp.server.mcpserver import exceptions as errors
    {extra}

    def require_ticket(value: str, name: str) -> str:
        if not value.upper().startswith("OPS-"):
            raise {raised}(f"{{name}} must look like OPS-123, got {{value!r}}")
        return value.upper()
'''

MCPSERVER_PROMPTS = '''
    from mcp.server.mcpserver import MCPServer

    from .checks import require_ticket


    def register(server: MCPServer) -> None:
        @server.prompt()
        async def postmortem(ticket: str, summary: str = "") -> str:
            checked = require_ticket(ticket, "ticket")
            return f"Write the postmortem of {checked}. {summary}"

        @server.tool()
        def close(ticket: str) -> str:
            return f"closed {require_ticket(ticket, 'ticket')}"
'''

MCPSERVER_SERVER = '''
    from mcp.server.mcpserver import MCPServer

    from .prompts import register

    server = MCPServer("postmortems")
    register(server)
'''


@pytest.mark.parametrize("extra, raised, expected", [
    ("", "errors.ToolError", [(6, "MCP201")]),
    ("", "errors.ResourceError", [(6, "MCP201")]),
    ("from mcp.server.mcpserver.exceptions import UnexpectedToolError", "UnexpectedToolError", [(6, "MCP201")]),
    ("from mcp import MCPError\nfrom mcp.types import INVALID_PARAMS", "MCPError(INVALID_PARAMS, 'bad') or MCPError",
     []),
])
def test_mcpserver_prompt_helper_raising_the_servers_own_exceptions(tmp_path, extra, raised, expected):
    """A helper module shared by a prompt and a tool: in the tool ToolError is the isError answer, in
    the prompt it is a plain exception (code 0 / -32603), which MCP201 reports once, at the raise."""
    helpers = MCPSERVER_HELPERS.format(extra=extra, raised=raised)
    if raised.startswith("MCPError"):
        helpers = helpers.replace("raise MCPError(INVALID_PARAMS, 'bad') or MCPError(f",
                                  "raise MCPError(INVALID_PARAMS, f")
    _write(tmp_path, {"pyproject.toml": '[project]\nname = "pm"\ndependencies = ["mcp==2.3.0"]\n',
                      "pm/__init__.py": "", "pm/checks.py": helpers, "pm/prompts.py": MCPSERVER_PROMPTS,
                      "pm/server.py": MCPSERVER_SERVER})
    assert _codes(tmp_path / "pm" / "checks.py") == expected


FASTMCP_PROMPTS = '''
    from fastmcp import FastMCP
    from fastmcp.exceptions import McpError, PromptError
    from mcp.types import INVALID_PARAMS, ErrorData

    KINDS = ("howto", "reference")


    def register(mcp: FastMCP) -> None:
        @mcp.prompt
        def doc_page(kind: str, topic: str) -> str:
            if kind not in KINDS:
                raise {raised}
            return f"Write a {{kind}} page about {{topic}}."
'''

FASTMCP_SERVER = '''
    from fastmcp import FastMCP
    {import_line}
    from .prompts import register

    mcp = FastMCP("docs")
    {install}
    register(mcp)
'''

ERROR_DATA = 'McpError(ErrorData(code=INVALID_PARAMS, message=f"kind must be one of {KINDS}"))'
PROMPT_ERROR = 'PromptError(f"kind must be one of {KINDS}")'


@pytest.mark.parametrize("pin, install, raised, expected", [
    # fastmcp 4: McpError is MCPError, the 1.x form raises TypeError (-32603), MCP205 names the call shape
    ("fastmcp==4.2.3", "", ERROR_DATA, [(12, "MCP201"), (12, "MCP205")]),
    # ... which ErrorHandlingMiddleware sends as -32602 (verified): only the call shape is reported
    ("fastmcp==4.2.3", "mcp.add_middleware(ErrorHandlingMiddleware())", ERROR_DATA, [(12, "MCP205")]),
    # fastmcp 2: the 1.x form is right; under the middleware every McpError from a prompt is -32603
    ("fastmcp==2.14.7", "mcp.add_middleware(ErrorHandlingMiddleware())", ERROR_DATA, [(12, "MCP201")]),
    ("fastmcp==2.14.7", "mcp.add_middleware(ErrorHandlingMiddleware())", PROMPT_ERROR, [(12, "MCP201")]),
    ("fastmcp==2.14.7", "mcp.add_middleware(ErrorHandlingMiddleware())", 'ValueError("bad kind")', []),
    ("fastmcp==4.2.3", "", PROMPT_ERROR, [(12, "MCP201")]),
    ("fastmcp==4.2.3", "", 'McpError(code=INVALID_PARAMS, message="bad kind")', []),
])
def test_fastmcp_prompt_error_forms_by_version(tmp_path, pin, install, raised, expected):
    _write(tmp_path, {"requirements.txt": f"{pin}\n", "docs/__init__.py": "",
                      "docs/prompts.py": FASTMCP_PROMPTS.format(raised=raised),
                      "docs/server.py": FASTMCP_SERVER.format(install=install, import_line=(
                          "from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware"
                          if install else ""))})
    assert _codes(tmp_path / "docs" / "prompts.py") == expected
