"""The code after a loop whose every pass either returns the work's result or swallows its
failure: only a run in which every attempt failed gets there.

``for _ in range(attempts): try: return post(url) except ConnectionError as exc: last = exc``
then ``return f"gave up after {attempts} attempts: {last}"``: a retry helper, or a loop over
mirrors / candidates (``for host in MIRRORS: try: return fetch(host, path) except OSError:
continue``). Each pass of the loop either returns the ``try`` body's answer or goes on to the
next one; the loop has no ``break`` and no ``else``, so past it every attempt raised, and a value
returned there hands that failure back as an ordinary result (MCP specification 2025-11-25,
server/tools "Error Handling": a failed call is a result with ``isError: true``, or a raise the
stack turns into one). The walk marks that path with the failure kind ``exhausted``; the names
the clauses kept the exception in (``last = exc``, ``errors.append(str(e))``) are the failure's
text there.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, suite_statements, walk


def exhausted_names(loop: cst.For | cst.While) -> frozenset[str] | None:
    """The names that hold the swallowed failure after ``loop`` when it is such a loop (its
    body's last statement is a ``try`` whose body ends by returning, whose ``except`` clauses
    neither return, raise nor break, with no ``break`` of its own and no ``else``), else None.
    The names: each clause's own ``as`` name and every local a clause binds or appends to from
    it (``last = exc``, ``last_error = str(e)``, ``errors.append(f"{host}: {e}")``)."""
    if loop.orelse is not None:
        return None
    body = suite_statements(loop.body)
    attempt = body[-1] if body else None
    if not isinstance(attempt, cst.Try) or not attempt.handlers or attempt.orelse is not None \
            or attempt.finalbody is not None:
        return None
    tried = suite_statements(attempt.body)
    if not tried or not _returns(tried[-1]):
        return None  # `if match(item): return item`: a search, whose passes may find nothing
    if _breaks(loop.body):
        return None
    kept: set[str] = set()
    for clause in attempt.handlers:
        if any(isinstance(node, (cst.Return, cst.Raise, cst.Break))
               for node in walk(clause.body, into_nested_scopes=False)):
            return None  # the clause decides on its own: a last attempt re-raised, a fallback answered
        if clause.name is None or not isinstance(clause.name.name, cst.Name):
            continue
        caught = clause.name.name.value
        kept.add(caught)
        kept |= _bound_from(clause.body, caught)
    return frozenset(kept)


#: The failure key of the path past a poll loop that ran out (:func:`polls`).
POLL_KEY = "\0poll"


def polls(loop: cst.For | cst.While) -> bool:
    """``for _ in range(30): phase = api.job_phase(job_id); if phase == "Succeeded": return ...;
    await asyncio.sleep(2)``: a loop over a count (``range(...)``) or a condition (``while``) that
    waits between passes (a ``sleep`` call) and returns only under a test, with no ``break`` and
    no ``else``: past it the awaited outcome never came, the wait ran out. A loop over data is a
    search (its end may be the answer "none found"), and one that never sleeps is no wait."""
    if loop.orelse is not None or _breaks(loop.body):
        return False
    if isinstance(loop, cst.For) and not (isinstance(loop.iter, cst.Call)
                                          and (dotted_name(loop.iter.func) or "") == "range"):
        return False
    inner = list(walk(loop.body, into_nested_scopes=False))
    sleeps = any(isinstance(n, cst.Call) and (dotted_name(n.func) or "").rpartition(".")[2] == "sleep" for n in inner)
    returns = [n for n in inner if isinstance(n, cst.Return) and n.value is not None]
    return sleeps and bool(returns) and not any(_returns(statement) for statement in suite_statements(loop.body))


def _returns(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(small, cst.Return) and small.value is not None for small in statement.body)


def _breaks(block: cst.BaseSuite) -> bool:
    """A ``break`` of this loop (not of a loop nested in it), found statement by statement."""
    for statement in suite_statements(block):
        if isinstance(statement, cst.SimpleStatementLine):
            if any(isinstance(small, cst.Break) for small in statement.body):
                return True
        elif isinstance(statement, (cst.For, cst.While)):
            if statement.orelse is not None and _breaks(statement.orelse.body):
                return True  # a nested loop's `else: break` breaks this one
        elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)) \
                and any(_breaks(suite) for suite in _suites(statement)):
            return True
    return False


def _suites(statement: cst.CSTNode) -> list[cst.BaseSuite]:
    """The blocks of a compound statement (``if``/``elif``/``else``, ``try`` clauses, ``with``,
    ``match`` cases)."""
    suites = []
    node = statement
    while isinstance(node, (cst.If, cst.Else)):
        suites.append(node.body)
        node = node.orelse if isinstance(node, cst.If) else None
    if isinstance(statement, (cst.Try, cst.TryStar)):
        suites.append(statement.body)
        suites.extend(handler.body for handler in statement.handlers)
        suites.extend(part.body for part in (statement.orelse, statement.finalbody) if part is not None)
    elif isinstance(statement, cst.With):
        suites.append(statement.body)
    elif isinstance(statement, cst.Match):
        suites.extend(case.body for case in statement.cases)
    return suites


def _bound_from(block: cst.CSTNode, caught: str) -> set[str]:
    """Locals a clause sets (``last = exc``) or appends to (``errors.append(str(exc))``) from
    the caught exception ``caught``."""
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None and _mentions(node.value, caught):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            names |= {t.value for t in targets if isinstance(t, cst.Name)}
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in ("append", "add") and isinstance(node.func.value, cst.Name) \
                and any(_mentions(arg.value, caught) for arg in node.args):
            names.add(node.func.value.value)
    return names


def _mentions(node: cst.CSTNode, name: str) -> bool:
    return any(isinstance(inner, cst.Name) and inner.value == name for inner in walk(node, into_nested_scopes=False))
