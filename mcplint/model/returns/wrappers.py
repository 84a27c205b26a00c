"""Project decorators stacked under a tool's registration whose wrapper catches every
exception of the wrapped call and returns a value: every error of the handler, caller errors
included, then arrives as an ordinary result.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import libcst as cst

from mcplint.model.errors import handler_catches
from mcplint.model.facts import HandlerModel
from mcplint.model.module_info import dotted_name, walk
from mcplint.model.returns.shapes import value_kind

# -- wrapper decorators that swallow exceptions ------------------------------------------------
_REGISTRATION_ATTRS = {"tool", "call_tool", "prompt", "get_prompt"}
_BROAD = {"Exception", "BaseException", "*"}


class SwallowingWrapper(NamedTuple):
    """A wrapper's return that hands back a caught exception as a value: the ``decorator`` as
    written on the function, the ``node`` returned, its value ``kind`` (``value_kind``), the
    dispatch-table ``key`` of the decorated entry (None for the registered handler) and what the
    clause ``catches`` (``"every exception"`` or the class names)."""

    decorator: cst.Decorator
    node: cst.Return
    kind: str
    key: str | None
    catches: str


class _InfoView:
    """The part of a walker that classifying a returned value needs: the module's bindings."""

    def __init__(self, info) -> None:
        self.info = info


def swallowing_wrappers(info, handler: HandlerModel) -> Iterator[SwallowingWrapper]:
    """A :class:`SwallowingWrapper` for each project decorator stacked under the
    handler's registration whose wrapper catches the wrapped call's exceptions and returns a
    value (each such return of the wrapper whose shape is known, else its first); the entry key names the dispatch-table entry
    the decorator sits on (``HANDLERS = {"generate": handle_generate}`` of ``@json_handler``
    functions), None for the registered handler itself.

    ``@server.call_tool()`` over ``@handle_tool_errors``: what the framework registers is the
    wrapper, so every exception the handler raises (caller errors included) comes back as an
    ordinary result. The decorator may be defined in any project module, sync or async, and may
    be a factory (``@async_handler("get_state")`` returning the decorator). A clause that
    catches every exception counts whatever it returns; one that catches a narrower class
    (``except UpstreamError as exc``) counts when its value carries the exception
    (``{"error": str(exc)}``). A return of ``CallToolResult(isError=True)``,
    ``ToolResult(is_error=True)``, ``ErrorData`` or a fresh call of the wrapped function (a
    retry) is not counted, nor is a clause that raises (``raise ToolError(str(e))``), nor a
    decorator above the registration, which the framework never sees.
    """
    decorators = list(handler.function.decorators)
    registered = [i for i, d in enumerate(decorators) if _registration_name(d.decorator) in _REGISTRATION_ATTRS]
    below = decorators[registered[0] + 1:] if registered else decorators
    sources = [(below, None)]
    seen = {id(handler.function)}
    for key, function in handler.table_entries:
        if id(function) not in seen:  # a table entry's decorators all wrap what the handler calls
            seen.add(id(function))
            sources.append((list(function.decorators), key))
    view = _InfoView(info)
    for decorators_of, key in sources:
        for decorator in decorators_of:
            function = _decorator_function(info, decorator.decorator)
            if function is None:
                continue
            found = list(_wrapper_returns(view, info, function))
            known = [one for one in found if one[1] != "unknown"]
            for node, kind, catches in known or found[:1]:  # a value of unknown shape: the first only
                yield SwallowingWrapper(decorator, node, kind, key, catches)


def catching_wrappers(info, handler: HandlerModel) -> list[tuple[str | None, frozenset[str]]]:
    """(dispatch-table key or None for the registered handler, the exception classes caught)
    for each project decorator under the handler's registration (or on a table entry it calls)
    whose wrapper answers an exception of the wrapped call with a returned value, whatever the
    value (``CallToolResult(isError=True, ...)`` included): an exception those clauses catch never
    reaches the framework, so it is not sent as a JSON-RPC error (MCP207). A clause that
    re-raises on some path is not counted."""
    found: list[tuple[str | None, frozenset[str]]] = []
    for decorator, key in _decorators_of(handler):
        function = _decorator_function(info, decorator.decorator)
        if function is None:
            continue
        for clause in _answering_clauses(function):
            found.append((key, frozenset(handler_catches(info, clause))))
    return found


def catches(classes: frozenset[str], name: str) -> bool:
    """Whether a clause catching ``classes`` (:func:`catching_wrappers`) catches ``name``."""
    return bool(classes & _BROAD) or name in classes


def _decorators_of(handler: HandlerModel) -> Iterator[tuple[cst.Decorator, str | None]]:
    """The decorators under the handler's registration (key None) and those of each dispatch-table
    entry it calls (keyed by the entry's name)."""
    decorators = list(handler.function.decorators)
    registered = [i for i, d in enumerate(decorators) if _registration_name(d.decorator) in _REGISTRATION_ATTRS]
    for decorator in decorators[registered[0] + 1:] if registered else decorators:
        yield decorator, None
    seen = {id(handler.function)}
    for key, function in handler.table_entries:
        if id(function) not in seen:
            seen.add(id(function))
            for decorator in function.decorators:
                yield decorator, key


def _answering_clauses(decorator: cst.FunctionDef) -> Iterator[cst.ExceptHandler]:
    """The ``except`` clauses of the decorator's wrapper around the wrapped call that return a
    value other than a fresh call of it and never re-raise."""
    params = list(decorator.params.params)
    if len(params) != 1:
        return
    wrapped = params[0].name.value
    body = decorator.body.body if isinstance(decorator.body, cst.IndentedBlock) else ()
    nested = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    for returned in _returned_names(body):
        wrapper = nested.get(returned)
        if wrapper is None:
            continue
        for node in walk(wrapper.body, into_nested_scopes=False):
            if not isinstance(node, cst.Try) or not _calls(node.body, wrapped):
                continue
            for clause in node.handlers:
                if _reraises_some(clause) or any(isinstance(inner, cst.Raise)
                                                 for inner in walk(clause.body, into_nested_scopes=False)):
                    continue
                if any(isinstance(inner, cst.Return) and inner.value is not None and not _calls(inner.value, wrapped)
                       for inner in walk(clause.body, into_nested_scopes=False)):
                    yield clause


def _decorator_function(info, node: cst.BaseExpression) -> cst.FunctionDef | None:
    """The project function that takes the wrapped function: ``@name`` / ``@module.name``
    itself, or for a factory ``@name(...)`` the decorator it returns (a nested function)."""
    name = dotted_name(node.func if isinstance(node, cst.Call) else node)
    function = info.functions.get(name) if name else None
    if function is None or not isinstance(node, cst.Call):
        return function
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    nested = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    for returned in _returned_names(body):
        if returned in nested:
            return nested[returned]
    return None


def _returned_names(body) -> Iterator[str]:
    """``return wrapper`` / ``return cast(T, wrapper)`` at the top of a function body."""
    for statement in body:
        if isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], cst.Return):
            value = statement.body[0].value
            value = _uncast(value) if value is not None else None
            if isinstance(value, cst.Name):
                yield value.value


def _registration_name(node: cst.BaseExpression) -> str | None:
    target = node.func if isinstance(node, cst.Call) else node
    return target.attr.value if isinstance(target, cst.Attribute) else None


def _wrapper_returns(view, info, decorator: cst.FunctionDef) -> Iterator[tuple[cst.Return, str, str]]:
    params = list(decorator.params.params)
    if len(params) != 1:
        return
    wrapped = params[0].name.value
    body = decorator.body.body if isinstance(decorator.body, cst.IndentedBlock) else ()
    nested = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    for returned in _returned_names(body):
        wrapper = nested.get(returned)
        if wrapper is None:
            continue
        for node in walk(wrapper.body, into_nested_scopes=False):
            if not isinstance(node, cst.Try) or not _calls(node.body, wrapped):
                continue
            for clause in node.handlers:
                if _reraises_some(clause):
                    continue  # it answers only the exceptions its test selects
                classes = handler_catches(info, clause)
                broad = bool(set(classes) & _BROAD)
                catches = "every exception" if broad else "every " + " or ".join(classes)
                caught = clause.name.name.value if clause.name is not None \
                    and isinstance(clause.name.name, cst.Name) else None
                if not broad and caught is None:
                    continue  # `except CacheMiss: return default`: a fallback for one case
                for inner in walk(clause.body, into_nested_scopes=False):
                    if isinstance(inner, cst.Return) and inner.value is not None \
                            and not _calls(inner.value, wrapped):
                        value = _uncast(inner.value)
                        if not broad and not _mentions_name(value, caught):
                            continue  # a narrow clause's fixed answer: may be the fallback it exists for
                        kind = value_kind(view, value)
                        if kind not in ("result-error", "error-data"):
                            yield inner, kind, catches


def _mentions_name(node: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Name) and n.value == name for n in walk(node, into_nested_scopes=False))


def _reraises_some(clause: cst.ExceptHandler) -> bool:
    """The clause re-raises on some path (``if "ConnectionError" in name: return ...; raise``):
    it answers only the exceptions its test selects, not every exception of the handler."""
    caught = clause.name.name.value if clause.name is not None and isinstance(clause.name.name, cst.Name) else None
    return any(isinstance(node, cst.Raise) and (node.exc is None or (
        caught is not None and isinstance(node.exc, cst.Name) and node.exc.value == caught))
        for node in walk(clause.body, into_nested_scopes=False))


def _calls(node: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == name
               for n in walk(node, into_nested_scopes=False))


def _uncast(node: cst.BaseExpression) -> cst.BaseExpression:
    """``cast(T, value)`` is ``value``."""
    if isinstance(node, cst.Call) and dotted_name(node.func) in ("cast", "typing.cast") and len(node.args) == 2:
        return node.args[1].value
    return node
