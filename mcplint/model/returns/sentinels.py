"""The value a project helper answers its own failure with, so that a tool's test of that value
is a test of the outcome of its own work.

A helper that catches its failure and answers a value instead of raising tells its caller about
the failure only through that value: ``None`` or ``False`` from an ``except`` clause that only
logs (``except httpx.HTTPError: log.warning(...); return None``), the caught exception itself
(``except SMTPException as exc: return exc`` beside a final ``return None``), or the error half
of a Go-style pair (``return "", proc.stderr`` beside ``return proc.stdout, None``). The tool
that binds the helper's value and tests it (``if invoice is None:``, ``if not stored:``, ``if
problem:``, ``if err:``) splits into the side where the helper's work succeeded and the side
where it failed; what it returns on the failed side is the failure answered as a result
(:func:`~.outcomes.outcome_failure_sides`). The kind is read from the helper's own returns,
never from the names involved. An empty collection is no sentinel: ``[]`` is also what a
search that found nothing answers (such a helper is judged where it swallows the failure).
Nothing is imported or run.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, walk
from mcplint.model.returns.callees import project_callee
from mcplint.model.returns.logged import logs_error_then_returns
from mcplint.model.returns.statements import is_docstring_or_log

#: What the helper answers on failure: "falsy" (None or False there, never on another path),
#: "truthy" (the exception there, None on every other path), ("error", index) for the error
#: slot of a tuple (None there on success, text or the exception on failure), or ("flag", index)
#: for an outcome flag of a tuple (``False`` there beside the failure's text, ``True`` on success).
Sentinel = str | tuple[str, int]

_SENTINELS: dict = {}  # memo of _sentinel_of, by function (many tools share one helper)


def failure_sentinel(walker, call: cst.BaseExpression) -> Sentinel | None:
    """How the project function ``call`` runs answers its own failure (the module docstring's
    kinds), or None when it raises it, answers it some other way, or is not known."""
    call = call.expression if isinstance(call, cst.Await) else call
    if not isinstance(call, cst.Call):
        return None
    function = project_callee(walker, call)
    if function is None or not isinstance(function.body, cst.IndentedBlock):
        return None
    return memo_by_node(_SENTINELS, function, lambda: _sentinel_of(function), limit=1024)


def _sentinel_of(function: cst.FunctionDef) -> Sentinel | None:
    returns = [n for n in walk(function.body, into_nested_scopes=False) if type(n) is cst.Return]
    clauses = [n for n in walk(function.body, into_nested_scopes=False) if type(n) is cst.ExceptHandler]
    failing = [_swallowing_return(clause) for clause in clauses]
    failing = [r for r in failing if r is not None]
    slot = _tuple_slot(returns)
    if slot is not None:
        return slot
    if not failing:
        return None
    failed = {id(r) for r in failing}
    others = [r for r in returns if id(r) not in failed]
    if all(_falsy_literal(r.value) for r in failing) and others \
            and not any(_falsy_literal(r.value) for r in others):
        return "falsy"  # `except X: log(...); return None` beside `return resp.json()`
    if all(_caught(r.value, clause) for r, clause in _with_clauses(failing, clauses)) \
            and all(_none(r.value) for r in others) and _ends_with_return(function):
        return "truthy"  # `except X as exc: return exc` beside `return None`
    return None


def _swallowing_return(clause: cst.ExceptHandler) -> cst.Return | None:
    """The ``return`` that ends an ``except`` clause doing nothing else but log (or ``pass``)."""
    body = list(clause.body.body) if isinstance(clause.body, cst.IndentedBlock) else []
    if not body or not isinstance(body[-1], cst.SimpleStatementLine) or len(body[-1].body) != 1 \
            or not isinstance(body[-1].body[0], cst.Return):
        return None
    for statement in body[:-1]:
        if is_docstring_or_log(statement):
            continue
        if isinstance(statement, cst.SimpleStatementLine) and all(isinstance(s, cst.Pass) for s in statement.body):
            continue
        return None
    return body[-1].body[0]


def _with_clauses(failing: list[cst.Return], clauses: list[cst.ExceptHandler]):
    for clause in clauses:
        found = _swallowing_return(clause)
        if found is not None and any(found is r for r in failing):
            yield found, clause


def _falsy_literal(value: cst.BaseExpression | None) -> bool:
    return value is None or dotted_name(value) in ("None", "False")


def _none(value: cst.BaseExpression | None) -> bool:
    return value is None or dotted_name(value) == "None"


def _caught(value: cst.BaseExpression | None, clause: cst.ExceptHandler) -> bool:
    """``exc`` (the clause's own name) or text made of it (``str(exc)``, ``f"... {exc}"``)."""
    if value is None or clause.name is None or not isinstance(clause.name.name, cst.Name):
        return False
    name = clause.name.name.value
    if isinstance(value, cst.Name):
        return value.value == name
    if isinstance(value, (cst.Call, cst.FormattedString)):
        return any(isinstance(n, cst.Name) and n.value == name for n in walk(value, into_nested_scopes=False))
    return False


def _ends_with_return(function: cst.FunctionDef) -> bool:
    """The body's last statement is a ``return`` (a fall-off ``None`` is one too, but then the
    success path is less plain: only the written form is taken)."""
    last = function.body.body[-1] if function.body.body else None
    return isinstance(last, cst.SimpleStatementLine) and bool(last.body) and isinstance(last.body[-1], cst.Return)


def _tuple_slot(returns: list[cst.Return]) -> tuple[str, int] | None:
    """Where a helper whose every ``return`` is a tuple of one length says it failed: an error
    slot, ``None`` on some returns (the success) and text or a caught exception on every other
    (``return "", proc.stderr.strip()`` beside ``return proc.stdout, None``); or an outcome flag,
    ``True``/``False`` on every return, the ``False`` ones carrying text in another slot
    (``return False, f"Directory {d} is not writeable"`` beside ``return True, ""``)."""
    tuples = [r.value for r in returns if isinstance(r.value, cst.Tuple)]
    if len(tuples) < 2 or len(tuples) != len(returns) or len({len(t.elements) for t in tuples}) != 1:
        return None
    width = len(tuples[0].elements)
    for index in range(width):
        values = [t.elements[index].value for t in tuples]
        succeeded = [v for v in values if _none(v)]
        failed = [v for v in values if not _none(v)]
        if succeeded and failed and all(_textual(v) for v in failed):
            return "error", index
        flags = [dotted_name(v) for v in values]
        if set(flags) == {"True", "False"} and all(
                any(_textual(t.elements[other].value) for other in range(width) if other != index)
                for t, flag in zip(tuples, flags) if flag == "False"):
            return "flag", index
    return None


#: Attributes that hold the text of a failure (``proc.stderr``, ``resp.text`` is not one: a body).
_ERROR_TEXT = {"stderr", "error", "message", "msg", "reason", "detail"}


def _textual(value: cst.BaseExpression) -> bool:
    """Text of a failure: a string literal, an f-string, ``str(...)``, or a read of an error
    attribute (``proc.stderr.strip()``, ``exc.message``)."""
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
        return True
    if isinstance(value, cst.Call) and dotted_name(value.func) in ("str", "repr"):
        return True
    for inner in walk(value, into_nested_scopes=False):
        if isinstance(inner, cst.Attribute) and inner.attr.value in _ERROR_TEXT:
            return True
    return False


def swallowed_answer(walker, call: cst.BaseExpression) -> tuple[cst.Return, ...]:
    """The ``return`` of each ``except`` clause in the project function ``call`` runs that logs
    the failure and answers an empty value in place of the work's (``except httpx.HTTPError as
    e: await ctx.error(...); return []``, ``return None``), where the function's other returns
    answer something else: a caller that sends that value on untested answers the failure as an
    empty success. Only for a clause that logs at error level (:mod:`.logged`: a warning or an
    info line, or none, ``except FileNotFoundError: return []``, may mark a fallback on purpose)."""
    call = call.expression if isinstance(call, cst.Await) else call
    if not isinstance(call, cst.Call):
        return ()
    function = project_callee(walker, call)
    if function is None or not isinstance(function.body, cst.IndentedBlock):
        return ()
    return memo_by_node(_SWALLOWED, function, lambda: _swallowed_answer(function), limit=1024)


_SWALLOWED: dict = {}  # memo of swallowed_answer, by function


def _swallowed_answer(function: cst.FunctionDef) -> tuple[cst.Return, ...]:
    returns = [n for n in walk(function.body, into_nested_scopes=False) if type(n) is cst.Return]
    found = []
    for clause in (n for n in walk(function.body, into_nested_scopes=False) if type(n) is cst.ExceptHandler):
        answer = _swallowing_return(clause)
        if answer is not None and _empty(answer.value) and logs_error_then_returns(clause.body):
            found.append(answer)
    if not any(not _empty(r.value) for r in returns):
        return ()
    return tuple(found)


def _empty(value: cst.BaseExpression | None) -> bool:
    if _falsy_literal(value):
        return True
    return isinstance(value, (cst.List, cst.Tuple, cst.Dict)) and not value.elements \
        or isinstance(value, cst.SimpleString) and value.value in ('""', "''")
