"""MCP208 raise-exceptions-enabled: ``Server.run(..., raise_exceptions=True)`` in a server.

mcp 1.x ``mcp/server/lowlevel/server.py`` (v1.29.0) ``_handle_request``: with the flag, an
exception from any handler is re-raised instead of being sent as an error response, and an
exception read from the transport (a malformed message) is re-raised too; either one ends
``run()`` and the session with it, and the request in flight gets no answer. In mcp 2.x the
error response is written first, then the handler's exception propagates out of ``run()``
(python-sdk ``docs/migration.md``, "Lowlevel Server.run(raise_exceptions=True)"). The flag
is meant for tests and in-process debugging.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks.base import Finding, FixPlan, NodeEdit, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.error_api import server_run_calls
from mcplint.model.evaluate import Evaluator
from mcplint.model.facts import Stack


class RaiseExceptionsEnabled(Rule):
    """Fires on ``raise_exceptions=<value that evaluates to True>`` in a low-level server's
    ``run`` call; silent for False and for values that cannot be evaluated."""

    code = "MCP208"
    name = "raise-exceptions-enabled"
    summary = "Server.run(..., raise_exceptions=True): one failing request ends the session"

    def check(self, model) -> Iterator[Finding]:
        if model.info is None:
            return
        evaluator = Evaluator(model.info)
        for run in server_run_calls(model):
            if evaluator.eval(run.flag.value) is not True:
                continue
            fix = FixPlan(title="Set `raise_exceptions=False`", edits=(NodeEdit(run.flag.value, "False"),),
                          applicability=Applicability.UNSAFE)
            yield Finding(run.flag, _message(run.stack), fix=fix)


def _message(stack: Stack | None) -> str:
    if stack in (Stack.MCP1_LOWLEVEL, Stack.MCP1_FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3):
        effect = ("on mcp 1.x an exception in any handler, or a malformed message, is re-raised out of run() "
                  "instead of becoming an error response, so one bad request ends the session unanswered")
    elif stack in (Stack.MCP2_LOWLEVEL, Stack.MCP2_MCPSERVER, Stack.FASTMCP4):
        effect = ("on mcp 2.x an exception in any handler propagates out of run() after its error response, "
                  "so one bad request ends the session")
    else:
        effect = ("an exception in any handler propagates out of run() (on mcp 1.x a malformed message too, "
                  "and without an error response), so one bad request ends the session")
    return f"`run(..., raise_exceptions=True)`: {effect}; the flag is for tests, leave it False in a server"
