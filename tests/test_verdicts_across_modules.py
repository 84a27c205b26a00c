"""MCP204: a check's verdict (``{"valid": False, ...}``) built in one module of the project and
handed back whole by a tool in another (``v = validate_booking(booking_id)`` then ``if not
v["valid"]: return v``): reported at the tool's ``return``, not at the check's own returns."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

APP = '''
from fastmcp import FastMCP

mcp = FastMCP("claims")
'''

CHECKS = '''
import db


def booking_exists(booking_id: int) -> dict:
    """Check that a booking exists."""
    row = db.booking(booking_id)
    if row is None:
        return {"valid": False, "message": "Booking not found."}
    return {"valid": True}


def may_file(agent_id: int) -> dict:
    """May this agent file claims?"""
    agent = booking_exists(agent_id)
    if not agent["valid"]:
        return agent
    if db.role(agent_id) != "agent":
        return {"authorized": False, "message": "Agents only."}
    return {"authorized": True}
'''

TOOLS = '''
from fastmcp.exceptions import ToolError

from .app import mcp
from .checks import booking_exists, may_file
import db


@mcp.tool()
def file_claim(agent_id: int, booking_id: int) -> dict:
    """File a claim."""
    auth = may_file(agent_id)
    if not auth["authorized"]:
        return auth
    verdict = booking_exists(booking_id)
    if not verdict["valid"]:
        return verdict
    return {"claim": db.file(booking_id)}


@mcp.tool()
def cancel_claim(booking_id: int) -> dict:
    """Cancel a claim."""
    verdict = booking_exists(booking_id)
    if not verdict["valid"]:
        raise ToolError(verdict["message"])
    return {"cancelled": db.cancel(booking_id)}
'''


def _lint(tmp_path: Path, name: str) -> dict[int, object]:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "claims"\ndependencies = ["fastmcp>=2.10,<3"]\n')
    package = tmp_path / "claims"
    package.mkdir()
    for module, text in (("__init__", ""), ("app", APP), ("checks", CHECKS), ("tools", TOOLS)):
        (package / f"{module}.py").write_text(text)
    path = package / name
    settings = Settings(select=("MCP204",), preview=True)
    return {d.span.start.line: d for d in lint_source(path.read_text(), path, settings)}


def test_the_verdict_sent_whole_is_reported_at_the_tools_return(tmp_path: Path) -> None:
    found = _lint(tmp_path, "tools.py")
    assert sorted(found) == [14, 17]  # `return auth`, `return verdict`; cancel_claim raises
    assert found[17].message.startswith("Tool 'file_claim' returns a dict when the call it made reports a failure: "
                                        "on fastmcp 2.x the client receives a successful result (isError false)")


def test_the_checks_own_returns_are_not_reported_again(tmp_path: Path) -> None:
    assert _lint(tmp_path, "checks.py") == {}
