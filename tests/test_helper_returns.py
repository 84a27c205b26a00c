"""MCP204 through project helpers: where the finding goes and what it says."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

FIXTURES = Path(__file__).parent / "fixtures" / "MCP204"


def _findings(name: str) -> dict[int, object]:
    path = FIXTURES / name
    settings = Settings(select=("MCP204",), preview=True)
    return {d.span.start.line: d for d in lint_source(path.read_text(), path, settings)}


def test_a_returned_helper_is_reported_at_its_own_failure_return_once() -> None:
    found = _findings("helpers_fastmcp.py")
    chart = found[22]
    assert chart.message.startswith(
        "This helper, whose value a tool returns, returns a string when an argument check fails: "
        "on mcp 1.x FastMCP the client receives a successful result (isError false) carrying the error")
    assert [r.span.start.line for r in chart.related] == [66]  # the first tool returning it; draw_again adds nothing
    assert chart.related[0].message == "tool 'draw_chart' returns the helper's value here"
    assert found[25].message.startswith("This helper, whose value a tool returns, returns a string "
                                        "after catching an exception")


def test_a_reshaped_helper_result_is_reported_at_the_helpers_failure_return() -> None:
    """``result = _switch(path); return json.dumps(result)``: the tool sends the helper's value
    serialised, so the helper's failure return is the finding, the tool's return related."""
    found = _findings("helpers_fastmcp.py")
    assert 79 not in found
    switch = found[30]
    assert switch.message.startswith("This helper, whose value a tool returns, returns a dict "
                                     "when an argument check fails: on mcp 1.x FastMCP")
    assert switch.message.endswith("raise mcp.server.fastmcp.exceptions.ToolError(...), which the framework "
                                   "sends as an isError result")
    assert [(r.span.start.line, r.message) for r in switch.related] == [
        (79, "tool 'switch_database' returns a result built from the helper's value here")]


def test_an_error_envelope_and_none_of_the_alternatives() -> None:
    found = _findings("helpers_fastmcp.py")
    assert "returns a dict when an argument check fails" in found[37].message  # not project and not trace
    assert "returns a dict marked as a failure" in found[40].message  # {"error": ...} alone


def test_lowlevel_range_check_in_a_helper() -> None:
    found = _findings("helpers_lowlevel_mcp1.py")
    assert sorted(found) == [22, 28]
    assert found[28].message.startswith("This helper, whose value a tool returns, returns text content "
                                        "when an argument check fails: on mcp 1.x low-level Server")


def test_a_swallowing_wrapper_is_reported_once_per_wrapper_with_its_stack() -> None:
    lowlevel = _findings("wrapper_lowlevel_mcp1.py")
    # the wrapper returning an error_result() builder's isError result (line 63) is not one
    assert sorted(lowlevel) == [28, 75]
    assert lowlevel[28].message == (
        "The handle_tool_errors wrapper around tool 'get' returns text content for every exception the handler "
        "raises (caller errors such as a missing argument or an unknown tool included): the client receives a "
        "successful result (isError false) carrying the error, although mcp 1.x low-level Server already sends an "
        "exception from call_tool as an isError result; return types.CallToolResult(isError=True, content=[...]), "
        "or let the exception propagate (mcp 1.x sends it as an isError result)")
    assert [r.span.start.line for r in lowlevel[28].related] == [99]
    assert lowlevel[75].message.startswith("The text_errors_by_builder wrapper around the tool handler returns text "
                                           "content for every exception")
    fastmcp = _findings("wrapper_fastmcp.py")
    assert sorted(fastmcp) == [28]
    assert fastmcp[28].message.startswith("The handle_tool_exceptions wrapper around 2 tools ('get_pipeline', ...) "
                                          "returns a dict for every exception")
    assert fastmcp[28].message.endswith("without the wrapper mcp 1.x FastMCP would send the raised exception as an "
                                        "isError result; raise mcp.server.fastmcp.exceptions.ToolError(...), "
                                        "which the framework sends as an isError result")
