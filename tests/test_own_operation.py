"""MCP204 across modules: the failed side of a tool's own operation. A test of the outcome of a
call the tool made (or a helper it calls made) splits the tool into a success side and a failure
side, however the test is spelt and whatever shape the failure value takes: a helper's
``False``/``None``/exception/``(value, error)`` answer, a poll loop that ran out, a ``match`` on
the action's own state, failures gathered as exception objects, a shared builder's dict, a
helper that swallowed its failure into an empty value the tool sends on untested. Each project
has a ``bad/`` tree with the planted fault and a ``good/`` twin made correct by the smallest
change (``tests/projects/own_operation``, written as a hidden set's labeller would)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

PROJECTS = Path(__file__).parent / "projects" / "own_operation"

#: project -> the (module, line) of each MCP204 finding in bad/
EXPECTED = {
    "exception-object-returned-by-helper": [("notify/server.py", 18)],
    "gather-failures-counted-method": [("mirror/sync.py", 28)],
    "graphql-errors-key": [("issues/server.py", 15)],
    "httpx-is-error-two-deep": [("review/service.py", 8)],
    "json-dumps-of-swallowed-none": [("weather/forecast.py", 16)],
    "match-outcome-wildcard-helper": [("refunds/handlers.py", 16)],
    "poll-loop-runs-out": [("backups/server.py", 19)],
    # the dict builder once, and each tool's return of it
    "shared-failure-builder-per-tool": [("desk/replies.py", 5), ("desk/tools.py", 12), ("desk/tools.py", 20)],
    "status-error-after-none-fetch": [("billing/tools.py", 12)],
    "stored-flag-else-could-not-store": [("media/server.py", 18)],
    "value-err-pair-from-converter": [("docs/tools.py", 10)],
}


def _mcp204(tree: Path) -> list[tuple[str, int]]:
    result = lint_paths([tree], Settings(preview=True))
    return sorted((Path(d.path).relative_to(tree).as_posix(), d.span.start.line)
                  for d in result.diagnostics if d.code == "MCP204")


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_bad_tree_reports_the_failure_return(project: str) -> None:
    assert _mcp204(PROJECTS / project / "bad") == EXPECTED[project]


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_good_twin_stays_silent(project: str) -> None:
    assert _mcp204(PROJECTS / project / "good") == []


def test_the_swallowing_helper_is_named_with_the_tool_return_related() -> None:
    result = lint_paths([PROJECTS / "json-dumps-of-swallowed-none" / "bad"], Settings(preview=True))
    (finding,) = [d for d in result.diagnostics if d.code == "MCP204"]
    assert finding.message.startswith("This except clause logs the failure and answers an empty value in place "
                                      "of the work's, so tool 'forecast' returns text content as if the work had "
                                      "succeeded")
    assert [(Path(r.path).name, r.span.start.line) for r in finding.related] == [("server.py", 27)]
