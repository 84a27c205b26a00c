"""Reach across modules: handlers held by tool and prompt objects made in other modules of the
project (``X = Tool.from_function(fn, name=...)`` there, ``mcp.add_tool(X)`` /
``mcp.add_tool(X.fn)`` here), imported by name, through a package's re-export or as a module
attribute; and handlers handed to a registration helper of another module (``expose(fn)``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.coverage import coverage
from mcplint.engine import lint_source
from mcplint.runner import lint_paths

FAILING = "    except ValueError as exc:\n        return {'ok': False, 'error': str(exc)}\n"
RAISING = "    except ValueError as exc:\n        raise ToolError(str(exc)) from exc\n"


def _project(root: Path, pin: str, server_import: str, tool_import: str, except_clause: str) -> Path:
    """``app/tools/close.py`` makes a tool object from ``close_ticket``; ``app/tools/__init__.py``
    re-exports it; ``app/server.py`` registers it one of several ways."""
    (root / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    tools = root / "app" / "tools"
    tools.mkdir(parents=True)
    (root / "app" / "__init__.py").write_text("")
    (tools / "__init__.py").write_text("from .close import CloseTool\n")
    (tools / "close.py").write_text(
        f"{tool_import}\n\n\ndef close_ticket(ticket: str) -> dict:\n    try:\n"
        f"        return {{'closed': int(ticket)}}\n{except_clause}\n\n"
        "CloseTool = Tool.from_function(close_ticket, name='close_ticket')\n")
    return root / "app" / "server.py"


STACKS = [
    ("fastmcp==2.14.7", "from fastmcp import FastMCP",
     "from fastmcp.exceptions import ToolError\nfrom fastmcp.tools import Tool"),
    ("mcp==1.26.0", "from mcp.server.fastmcp import FastMCP",
     "from mcp.server.fastmcp.exceptions import ToolError\nfrom mcp.server.fastmcp.tools import Tool"),
]
REGISTRATIONS = [
    ("from app.tools.close import CloseTool", "mcp.add_tool(CloseTool.fn)"),
    ("from .tools import CloseTool", "mcp.add_tool(CloseTool.fn)"),
    ("from app.tools import close", "mcp.add_tool(close.CloseTool.fn)"),
]


@pytest.mark.parametrize("pin, server_import, tool_import", STACKS)
@pytest.mark.parametrize("imported, registered", REGISTRATIONS)
@pytest.mark.parametrize("except_clause, expected", [(FAILING, [("close.py", 9, "MCP204")]), (RAISING, [])])
def test_a_tool_object_made_in_another_module_is_analysed(tmp_path: Path, pin, server_import, tool_import,
                                                         imported, registered, except_clause, expected) -> None:
    server = _project(tmp_path, pin, server_import, tool_import, except_clause)
    server.write_text(f"{server_import}\n{imported}\n\nmcp = FastMCP('tickets')\n{registered}\n")
    found = [(Path(d.path).name, d.span.start.line, d.code)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == expected


def test_the_object_itself_is_registered_under_its_name_on_fastmcp(tmp_path: Path) -> None:
    server = _project(tmp_path, *STACKS[0], FAILING)
    server.write_text("from fastmcp import FastMCP\nfrom .tools import CloseTool\n\n"
                      "mcp = FastMCP('tickets')\nmcp.add_tool(CloseTool)\n")
    report = coverage([server])
    tools = [(item.name, item.status) for entry in report.servers for item in entry.tools]
    assert (tools, report.counts()["gaps"]) == ([("close_ticket", "analysed")], 0)


def test_an_object_of_an_unknown_function_stays_a_gap(tmp_path: Path) -> None:
    server = _project(tmp_path, *STACKS[0], FAILING)
    (tmp_path / "app" / "tools" / "close.py").write_text(
        "from fastmcp.tools import Tool\nfrom vendor import close_ticket\n\nCloseTool = Tool.from_function(close_ticket)\n")
    server.write_text("from fastmcp import FastMCP\nfrom .tools import CloseTool\n\n"
                      "mcp = FastMCP('tickets')\nmcp.add_tool(CloseTool.fn)\n")
    assert lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True)) == []
    assert coverage([server]).counts()["gaps"] == 1


@pytest.mark.parametrize("helper", [
    "def publish(fn, name=None) -> None:\n    mcp.add_tool(fn, name=name)\n",
    "def publish(fn, name=None):\n    mcp.tool(name=name)(fn)\n    return fn\n"])
@pytest.mark.parametrize("except_clause, expected", [(FAILING, [("tools.py", 10, "MCP204")]), (RAISING, [])])
def test_a_function_handed_to_a_registration_helper_of_another_module_is_analysed(
        tmp_path: Path, helper, except_clause, expected) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["fastmcp==2.14.7"]\n')
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "server.py").write_text(f"from fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n{helper}")
    tools = app / "tools.py"
    tools.write_text("from fastmcp.exceptions import ToolError\n\nfrom .server import publish\n\n\n"
                     f"def search(q: str) -> dict:\n    try:\n        return {{'r': int(q)}}\n{except_clause}\n\n"
                     "for tool, label in ((search, 'find'),):\n    publish(tool, name=label)\n")
    result = lint_paths([tmp_path], Settings(select=("MCP204",), preview=True))
    assert [(Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics] == expected
    report = coverage([app / "server.py"])
    assert [(item.name, item.status) for entry in report.servers for item in entry.tools] == [("find", "analysed")]


def test_a_list_of_tool_objects_of_another_module_registers_each_under_its_name(tmp_path: Path) -> None:
    server = _project(tmp_path, *STACKS[0], FAILING)
    (tmp_path / "app" / "tools" / "__init__.py").write_text(
        "from fastmcp.tools import Tool\n\nfrom .close import CloseTool, close_ticket\n\n\n"
        "def reopen(ticket: str) -> str:\n    return ticket\n\n\n"
        "ALL = [CloseTool, Tool.from_function(reopen, name='reopen_ticket')]\n")
    server.write_text("from fastmcp import FastMCP\nfrom .tools import ALL\n\n"
                      "mcp = FastMCP('tickets')\nfor tool in ALL:\n    mcp.add_tool(tool)\n")
    report = coverage([server])
    tools = sorted((item.name, item.status) for entry in report.servers for item in entry.tools)
    assert tools == [("close_ticket", "analysed"), ("reopen_ticket", "analysed")]
    found = [(Path(d.path).name, d.span.start.line, d.code)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == [("close.py", 9, "MCP204")]
