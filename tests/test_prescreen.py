"""The prescreen (:mod:`mcplint.model.prescreen`): files skipped before libcst are the ones whose
full lint reports nothing, and every shape that can reach a rule keeps the full lint."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mcplint import engine
from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.model.prescreen import cannot_report

FIXTURES = Path(__file__).parent / "fixtures"
PROJECTS = Path(__file__).parent / "projects"

SILENT = {
    "tool module": "from mcp.types import TextContent\n\ndef fetch(x: str) -> list[TextContent]:\n"
                   "    return [TextContent(type='text', text=x)]\n",
    "client": "import asyncio\nfrom mcp import ClientSession\n\nasync def main(s: ClientSession):\n"
              "    await s.call_tool('echo', {'x': 1})\n\nasyncio.run(main(None))\n",
    "library decorators": "from dataclasses import dataclass\nimport pytest\n\n@dataclass\nclass McpConfig:\n"
                          "    name: str\n\n@pytest.fixture\ndef mcp_config():\n    return McpConfig('x')\n",
}

KEPT = {
    "decorator on an imported server": "from .app import mcp\n\n@mcp.prompt()\ndef p(x: str) -> str:\n    return x\n",
    "bare decorator of a server": "from .app import mcp\n\n@mcp.tool\ndef t(x: str) -> str:\n    return x\n",
    "assigned decorator": "from .app import mcp\ndeco = mcp.prompt(name='p')\n\n@deco\ndef p(x):\n    return x\n",
    "call of a call": "def register(server, fn):\n    server.get_prompt()(fn)\n",
    "add_tool": "def register(mcp):\n    mcp.add_tool(handler)\n",
    "direct tool call": "def register(mcp, fn):\n    mcp.tool(fn)\n",
    "on_ keyword": "from .handlers import get\nserver = make(on_get_prompt=get)\n",
    "server class": "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n",
    "server class by attribute": "import mcp.server.lowlevel as ll\nserver = ll.Server('x')\n",
    "error class": "from mcp.shared.exceptions import McpError\n\ndef f():\n    raise McpError(None)\n",
    "run flag": "async def main(server, r, w, o):\n    await server.run(r, w, o, raise_exceptions=True)\n",
}


@pytest.mark.parametrize("name", sorted(SILENT))
def test_files_that_cannot_report_are_skipped(name: str) -> None:
    text = SILENT[name]
    assert cannot_report(ast.parse(text), text) is True


@pytest.mark.parametrize("name", sorted(KEPT))
def test_files_that_may_report_are_kept(name: str) -> None:
    text = KEPT[name]
    assert cannot_report(ast.parse(text), text) is False


def test_unused_noqa_in_a_skipped_file_is_still_reported() -> None:
    text = SILENT["tool module"].replace("return [", "return [  # noqa: MCP101\n        ", 1)
    assert cannot_report(ast.parse(text), text) is True
    assert [d.code for d in lint_source(text, "tools.py")] == ["MCP001"]


def test_a_configured_version_keeps_the_full_lint(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(engine, "build_model", lambda *args: calls.append(args) or engine.FileModel(path="x"))
    lint_source(SILENT["client"], "client.py", Settings(mcp_version="1.9.0"))
    lint_source(SILENT["client"], "client.py", Settings())
    assert len(calls) == 1


FIXTURE_FILES = sorted(FIXTURES.glob("**/*.py")) + sorted(PROJECTS.glob("**/*.py"))
SKIPPED = [p for p in FIXTURE_FILES if cannot_report(ast.parse(p.read_bytes()), p.read_bytes())]


@pytest.mark.parametrize("path", SKIPPED, ids=[str(p.relative_to(p.parents[2])) for p in SKIPPED])
def test_every_fixture_or_project_module_the_prescreen_skips_has_no_finding_of_its_own(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "PRESCREEN", False)
    settings = Settings(select=("ALL",), preview=True)
    assert [d.code for d in lint_source(path.read_bytes(), path, settings, explicit=True)] == []
