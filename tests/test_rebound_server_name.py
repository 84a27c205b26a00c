"""A server name rebound, after its registrations, to a product of the server's own method.

``mcp_app = FastMCP(...)``, the decorators, then ``mcp_app = mcp_app.streamable_http_app()``
to hand the ASGI app to a host: the decorators ran on the server, so its handlers are
analysed. A name rebound to anything else stays two bindings the model cannot tell apart.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.coverage import coverage
from mcplint.engine import lint_source
from mcplint.versions import clear_cache


@pytest.fixture(autouse=True)
def fresh_versions() -> None:
    clear_cache()  # pins are cached per directory; each test writes its own


# (pin, import, the server class, the method that makes the app)
STACKS = {
    "mcp1-fastmcp": ("mcp==1.22.0", "from mcp.server.fastmcp import FastMCP as Made", "streamable_http_app"),
    "fastmcp2": ("fastmcp==2.14.5", "from fastmcp import FastMCP as Made", "http_app"),
    "fastmcp3": ("fastmcp==3.4.11", "from fastmcp import FastMCP as Made", "http_app"),
    "mcp2-mcpserver": ("mcp==2.0.0", "from mcp.server.mcpserver import MCPServer as Made", "sse_app"),
}

SERVER = '''
{import_line}

site = Made("site")


@site.prompt()
def outline(topic: str, depth: str = "short") -> str:
    return {body}


@site.tool()
def lookup(term: str) -> str:
    return term.upper()


site = site.{method}()
'''
DROPS_DEPTH = 'f"Outline {topic}"'  # declared `depth` never read: MCP103 on line 8
READS_DEPTH = 'f"Outline {topic} ({depth})"'


def _module(root: Path, stack: str, body: str, rebinding: str | None = None) -> Path:
    pin, import_line, method = STACKS[stack]
    (root / "pyproject.toml").write_text(f'[project]\nname = "site"\ndependencies = ["{pin}"]\n')
    text = textwrap.dedent(SERVER).format(import_line=import_line, body=body, method=method)
    if rebinding is not None:
        text = text.replace(f"site = site.{method}()", rebinding)
    (root / "app.py").write_text(text)
    return root / "app.py"


def _codes(path: Path) -> list[tuple[int, str]]:
    return sorted((d.span.start.line, d.code) for d in lint_source(path.read_bytes(), path, Settings(preview=True)))


@pytest.mark.parametrize("stack", sorted(STACKS))
@pytest.mark.parametrize("body, expected", [(DROPS_DEPTH, [(8, "MCP103")]), (READS_DEPTH, [])])
def test_registrations_before_the_rebinding_are_on_the_server(tmp_path, stack, body, expected) -> None:
    path = _module(tmp_path, stack, body)
    assert _codes(path) == expected
    [server] = coverage([path]).servers
    assert (server.variable, server.stack, [p.name for p in server.prompts], [t.name for t in server.tools]) == (
        "site", stack, ["outline"], ["lookup"])


def test_the_rebinding_inside_a_factory_keeps_the_registrations(tmp_path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "site"\ndependencies = ["fastmcp==2.14.5"]\n')
    (tmp_path / "app.py").write_text(textwrap.dedent('''
        from fastmcp import FastMCP


        def asgi():
            api = FastMCP("site")

            @api.tool()
            def lookup(term: str, exact: bool = False) -> str:
                return term.upper()

            api = api.http_app()
            return api
    '''))
    assert _codes(tmp_path / "app.py") == [(9, "MCP103")]


@pytest.mark.parametrize("rebinding", ["site = make_site()", "site = other.http_app()"])
def test_a_rebinding_to_anything_else_keeps_the_name_unknown(tmp_path, rebinding) -> None:
    path = _module(tmp_path, "fastmcp2", DROPS_DEPTH, rebinding)
    # two values under one name, neither derived from the other: no server is assumed
    assert _codes(path) == []
