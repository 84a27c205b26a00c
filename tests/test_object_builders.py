"""Failure answers built by methods of classes defined in another module of the project
(``from .errors import ApiError`` then ``return ApiError.invalid(str(e), "app_num")``, whose
static body hands on to ``ApiError.build(...)`` assembling ``{"error": True, ...}``), and by a
builder object a services module makes (``from .services import replies``). A dict cannot carry
the error flag, so the finding is at the tool's ``return`` that calls the builder (where the fix
goes) and once at the builder's own ``return`` in its module (where readers look); the correct
twins raise, or return the success builder, and stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

PYPROJECT = "[project]\nname = 'records'\nversion = '0'\ndependencies = ['{pin}']\n"

ERRORS = '''
class ApiError:
    """Static builders of the error answer."""

    @staticmethod
    def build(message, status_code=None):
        answer = {"error": True, "message": message}
        if status_code is not None:
            answer["status_code"] = status_code
        return answer

    @staticmethod
    def invalid(message, field=None):
        return ApiError.build(message, status_code=400)

    @staticmethod
    def success(data):
        return {"error": False, "data": data}
'''

SERVICES = '''
class Replies:
    def failure(self, message):
        return {"status": "error", "message": message}

    def done(self, data):
        return {"status": "ok", "data": data}


replies = Replies()
'''

SERVERS = {
    "fastmcp==2.14.5": ("from fastmcp import FastMCP\nfrom fastmcp.exceptions import ToolError\n\n"
                        "mcp = FastMCP('records')\n"),
    "mcp==2.0.0": ("from mcp.server.mcpserver import MCPServer\nfrom mcp.server.mcpserver.exceptions import ToolError\n\n"
                   "mcp = MCPServer('records')\n"),
}

BAD_TOOLS = '''
import backend

from .errors import ApiError
from .server import mcp
from .services import replies


@mcp.tool()
def get_record(record_id: str) -> dict:
    """Get a record."""
    try:
        record_id = backend.validate(record_id)
    except ValueError as e:
        return ApiError.invalid(str(e), "record_id")
    return ApiError.success(backend.get(record_id))


@mcp.tool()
def lock_record(record_id: str) -> dict:
    """Lock a record."""
    try:
        backend.lock(record_id)
    except backend.Error as e:
        return replies.failure(f"Lock failed: {e}")
    return replies.done({"locked": record_id})
'''

GOOD_TOOLS = '''
import backend

from .errors import ApiError
from .server import ToolError, mcp
from .services import replies


@mcp.tool()
def get_record(record_id: str) -> dict:
    """Get a record."""
    try:
        record_id = backend.validate(record_id)
    except ValueError as e:
        raise ToolError(ApiError.invalid(str(e), "record_id")["message"]) from e
    return ApiError.success(backend.get(record_id))


@mcp.tool()
def lock_record(record_id: str) -> dict:
    """Lock a record."""
    try:
        backend.lock(record_id)
    except backend.Error as e:
        raise ToolError(f"Lock failed: {e}") from e
    return replies.done({"locked": record_id})
'''


def _project(root: Path, pin: str, tools: str) -> Path:
    package = root / "app"
    package.mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.format(pin=pin))
    files = {"__init__.py": "", "errors.py": ERRORS, "services.py": SERVICES, "server.py": SERVERS[pin],
             "tools.py": tools}
    for name, text in files.items():
        (package / name).write_text(text)
    return root


def _found(root: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


@pytest.mark.parametrize("pin", sorted(SERVERS))
def test_builders_of_another_module_are_reported_at_the_tools_return_and_their_own(tmp_path: Path, pin: str) -> None:
    assert _found(_project(tmp_path / "bad", pin, BAD_TOOLS)) == [("errors.py", 14, "MCP204"),
                                                                  ("services.py", 4, "MCP204"),
                                                                  ("tools.py", 15, "MCP204"),
                                                                  ("tools.py", 25, "MCP204")]


@pytest.mark.parametrize("pin", sorted(SERVERS))
def test_raising_twins_of_builders_of_another_module_are_silent(tmp_path: Path, pin: str) -> None:
    assert _found(_project(tmp_path / "good", pin, GOOD_TOOLS)) == []
