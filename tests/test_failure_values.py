"""MCP204 across modules: a tool failure handed back as an ordinary result, whatever the shape of
the value (a dict built in steps, text content, ``False``, a status dict) and wherever the failure
was found (a status code, an exit code tested for truth, a ``match`` on the status, an outcome flag
or a local named for it, a caught timeout). Each project has a ``bad/`` tree with one planted fault
and a ``good/`` twin made correct by the smallest change (``tests/projects/failure_values``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

PROJECTS = Path(__file__).parent / "projects" / "failure_values"

#: project -> (module, line) of the one MCP204 finding in bad/
EXPECTED = {
    "status-code-dict-built-in-steps": ("tickets/tools.py", 17),
    "returncode-nonzero-textcontent-method": ("gitops/handlers.py", 23),
    "helper-bool-false-returned-by-tool": ("settings_mcp/store.py", 19),
    "match-status-wildcard-upstream-error": ("weather/forecast.py", 18),
    "httpx-is-success-false-text": ("cms_mcp/pages.py", 14),
    "timeout-status-dict-job": ("jobs/tools.py", 19),
    "bool-upload-failed-textcontent": ("uploads/server.py", 27),
}


def _mcp204(tree: Path) -> list[tuple[str, int]]:
    result = lint_paths([tree], Settings(preview=True))
    return sorted((Path(d.path).relative_to(tree).as_posix(), d.span.start.line)
                  for d in result.diagnostics if d.code == "MCP204")


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_bad_tree_reports_the_failure_return(project: str) -> None:
    assert _mcp204(PROJECTS / project / "bad") == [EXPECTED[project]]


@pytest.mark.parametrize("project", sorted(EXPECTED))
def test_good_twin_stays_silent(project: str) -> None:
    assert _mcp204(PROJECTS / project / "good") == []
