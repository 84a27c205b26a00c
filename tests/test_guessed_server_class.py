"""A registration on an untyped parameter that no call passes a known server, in a module that
imports no server class (a test helper handed the project's own server object, another
framework's app): the model still lists what it registers, guessing the class from the pinned
framework, but a rule about that class's own API (MCP404: the SDK's FastMCP needs ``@mcp.tool()``)
stays silent, since the object may be anything with a ``tool`` method. Where the module imports
a server class or the parameter is typed with one, the class is known and the rule fires."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source

UNTYPED = ("class Checks:\n    def install(self, srv):\n        @srv.{method}\n        def probe() -> dict:\n"
           "            return {{}}\n\n    def test_probe(self):\n        self.install(make_server())\n")


def _lint(root: Path, pin: str, header: str, body: str) -> list[tuple[int, str]]:
    (root / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    module = root / "tests" / "test_probe.py"
    module.parent.mkdir()
    module.write_text(f"{header}\n\n\n{body}")
    found = lint_source(module.read_bytes(), module, Settings(select=("MCP404",), preview=True))
    return [(d.span.start.line, d.code) for d in found]


@pytest.mark.parametrize("pin, method", [("mcp==1.26.0", "tool"), ("mcp==2.3.0", "prompt"),
                                         ("fastmcp==2.14.7", "resource")])
def test_an_untyped_parameter_in_a_module_without_a_server_class_is_not_judged(tmp_path: Path, pin, method) -> None:
    header = "from helpers import make_server  # the project's own server class, mcp in its name"
    assert _lint(tmp_path, pin, header, UNTYPED.format(method=method)) == []


@pytest.mark.parametrize("pin, header", [
    ("mcp==1.26.0", "from mcp.server.fastmcp import FastMCP\nfrom helpers import make_server"),
    ("mcp==2.3.0", "from mcp.server.mcpserver import MCPServer\nfrom helpers import make_server"),
])
def test_an_untyped_parameter_beside_an_imported_server_class_is_judged(tmp_path: Path, pin, header) -> None:
    # 3 header lines when two imports: the decorator sits on line 7 (two blank lines, class, def)
    assert _lint(tmp_path, pin, header, UNTYPED.format(method="tool")) == [(7, "MCP404")]


def test_a_parameter_typed_with_the_server_class_is_judged(tmp_path: Path) -> None:
    header = "from mcp.server.fastmcp import FastMCP"
    body = "def install(srv: FastMCP) -> None:\n    @srv.prompt\n    def probe() -> str:\n        return ''\n"
    assert _lint(tmp_path, "mcp==1.26.0", header, body) == [(5, "MCP404")]
