"""An empty answer returned right after the code logged the path as an error.

``await ctx.error(f"no column {column!r}")`` then ``return ""``, or ``logger.error("query
failed: %s", exc)`` then ``return []``: the handler itself says the request failed, yet what
the client receives is a successful result with nothing in it (``isError`` false; MCP
specification 2025-11-25, server/tools "Error Handling"). ``ctx.error`` is a log notification
(``notifications/message``), not an error result, and a log line is not seen by the model that
called the tool. Judged by the control flow of the block and the logging API, not by wording.

A warning or an info line is no such statement (a fallback often logs one on purpose), and a
block that does other work after logging (fills a default, retries) is answered by that work.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.returns import logs_error_then_returns
from mcplint.model.returns.statements import statement_lists


def logged_before_empty_return(function: cst.FunctionDef, node: cst.CSTNode) -> bool:
    """Whether ``node``, a ``return`` of ``function`` itself, ends a block whose earlier
    statements log at error level (``logger.error``, ``log.exception``, ``await ctx.error``:
    :func:`mcplint.model.returns.logs_error_then_returns`) and do nothing else but bookkeeping
    the log needs (the statements between are log lines, docstrings or plain assignments of text)."""
    if not isinstance(node, cst.Return):
        return False
    for block in statement_lists(function):
        last = block[-1] if block else None
        if not (isinstance(last, cst.SimpleStatementLine) and last.body and last.body[-1] is node):
            continue
        return logs_error_then_returns(cst.IndentedBlock(body=_after_last_work(block)))
    return False


def _after_last_work(block: list) -> list:
    """The tail of ``block`` from just after its last compound statement (an ``if``, ``for``,
    ``try``...): what runs unconditionally right before the return."""
    start = 0
    for index, statement in enumerate(block):
        if not isinstance(statement, cst.SimpleStatementLine):
            start = index + 1
    return block[start:]


__all__ = ["logged_before_empty_return"]
