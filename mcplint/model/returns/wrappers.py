"""Project decorators stacked under a tool's registration whose wrapper catches every
exception of the wrapped call and returns a value: every error of the handler, caller errors
included, then arrives as an ordinary result.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import libcst as cst

from mcplint.model.errors import classify_raise, handler_catches
from mcplint.model.evaluate import UNKNOWN, Evaluator, bind_arguments
from mcplint.model.facts import ErrorKind, HandlerModel
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


class CatchingClause(NamedTuple):
    """An ``except`` clause of a project decorator's wrapper around the wrapped call: the
    dispatch-table ``key`` of the decorated entry (None for the registered handler), the class
    names it catches (``"*"`` for every exception, or when the model cannot know them) and what
    it does with them: ``raises`` is None when it answers with a returned value, else the kinds
    of the fresh exceptions it raises instead (``except MCPError as e: raise ValueError(...)``)."""

    key: str | None
    classes: frozenset[str]
    raises: tuple[ErrorKind, ...] | None


def catching_wrappers(info, handler: HandlerModel) -> list[CatchingClause]:
    """The :class:`CatchingClause` of each project decorator that wraps the handler, innermost
    first: the table entries' decorators, those under the handler's registration, then those
    applied by a module-level assignment (``call = answer_errors(Exception)(call)``). A clause
    answering with a returned value, whatever the value (``CallToolResult(isError=True, ...)``
    included), stops an exception it catches before the framework; one raising a fresh
    exception hands the framework that one instead (MCP207). The decorator may be a factory
    (``@answer_errors(ValueError)`` whose wrapper does ``except classes``): the classes are the
    factory's arguments. A clause that re-raises the caught exception on some path, or mixes a
    returned answer with a raise, is not counted. mcp 2.x low-level and MCPServer send different
    exceptions as JSON-RPC errors (../shared/FRAMEWORKS.md, "Verified behaviour: tools/call")."""
    found: list[CatchingClause] = []
    evaluator = Evaluator(info)
    for decorator, key in _decorators_inner_first(info, handler):
        function, env = _decorator_function_env(info, decorator)
        if function is None:
            continue
        for clause, raises in _catching_clauses(info, evaluator, function):
            found.append(CatchingClause(key, _caught_classes(info, clause, env), raises))
    return found


def catches(classes: frozenset[str], name: str) -> bool:
    """Whether a clause catching ``classes`` (:func:`catching_wrappers`) catches ``name``."""
    return bool(classes & _BROAD) or name in classes


def _decorators_inner_first(info, handler: HandlerModel) -> Iterator[tuple[cst.BaseExpression, str | None]]:
    """The decorator expressions wrapping the handler, innermost first, with the table key."""
    decorators = list(handler.function.decorators)
    registered = [i for i, d in enumerate(decorators) if _registration_name(d.decorator) in _REGISTRATION_ATTRS]
    seen = {id(handler.function)}
    for key, function in handler.table_entries:
        if id(function) not in seen:
            seen.add(id(function))
            for decorator in reversed(function.decorators):
                yield decorator.decorator, key
    for decorator in reversed(decorators[registered[0] + 1:] if registered else decorators):
        yield decorator.decorator, None
    for expression in _assigned_decorators(info, handler.function.name.value):
        yield expression, None


def _assigned_decorators(info, name: str) -> list[cst.BaseExpression]:
    """``name = outer(inner(name))`` / ``name = factory(args)(name)`` at module level: the
    decorator expressions applied to the function ``name``, innermost first."""
    value = info.constants.get(name) if info is not None else None
    applied: list[cst.BaseExpression] = []
    while isinstance(value, cst.Call) and len(value.args) == 1 and value.args[0].keyword is None \
            and not value.args[0].star:
        applied.append(value.func)
        value = value.args[0].value
    return list(reversed(applied)) if isinstance(value, cst.Name) and value.value == name else []


def _catching_clauses(info, evaluator, decorator: cst.FunctionDef) -> Iterator[tuple[cst.ExceptHandler, tuple | None]]:
    """The ``except`` clauses of the decorator's wrapper around the wrapped call that answer
    with a value other than a fresh call of it (raises None), or that raise only fresh
    exceptions of known kinds (their kinds); never one that re-raises the caught exception."""
    for wrapped, clause in _clauses_around_call(decorator):
        if _reraises_some(clause):
            continue
        inner = list(walk(clause.body, into_nested_scopes=False))
        raises = [n for n in inner if isinstance(n, cst.Raise)]
        answers = any(isinstance(n, cst.Return) and n.value is not None and not _calls(n.value, wrapped)
                      for n in inner)
        if answers and not raises:
            yield clause, None
        elif raises and not answers:
            kinds = tuple(classify_raise(info, evaluator, r.exc) for r in raises)
            if all(kind is not None for kind in kinds):
                yield clause, kinds


def _caught_classes(info, clause: cst.ExceptHandler, env: dict) -> frozenset[str]:
    """The class names the clause catches; a factory parameter (``except classes``) stands for
    the classes of the factory call's arguments, ``"*"`` when they are not class names."""
    if isinstance(clause.type, cst.Name) and clause.type.value in env:
        bound = env[clause.type.value]
        nodes = list(bound) if isinstance(bound, tuple) else [bound]
        names = []
        for node in nodes:
            if isinstance(node, cst.Tuple):
                nodes.extend(el.value for el in node.elements)
                continue
            dotted = dotted_name(node) if isinstance(node, cst.BaseExpression) else None
            if dotted is None:
                return frozenset({"*"})  # the model cannot know what it catches: assume it answers
            names.append(dotted.rsplit(".", 1)[-1])
        return frozenset(names)
    return frozenset(handler_catches(info, clause))


def _decorator_function_env(info, node: cst.BaseExpression) -> tuple[cst.FunctionDef | None, dict]:
    """The decorator function (:func:`_decorator_function`) and, for a factory call, its
    parameters bound to the call's argument expressions (a parameter left to its default is
    bound to the default's expression)."""
    function = _decorator_function(info, node)
    if function is None or not isinstance(node, cst.Call):
        return function, {}
    factory = info.functions.get(dotted_name(node.func) or "")
    if factory is None or any(arg.star for arg in node.args):
        return function, {}
    args = [arg.value for arg in node.args if arg.keyword is None]
    kwargs = {arg.keyword.value: arg.value for arg in node.args if arg.keyword is not None}
    env = bind_arguments(factory, args, kwargs) or {}
    params = list(factory.params.posonly_params) + list(factory.params.params) + list(factory.params.kwonly_params)
    for param in params:
        if env.get(param.name.value) is UNKNOWN and param.default is not None:
            env[param.name.value] = param.default
    return function, env


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


def _clauses_around_call(decorator: cst.FunctionDef) -> Iterator[tuple[str, cst.ExceptHandler]]:
    """(wrapped parameter, clause) for each ``except`` clause of a ``try`` whose body calls the
    wrapped function, in the wrapper a one-parameter decorator returns (``def deco(fn): def
    wrapper(*a): try: return fn(*a) except ...: ...; return wrapper``)."""
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
            if isinstance(node, cst.Try) and _calls(node.body, wrapped):
                yield from ((wrapped, clause) for clause in node.handlers)


def _registration_name(node: cst.BaseExpression) -> str | None:
    target = node.func if isinstance(node, cst.Call) else node
    return target.attr.value if isinstance(target, cst.Attribute) else None


def _wrapper_returns(view, info, decorator: cst.FunctionDef) -> Iterator[tuple[cst.Return, str, str]]:
    for wrapped, clause in _clauses_around_call(decorator):
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
