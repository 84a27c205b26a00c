"""MCP204 for failures swallowed on the way to a tool's answer: a retry loop's give-up text, a
context manager that does not re-raise, ``contextlib.suppress`` around the work, an empty
result answering a caught failure. Where each finding goes and what it says."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

FIXTURES = Path(__file__).parent / "fixtures" / "MCP204"


def _findings(name: str) -> dict[int, object]:
    path = FIXTURES / name
    settings = Settings(select=("MCP204",), preview=True)
    return {d.span.start.line: d for d in lint_source(path.read_text(), path, settings)}


def test_a_retry_helper_is_reported_at_its_give_up_return_with_the_tool_related() -> None:
    found = _findings("retry_exhausted_fastmcp.py")
    assert sorted(found) == [25, 42, 62, 73]
    assert found[25].message.startswith("This helper, whose value a tool returns, returns a string after every "
                                        "attempt failed: on standalone fastmcp")
    assert [r.span.start.line for r in found[25].related] == [32]  # `return f"{team}: {outcome}"`
    assert found[73].message.startswith("Tool 'silence' returns a string after every attempt failed")


def test_a_swallowing_generator_manager_is_reported_at_its_clause() -> None:
    found = _findings("swallowed_with_block_fastmcp.py")
    assert sorted(found) == [24, 43, 56, 117]
    clause = found[24]
    assert clause.message.startswith("This context manager catches the failure of the with-block it manages and "
                                     "does not re-raise it, so tool 'restock' returns a string as if the work had "
                                     "succeeded: on mcp 1.x FastMCP")
    assert [r.span.start.line for r in clause.related] == [76]
    assert clause.related[0].message == "tool 'restock' answers here as if the work had succeeded"
    assert found[56].message.startswith("This __exit__ returns True, which swallows the exception of the with-block "
                                        "it manages, so tool 'relabel' returns a string")
    assert found[117].message.startswith("This contextlib.suppress block ends quietly when its work fails, so tool "
                                         "'forecast' returns a value as if the work had succeeded")


def test_a_swallowing_manager_on_mcp2_lowlevel_names_the_is_error_result_fix() -> None:
    found = _findings("swallowed_with_block_lowlevel_mcp2.py")
    assert sorted(found) == [28, 66]
    assert found[28].message.endswith("return types.CallToolResult(is_error=True, content=[...])")


def test_an_empty_result_in_an_except_clause_is_reported_in_the_helper() -> None:
    found = _findings("empty_result_after_failure_lowlevel_mcp1.py")
    assert sorted(found) == [15]
    assert found[15].message.startswith("This helper, whose value a tool returns, returns a CallToolResult without "
                                        "isError=True after catching an exception")
