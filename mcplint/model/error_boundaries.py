"""Boundaries that change an exception's class on its way to the SDK.

A handler's raise is not always what the client receives: a project context manager
(``with error_boundary("style"): ...``, a ``@contextmanager`` generator whose ``yield`` sits in
a ``try``) or a decorator wrapper (``@logged`` whose inner ``wrapper`` calls the wrapped
function in a ``try``) catches it first, and its ``except`` clause raises another exception in
its place (``raise RuntimeError(...) from exc``, ``raise McpError(ErrorData(code=INTERNAL_ERROR,
...))``). What the stack maps to a JSON-RPC code is that second exception, raised at the
clause's ``raise``: a correct ``McpError(INVALID_PARAMS)`` re-wrapped as ``RuntimeError`` is
code 0, and a ``KeyError`` of an unknown style re-raised as ``INVALID_PARAMS`` is correct.

:func:`boundary_clauses` reads such a boundary's clauses from its source (Python semantics: the
first clause whose class matches takes the exception). The handler walk
(:mod:`mcplint.model.flow`) applies them to the raises of the guarded code. A clause that
neither re-raises nor raises another exception swallows it (the boundary answers instead):
the raise then reaches no client as an error.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.errors import handler_catches
from mcplint.model.module_info import ModuleInfo, dotted_name, suite_statements, walk

_CONTEXT_MANAGER_DECORATORS = frozenset({"contextmanager", "asynccontextmanager"})


@dataclass(frozen=True)
class Clause:
    """One ``except`` clause of a boundary. ``catches``: the class names it catches (last
    dotted part, ``*`` when bare). ``raised``: the ``raise`` that replaces a caught exception
    (None when the clause passes it on unchanged or swallows it). ``swallows``: the clause ends
    without raising, so the exception stops there."""

    catches: tuple[str, ...]
    raised: cst.Raise | None = None
    swallows: bool = False


def boundary_clauses(info: ModuleInfo, function: cst.FunctionDef,
                     call: cst.Call | None = None) -> tuple[Clause, ...] | None:
    """The clauses of the ``try`` that guards the code ``function`` wraps, when ``function`` is
    a boundary: a ``@contextmanager``/``@asynccontextmanager`` generator (the ``try`` around its
    ``yield``) or a decorator returning an inner wrapper (the ``try`` around the call of the
    decorated function, its parameter). None for any other function, or when no ``try`` holds
    the guarded statement. ``call`` is the boundary's call as written (``with
    invalid_params(KeyError, ValueError):``, ``@errors_as(KeyError)``): a clause catching one of
    ``function``'s parameters (``except kinds as exc`` in ``def invalid_params(*kinds)``)
    catches the classes that call hands it; without the call such a clause catches nothing
    known."""
    if function.name.value in ("__exit__", "__aexit__"):
        return _exit_clauses(info, function)
    if _is_context_manager(info, function):
        guard = _try_around(function, _is_yield_statement)
    else:
        guard = _wrapper_guard(function)
        if guard is None:  # a decorator factory (`@error_policy("digest")`): the decorator it returns
            inner = _returned_inner(function)
            guard = _wrapper_guard(inner) if inner is not None else None
    if guard is None:
        return None
    passed = _passed_classes(function, call)
    return tuple(_clause(info, handler, passed) for handler in guard.handlers)


def _passed_classes(function: cst.FunctionDef, call: cst.Call | None) -> dict[str, tuple[str, ...]]:
    """Parameter name -> the class names ``call`` hands it (last dotted part): one positional
    or keyword argument for a plain parameter (a tuple literal spread), every remaining
    positional one for ``*kinds``. Arguments that are not class names leave the parameter out."""
    if call is None:
        return {}
    params = list(function.params.params)
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    passed: dict[str, tuple[str, ...]] = {}
    for index, param in enumerate(params):
        value = positional[index] if index < len(positional) else keywords.get(param.name.value)
        if value is not None:
            passed[param.name.value] = _class_names(
                [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value])
    star = function.params.star_arg
    if isinstance(star, cst.Param):
        passed[star.name.value] = _class_names(positional[len(params):])
    return {name: classes for name, classes in passed.items() if classes}


def _class_names(nodes: list[cst.BaseExpression]) -> tuple[str, ...]:
    """The last dotted parts of ``nodes`` when every one is a (dotted) name, else ()."""
    names = [(dotted_name(node) or "").rsplit(".", 1)[-1] for node in nodes]
    return tuple(names) if names and all(names) else ()


def _wrapper_guard(function: cst.FunctionDef) -> cst.Try | None:
    """The ``try`` of the wrapper a decorator returns, around its call of the decorated function."""
    wrapped = _wrapped_parameter(function)
    inner = _returned_inner(function) if wrapped is not None else None
    return _try_around(inner, lambda s: _calls_name(s, wrapped)) if inner is not None else None


def _exit_clauses(info: ModuleInfo, function: cst.FunctionDef) -> tuple[Clause, ...] | None:
    """A context manager class's ``__exit__(self, exc_type, exc, tb)``: each ``if`` testing the
    exception's class (``issubclass(exc_type, KeyError)``, ``isinstance(exc, KeyError)``) whose
    block ends in a ``raise`` of another exception acts as an ``except KeyError:`` clause
    raising it. None when there is no such ``if``."""
    params = [param.name.value for param in function.params.params[1:3]]
    found = []
    for node in walk(function.body, into_nested_scopes=False):
        if not isinstance(node, cst.If):
            continue
        classes = _tested_classes(node.test, params)
        body = suite_statements(node.body)
        last = body[-1] if body else None
        raised = last.body[-1] if isinstance(last, cst.SimpleStatementLine) and last.body \
            and isinstance(last.body[-1], cst.Raise) else None
        if classes and raised is not None and raised.exc is not None \
                and not (isinstance(raised.exc, cst.Name) and raised.exc.value in params):
            found.append(Clause(classes, raised=raised))
    return tuple(found) or None


def _tested_classes(test: cst.BaseExpression, params: list[str]) -> tuple[str, ...]:
    """The class names ``issubclass(<param>, K)`` / ``isinstance(<param>, (K1, K2))`` in ``test``."""
    names: list[str] = []
    for call in walk(test):
        if not isinstance(call, cst.Call) or dotted_name(call.func) not in ("issubclass", "isinstance") \
                or len(call.args) != 2 or dotted_name(call.args[0].value) not in params:
            continue
        target = call.args[1].value
        elements = [e.value for e in target.elements] if isinstance(target, cst.Tuple) else [target]
        names.extend((dotted_name(e) or "").rsplit(".", 1)[-1] for e in elements)
    return tuple(name for name in names if name)


def first_clause(clauses: tuple[Clause, ...], caught_by) -> Clause | None:
    """The clause that takes an exception: the first whose caught names ``caught_by(name)``
    accepts (:func:`mcplint.model.errors.error_caught_by` bound to that exception)."""
    return next((clause for clause in clauses if any(caught_by(name) for name in clause.catches)), None)


def _is_context_manager(info: ModuleInfo, function: cst.FunctionDef) -> bool:
    for decorator in function.decorators:
        name = info.qualify(decorator.decorator) or ""
        if name.rsplit(".", 1)[-1] in _CONTEXT_MANAGER_DECORATORS:
            return True
    return False


def _wrapped_parameter(function: cst.FunctionDef) -> str | None:
    """A decorator's single parameter (the decorated function), or None."""
    params = function.params.params
    if len(params) != 1 or function.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT):
        return None
    return params[0].name.value


def _returned_inner(function: cst.FunctionDef) -> cst.FunctionDef | None:
    """The inner function ``function`` defines and returns (``def wrapper(...): ...; return
    wrapper``), or None."""
    inner = {s.name.value: s for s in suite_statements(function.body) if isinstance(s, cst.FunctionDef)}
    for statement in suite_statements(function.body):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Return) and isinstance(small.value, cst.Name) \
                        and small.value.value in inner:
                    return inner[small.value.value]
    return None


def _try_around(function: cst.FunctionDef, guarded) -> cst.Try | None:
    """The outermost ``try`` of ``function``'s own body whose ``try`` block holds a statement
    ``guarded`` accepts (not looking into nested functions)."""
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(guarded(s) for s in walk(node.body, into_nested_scopes=False)
                                             if isinstance(s, cst.SimpleStatementLine)):
            return node
    return None


def _is_yield_statement(statement: cst.SimpleStatementLine) -> bool:
    return any(isinstance(small, cst.Expr) and isinstance(small.value, cst.Yield)
               or isinstance(small, cst.Assign) and isinstance(small.value, cst.Yield) for small in statement.body)


def _calls_name(statement: cst.SimpleStatementLine, name: str) -> bool:
    """Whether the statement calls ``name(...)`` (awaited or not)."""
    return any(isinstance(node, cst.Call) and dotted_name(node.func) == name
               for node in walk(statement, into_nested_scopes=False))


def _clause(info: ModuleInfo, handler: cst.ExceptHandler, passed: dict[str, tuple[str, ...]]) -> Clause:
    """What one ``except`` clause does with what it caught: re-raise it unchanged, raise
    another exception in its place, or swallow it. ``passed``: the classes the boundary's
    call hands its parameters (:func:`_passed_classes`)."""
    catches = tuple(name for caught in handler_catches(info, handler) for name in passed.get(caught, (caught,)))
    body = suite_statements(handler.body)
    last = body[-1] if body else None
    raised = last.body[-1] if isinstance(last, cst.SimpleStatementLine) and last.body \
        and isinstance(last.body[-1], cst.Raise) else None
    if raised is None:
        return Clause(catches, swallows=True)
    if raised.exc is None or _is_caught_name(handler, raised.exc):
        return Clause(catches)  # `raise` / `raise exc`: the same exception goes on
    return Clause(catches, raised=raised)


def _is_caught_name(handler: cst.ExceptHandler, exc: cst.BaseExpression) -> bool:
    bound = handler.name.name if handler.name is not None and isinstance(handler.name.name, cst.Name) else None
    return isinstance(exc, cst.Name) and bound is not None and exc.value == bound.value
