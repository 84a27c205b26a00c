"""A ``with`` block whose context manager swallows the failure of the work inside it: the
handler goes on after the block as if the work had succeeded, and what it returns there is an
ordinary result although the call failed.

* a project ``@contextmanager`` / ``@asynccontextmanager`` generator whose ``yield`` sits in a
  ``try`` with an ``except`` clause that never raises (``except Exception as exc:
  journal.append(...)``): Python's ``contextlib`` ends the ``with`` normally when the generator
  catches the exception and does not re-raise it (``contextlib._GeneratorContextManager.__exit__``
  returns True when the generator does not re-raise). The failure is reported at that clause;
* a project class whose ``__exit__`` / ``__aexit__`` returns ``True`` (the data model: a true
  value from ``__exit__`` suppresses the exception): reported at that ``return``;
* a ``return`` in a ``finally:`` block: Python discards the exception in flight when a
  ``finally`` block returns (the language reference, "The try statement"; PEP 765), so the
  failure of the ``try`` body's work becomes the value returned there; reported at that
  ``return``;
* ``contextlib.suppress(...)`` around the work that computes the value the handler returns
  (``runs = []``; ``with suppress(ValueError): runs = next_runs(expr)``; ``return runs``): the
  failure becomes the empty default the tool answers with; reported at the ``with``. A block
  whose bound values the handler does not return (a cleanup, ``os.remove(path)``) is not this.

The walk (:mod:`mcplint.model.flow`) marks the path after such a block with the failure kind
``swallowed``; ``failure_key`` holds ``bound:`` and the locals the ``suppress`` block binds (the
return must hand one back), or ``as:`` and the ``as`` name of a project manager (a return that
reads it reports what the manager recorded, and is not judged).
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, suite_statements, walk


def swallowing_manager(info, function: cst.FunctionDef, statement: cst.With, suppressed: bool,
                       arguments: set[str]) -> tuple[cst.CSTNode, str] | None:
    """(where the failure is swallowed, the ``failure_key``) for a ``with`` statement whose
    manager swallows what its block raises while the block works on the request (a call handed
    one of the ``arguments``, the locals holding argument values), else None. Work on nothing
    the caller sent (a cache of the server's own) may fail quietly into a fallback."""
    if not any(isinstance(node, cst.Call) and _reads(node, arguments)
               for node in walk(statement.body, into_nested_scopes=False)):
        return None
    if suppressed:
        bound = _bound_by_calls(statement.body)
        return (statement, "bound:" + ",".join(sorted(bound))) if bound else None
    for item in statement.items:
        node = _swallowing_node(info, item.item)
        if node is not None:
            alias = item.asname.name.value if item.asname is not None and isinstance(item.asname.name, cst.Name) else ""
            if alias and _read_outside(function, statement, alias):
                return None  # `if outcome.failed: ...`: the handler reads what the manager recorded
            return node, "as:" + alias
    return None


def _swallowing_node(info, manager: cst.BaseExpression) -> cst.CSTNode | None:
    """The clause (generator manager) or ``return True`` (class manager) that swallows."""
    if not isinstance(manager, cst.Call):
        return None
    name = dotted_name(manager.func)
    if not name:
        return None
    function = info.functions.get(name)
    if function is not None:
        return _generator_clause(function) if _is_generator_manager(function) else None
    cls = info.classes.get(name)
    return _exit_returning_true(cls) if isinstance(cls, cst.ClassDef) else None


def _is_generator_manager(function: cst.FunctionDef) -> bool:
    return any((dotted_name(d.decorator) or "").rsplit(".", 1)[-1] in ("contextmanager", "asynccontextmanager")
               for d in function.decorators)


def _generator_clause(function: cst.FunctionDef) -> cst.ExceptHandler | None:
    """The first ``except`` clause around the generator's ``yield`` that never raises."""
    for node in walk(function.body, into_nested_scopes=False):
        if type(node) is cst.Try and any(isinstance(inner, cst.Yield)
                                         for inner in walk(node.body, into_nested_scopes=False)):
            for clause in node.handlers:
                if not any(isinstance(inner, cst.Raise) for inner in walk(clause.body, into_nested_scopes=False)):
                    return clause
    return None


def _exit_returning_true(cls: cst.ClassDef) -> cst.Return | None:
    """The ``return True`` of the class's own ``__exit__`` / ``__aexit__``."""
    for statement in suite_statements(cls.body):
        if isinstance(statement, cst.FunctionDef) and statement.name.value in ("__exit__", "__aexit__"):
            for node in walk(statement.body, into_nested_scopes=False):
                if isinstance(node, cst.Return) and isinstance(node.value, cst.Name) and node.value.value == "True":
                    return node
    return None


def _bound_by_calls(block: cst.CSTNode) -> set[str]:
    """Locals the block binds to a call's value (``runs = next_runs(expr, n)``)."""
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None:
            value = node.value.expression if isinstance(node.value, cst.Await) else node.value
            if not isinstance(value, cst.Call):
                continue
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            names |= {t.value for t in targets if isinstance(t, cst.Name)}
    return names


def hands_back(value: cst.BaseExpression | None, key: str | None) -> bool:
    """Whether the returned ``value`` is judged on the path after a swallowing ``with`` of
    ``key``: for ``suppress``, it reads one of the locals the block bound; for a project
    manager, it does not read the manager's ``as`` name."""
    kind, _, names = (key or "").partition(":")
    read = {node.value for node in walk(value, into_nested_scopes=False) if isinstance(node, cst.Name)} \
        if value is not None else set()
    wanted = set(names.split(",")) - {""}
    if kind == "bound":
        return bool(read & wanted)
    return not read & wanted


def _reads(call: cst.Call, names: set[str]) -> bool:
    return any(isinstance(node, cst.Name) and node.value in names
               for arg in call.args for node in walk(arg.value, into_nested_scopes=False))


def _read_outside(function: cst.FunctionDef, statement: cst.With, name: str) -> bool:
    """``name`` is read somewhere in ``function`` outside the ``with`` statement that binds it."""
    inside = {id(node) for node in walk(statement, into_nested_scopes=False)}
    return any(isinstance(node, cst.Name) and node.value == name and id(node) not in inside
               for node in walk(function.body, into_nested_scopes=False))


_FINALLY_RETURNS: dict = {}


def returns_in_finally(function: cst.FunctionDef, node: cst.Return, arguments: set[str]) -> bool:
    """``node`` sits in the ``finally:`` block of a ``try`` whose body works on what the caller
    sent (a call handed one of the ``arguments``): returning there discards the body's failure."""
    tries = memo_by_node(_FINALLY_RETURNS, function, lambda: _finally_returns(function))
    tried = tries.get(id(node))
    return tried is not None and any(isinstance(inner, cst.Call) and _reads(inner, arguments)
                                     for inner in walk(tried.body, into_nested_scopes=False))


def _finally_returns(function: cst.FunctionDef) -> dict[int, cst.Try]:
    """id of each ``return`` in a ``finally:`` block of ``function`` -> its ``try``."""
    found: dict[int, cst.Try] = {}
    for node in walk(function.body, into_nested_scopes=False):
        if type(node) is cst.Try and node.finalbody is not None:
            for inner in walk(node.finalbody, into_nested_scopes=False):
                if isinstance(inner, cst.Return):
                    found[id(inner)] = node
    return found
