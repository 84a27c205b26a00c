"""Failure answers that are objects of the project's own model classes defined in other modules
(``from .models import ErrorResponse`` whose class derives ``BaseModel`` through a project base
in a third module), returned as the dict or JSON text they serialise to (``err.model_dump()``,
``.dict()``, ``dataclasses.asdict(...)``): each is a success result carrying the failure, found at
the tool's ``return``. The twins raise ``ToolError`` or return a success object of the same
model family (and a report about errors, ``ErrorSummary``), and stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

PYPROJECT = "[project]\nname = 'fleet'\nversion = '0'\ndependencies = ['{pin}']\n"

BASE = '''
from abc import ABC

from pydantic import BaseModel


class ResponseBase(BaseModel, ABC):
    """What every answer of the service carries."""

    request_id: str | None = None
'''

MODELS = '''
import dataclasses

from .base import ResponseBase


class ErrorResponse(ResponseBase):
    error: str
    context: dict | None = None


class HostState(ResponseBase):
    success: bool
    state: str | None = None
    message: str | None = None


class ErrorSummary(ResponseBase):
    error_count: int


@dataclasses.dataclass
class Failure:
    reason: str
'''

SERVERS = {
    "fastmcp==2.14.5": "from fastmcp import FastMCP\nfrom fastmcp.exceptions import ToolError\n\nmcp = FastMCP('fleet')\n",
    "mcp==2.0.0": ("from mcp.server.mcpserver import MCPServer\nfrom mcp.server.mcpserver.exceptions import ToolError\n\n"
                   "mcp = MCPServer('fleet')\n"),
}

BAD_TOOLS = '''
import dataclasses

import fleet_api

from .models import ErrorResponse, ErrorSummary, Failure, HostState
from .server import mcp


@mcp.tool()
def describe(host: str) -> dict:
    """Describe a host."""
    try:
        found = fleet_api.describe(host)
    except fleet_api.Error as exc:
        err = ErrorResponse(error=str(exc), context={"host": host})
        return err.model_dump()
    return HostState(success=True, state=found.state).model_dump()


@mcp.tool()
def reboot(host: str) -> dict:
    """Reboot a host."""
    try:
        fleet_api.reboot(host)
    except fleet_api.Error as exc:
        return HostState(success=False, message=f"reboot failed: {exc}").dict()
    return HostState(success=True, state="rebooting").dict()


@mcp.tool()
def retire(host: str) -> dict:
    """Retire a host."""
    try:
        fleet_api.retire(host)
    except fleet_api.Error as exc:
        return dataclasses.asdict(Failure(reason=str(exc)))
    return {"retired": host}


@mcp.tool()
def errors_today(host: str) -> dict:
    """How many errors a host logged today."""
    return ErrorSummary(error_count=len(fleet_api.errors(host))).model_dump()
'''

GOOD_TOOLS = '''
import fleet_api

from .models import ErrorSummary, HostState
from .server import ToolError, mcp


@mcp.tool()
def describe(host: str) -> dict:
    """Describe a host."""
    try:
        found = fleet_api.describe(host)
    except fleet_api.Error as exc:
        raise ToolError(str(exc)) from exc
    return HostState(success=True, state=found.state).model_dump()


@mcp.tool()
def reboot(host: str) -> dict:
    """Reboot a host."""
    try:
        fleet_api.reboot(host)
    except fleet_api.Error as exc:
        raise ToolError(f"reboot failed: {exc}") from exc
    return HostState(success=True, state="rebooting").dict()


@mcp.tool()
def errors_today(host: str) -> dict:
    """How many errors a host logged today."""
    return ErrorSummary(error_count=len(fleet_api.errors(host))).model_dump()
'''


def _project(root: Path, pin: str, tools: str) -> Path:
    package = root / "app"
    package.mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.format(pin=pin))
    files = {"__init__.py": "", "base.py": BASE, "models.py": MODELS, "server.py": SERVERS[pin], "tools.py": tools}
    for name, text in files.items():
        (package / name).write_text(text)
    return root


def _found(root: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


@pytest.mark.parametrize("pin", sorted(SERVERS))
def test_error_models_of_other_modules_serialised_by_the_tool_are_reported(tmp_path: Path, pin: str) -> None:
    assert _found(_project(tmp_path / "bad", pin, BAD_TOOLS)) == [("tools.py", 17, "MCP204"),
                                                                  ("tools.py", 27, "MCP204"),
                                                                  ("tools.py", 37, "MCP204")]


@pytest.mark.parametrize("pin", sorted(SERVERS))
def test_raising_twins_and_reports_about_errors_stay_silent(tmp_path: Path, pin: str) -> None:
    assert _found(_project(tmp_path / "good", pin, GOOD_TOOLS)) == []
