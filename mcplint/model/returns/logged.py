"""A branch that logs an error and then returns: the code itself says that path failed.

``db = await connect()`` then ``if db is None: logger.error("database connection failed");
return GetPromptResult(...)``: whatever the test is, the handler records the path as an error
(a log call at ``error``, ``exception`` or ``critical`` level) and then answers as if it had
succeeded. That is judged by control flow and the logging API, not by the wording of any text,
as an ``except`` clause that only logs before returning is (:mod:`.except_clauses`). A warning
or an info line is no such statement: a fallback often logs one on purpose.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name
from mcplint.model.returns.statements import is_log_call

#: Logging methods whose level says the path failed (logging's ERROR and CRITICAL, and
#: ``exception``, which logs at ERROR with the traceback).
_ERROR_LEVELS = {"error", "exception", "critical", "fatal"}


def logs_error_then_returns(block: cst.BaseSuite) -> bool:
    """The block logs at error level (``logger.error(...)``, ``logging.critical(...)``) before
    it ends with a ``return`` that hands a value back."""
    statements = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    if not statements or not _returns_a_value(statements[-1]):
        return False
    return any(_logs_error(statement) for statement in statements[:-1]) or _logs_error(statements[-1])


def _returns_a_value(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and bool(statement.body) \
        and isinstance(statement.body[-1], cst.Return) and statement.body[-1].value is not None


def _logs_error(statement: cst.BaseStatement) -> bool:
    """A line that calls a logger at error level (``logger.error(msg)``, ``log.exception(...)``)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        value = small.value if isinstance(small, cst.Expr) else None
        value = value.expression if isinstance(value, cst.Await) else value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and value.func.attr.value in _ERROR_LEVELS and is_log_call(value.func) \
                and (dotted_name(value.func.value) or "").lower() not in ("self", "traceback"):
            return True  # (`self.error(...)` may be any method of the handler's class)
    return False
