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

from mcplint.model.module_info import suite_statements, walk


def exhausted_names(loop: cst.For | cst.While) -> frozenset[str] | None:
    """The names that hold the swallowed failure after ``loop`` when it is such a loop (its
    body's last statement is a ``try`` whose body ends by returning, whose ``except`` clauses
    neither return, raise nor break, with no ``break`` of its own and no ``else``), else None.
    The names: each clause's own ``as`` name and every local a clause binds or appends to from
    it (``last = exc``, ``last_error = str(e)``, ``errors.append(f"{host}: {e}")``)."""
    if loop.orelse is not None or _breaks(loop.body):
        return None
    body = suite_statements(loop.body)
    attempt = body[-1] if body else None
    if not isinstance(attempt, cst.Try) or not attempt.handlers or attempt.orelse is not None \
            or attempt.finalbody is not None:
        return None
    tried = suite_statements(attempt.body)
    if not tried or not _returns(tried[-1]):
        return None  # `if match(item): return item`: a search, whose passes may find nothing
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


def _returns(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(small, cst.Return) and small.value is not None for small in statement.body)


def _breaks(block: cst.CSTNode) -> bool:
    """A ``break`` of this loop (not of a loop nested in it)."""
    stack = [block]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Break):
            return True
        if isinstance(node, (cst.For, cst.While, cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if isinstance(node, (cst.For, cst.While)) and node.orelse is not None:
                stack.append(node.orelse)  # a nested loop's `else: break` breaks this one
            continue
        stack.extend(node.children)
    return False


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
