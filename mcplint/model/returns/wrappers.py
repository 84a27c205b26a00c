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
from mcplint.model.returns.shapes import formatter_kind, names_error, value_kind
from mcplint.model.returns.statements import leaves

# -- wrapper decorators that swallow exceptions ------------------------------------------------
_REGISTRATION_ATTRS = {"tool", "call_tool", "prompt", "get_prompt"}
_BROAD = {"Exception", "BaseException", "*"}


class SwallowingWrapper(NamedTuple):
    """A wrapper's return that hands back a caught exception as a value: the ``decorator`` as
    written on the function (a ``cst.Decorator``, or the expression of a module-level
    ``name = decorator(name)``), the ``node`` returned, its value ``kind`` (``value_kind``), the
    dispatch-table ``key`` of the decorated entry (None for the registered handler) and what the
    clause ``catches`` (``"every exception"`` or the class names)."""

    decorator: cst.CSTNode
    node: cst.Return
    kind: str
    key: str | None
    catches: str


class _InfoView:
    """The part of a walker that classifying a returned value needs: the module's bindings."""

    def __init__(self, info) -> None:
        self.info = info


def swallowing_wrappers(info, handler: HandlerModel) -> Iterator[SwallowingWrapper]:
    """A :class:`SwallowingWrapper` for each project decorator wrapping the handler whose
    wrapper catches the wrapped call's exceptions and returns a value (each such return of the
    wrapper whose shape is known, else its first); the entry key names the dispatch-table entry
    the decorator sits on (``HANDLERS = {"generate": handle_generate}`` of ``@json_handler``
    functions), None for the registered handler itself.

    ``@server.call_tool()`` over ``@handle_tool_errors``: what the framework registers is the
    wrapper, so every exception the handler raises (caller errors included) comes back as an
    ordinary result. The decorator may be defined in any project module, sync or async, and may
    be a factory (``@async_handler("get_state")`` returning the decorator), a class (``@Guarded``
    whose ``__call__`` calls the function ``__init__`` stored), a decorator that returns one of
    several wrappers (``async_wrapper if iscoroutinefunction(fn) else sync_wrapper``: the one of
    the decorated function's kind), a project decorator registering the function through
    another (``def safe_tool(fn): return mcp.tool()(_guard(fn))``), or be applied by a
    module-level assignment (``lookup = guarded(lookup)``). A clause that
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
    sources = [(handler.function, [(d, d.decorator) for d in below], None)]
    if not registered:
        sources[0][1].extend((e, e) for e in _applied_before_registration(info, handler.function))
    seen = {id(handler.function)}
    for key, function in handler.table_entries:
        if id(function) not in seen:  # a table entry's decorators all wrap what the handler calls
            seen.add(id(function))
            sources.append((function, [(d, d.decorator) for d in function.decorators], key))
    view = _InfoView(info)
    for decorated, decorators_of, key in sources:
        is_async = decorated.asynchronous is not None
        for written, expression in decorators_of:
            found = list(_wrapper_returns(view, info, expression, is_async))
            known = [one for one in found if one[1] != "unknown"]
            for node, kind, catches in known or found[:1]:  # a value of unknown shape: the first only
                yield SwallowingWrapper(written, node, kind, key, catches)


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


def _applied_before_registration(info, function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """``call_tool = catching(call_tool, "ledger")`` at module level, followed by a module-level
    statement handing ``call_tool`` to a call (``server.call_tool()(call_tool)``,
    ``mcp.add_tool(call_tool)``): the decorators applied to what is registered, innermost first.
    An assignment after the registration (or with none after it) wraps nothing registered."""
    module = getattr(info, "module", None)
    if module is None:
        return []
    name = function.name.value
    found: list[cst.BaseExpression] = []
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name:
                found = _applied_to(small.value, name)
            elif found and any(type(node) is cst.Call and any(
                    isinstance(arg.value, cst.Name) and arg.value.value == name for arg in node.args)
                    for node in walk(small, into_nested_scopes=False)):
                return found
    return []


def _applied_to(value: cst.BaseExpression, name: str) -> list[cst.BaseExpression]:
    """The decorator expressions ``outer(inner(name, "x"))`` applies to ``name``, innermost first
    (``factory(args)(name)`` counts its ``factory(args)``); empty for any other value."""
    applied: list[cst.BaseExpression] = []
    while isinstance(value, cst.Call) and value.args and value.args[0].keyword is None and not value.args[0].star:
        applied.append(value.func)
        value = value.args[0].value
    return list(reversed(applied)) if isinstance(value, cst.Name) and value.value == name else []


def _catching_clauses(info, evaluator, decorator: cst.FunctionDef) -> Iterator[tuple[cst.ExceptHandler, tuple | None]]:
    """The ``except`` clauses of the decorator's wrapper around the wrapped call that answer
    with a value other than a fresh call of it (raises None), or that raise only fresh
    exceptions of known kinds (their kinds); never one that re-raises the caught exception."""
    for wrapped, clause in _clauses_around_call(info, decorator):
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


def _clauses_around_call(info, decorator: cst.FunctionDef | cst.ClassDef,
                         is_async: bool | None = None) -> Iterator[tuple[tuple[str, ...], cst.ExceptHandler]]:
    """(how the wrapper calls the wrapped function, clause) for each ``except`` clause of a
    ``try`` whose body calls the wrapped function, in each wrapper of the decorator
    (:func:`_wrappers`): ``def deco(fn): def wrapper(*a): try: return fn(*a) except ...: ...;
    return wrapper``. With ``is_async`` known, of several wrappers only those of the decorated
    function's kind (an ``async def`` wrapper for a coroutine function) when there is one."""
    wrappers = _wrappers(info, decorator)
    if is_async is not None and len(wrappers) > 1:
        matching = [w for w in wrappers if (w.function.asynchronous is not None) == is_async]
        wrappers = matching or wrappers
    for wrapper in wrappers:
        yield from _wrapper_clauses(wrapper)


def _wrapper_clauses(wrapper: "_Wrapper") -> Iterator[tuple[tuple[str, ...], cst.ExceptHandler]]:
    for node in walk(wrapper.function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and _calls(node.body, wrapper.callee):
            yield from ((wrapper.callee, clause) for clause in node.handlers)


class _Wrapper(NamedTuple):
    """A function that runs in place of the decorated one: the ``function`` and how it calls
    the decorated one, ``callee``: ``("fn",)`` for the decorator's parameter it closes over,
    ``("self", "fn")`` for the attribute a decorator class stored it in."""

    function: cst.FunctionDef
    callee: tuple[str, ...]


def _wrappers(info, decorator: cst.FunctionDef | cst.ClassDef, depth: int = 0) -> list[_Wrapper]:
    """The functions that run in place of the function ``decorator`` is applied to.

    A decorator function taking the function first (further parameters need defaults; a
    method's ``self`` is skipped): each nested function it returns, at any depth of its body
    (``if iscoroutinefunction(fn): return async_wrapper`` then ``return sync_wrapper``,
    ``return a if ... else b``, ``return cast(T, wrapper)``, ``return wraps(fn)(wrapper)``,
    ``return update_wrapper(wrapper, fn)``), and the wrappers of a project decorator it applies
    to the function in its body (``guarded = _guard(fn)``; ``return mcp.tool()(guarded)``).
    A decorator class: its ``__call__`` when ``__init__`` stores the function
    (``self.fn = fn``). Nothing for anything else (a few levels deep at most)."""
    if depth > 2:
        return []
    if isinstance(decorator, cst.ClassDef):
        methods = {s.name.value: s for s in _body(decorator) if isinstance(s, cst.FunctionDef)}
        stored = _stored_parameter(methods.get("__init__"))
        call = methods.get("__call__")
        return [_Wrapper(call, ("self", stored))] if call is not None and stored is not None else []
    params = _decorator_parameters(decorator)
    if params is None:
        return []
    wrapped = params[0].name.value
    nested = {n.name.value: n for n in walk(decorator.body, into_nested_scopes=False)
              if type(n) is cst.FunctionDef and n is not decorator}
    found: list[_Wrapper] = []
    for node in walk(decorator.body, into_nested_scopes=False):
        if type(node) is cst.Return and node.value is not None:
            found.extend(_Wrapper(nested[name], (wrapped,)) for name in _returned_functions(node.value)
                         if name in nested and all(w.function is not nested[name] for w in found))
        elif type(node) is cst.Call and node.args and node.args[0].keyword is None and not node.args[0].star \
                and isinstance(node.args[0].value, cst.Name) and node.args[0].value.value == wrapped:
            applied = _project_callable(info, node.func)  # `_guard(fn)` inside the decorator
            if applied is not None and applied is not decorator:
                found.extend(_wrappers(info, applied, depth + 1))
    return found


def _decorator_parameters(function: cst.FunctionDef) -> list[cst.Param] | None:
    """The parameters of a function that can be applied as a decorator (the decorated function
    first, the others with defaults), a method's ``self`` left out; None otherwise."""
    params = list(function.params.posonly_params) + list(function.params.params)
    if params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    if not params or any(p.default is None for p in params[1:]) \
            or any(p.default is None for p in function.params.kwonly_params):
        return None
    return params


def _stored_parameter(init: cst.FunctionDef | None) -> str | None:
    """The attribute ``__init__(self, fn)`` stores its first parameter in (``self.fn = fn``)."""
    params = list(init.params.params) if init is not None else []
    if len(params) < 2 or any(p.default is None for p in params[2:]):
        return None
    name = params[1].name.value
    for node in walk(init.body, into_nested_scopes=False):
        if type(node) is cst.Assign and isinstance(node.value, cst.Name) and node.value.value == name:
            for target in node.targets:
                if isinstance(target.target, cst.Attribute) and dotted_name(target.target.value) == "self":
                    return target.target.attr.value
    return None


def _returned_functions(value: cst.BaseExpression) -> Iterator[str]:
    """The names of functions a decorator's ``return`` hands back (see :func:`_wrappers`)."""
    value = _uncast(value)
    if isinstance(value, cst.Name):
        yield value.value
    elif isinstance(value, cst.IfExp):
        yield from _returned_functions(value.body)
        yield from _returned_functions(value.orelse)
    elif isinstance(value, cst.Call) and isinstance(value.func, cst.Call) and value.args:
        yield from _returned_functions(value.args[0].value)  # functools.wraps(fn)(wrapper)
    elif isinstance(value, cst.Call) and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "update_wrapper" \
            and value.args:
        yield from _returned_functions(value.args[0].value)


def _project_callable(info, node: cst.BaseExpression) -> cst.FunctionDef | cst.ClassDef | None:
    name = dotted_name(node)
    if not name:
        return None
    return info.functions.get(name) or info.classes.get(name)


def _body(node: cst.CSTNode) -> tuple:
    return tuple(node.body.body) if isinstance(getattr(node, "body", None), cst.IndentedBlock) else ()


def _registration_name(node: cst.BaseExpression) -> str | None:
    target = node.func if isinstance(node, cst.Call) else node
    return target.attr.value if isinstance(target, cst.Attribute) else None


def swallowing_middleware(info, server) -> Iterator[SwallowingWrapper]:
    """A :class:`SwallowingWrapper` (its ``decorator`` the middleware expression) for each
    return of a project fastmcp middleware added to ``server`` (``mcp.add_middleware(
    ErrorsAsText())``, ``FastMCP(..., middleware=[ErrorsAsText()])`` in this module) whose
    ``on_call_tool`` / ``on_request`` / ``on_message`` hook catches what ``call_next(context)``
    raises and answers with a value: every tool's failure then reaches the client as an
    ordinary result. The same clauses count as for a decorator's wrapper
    (:func:`swallowing_wrappers`): a re-raise, ``ToolResult(..., is_error=True)`` or a raise of
    a fresh error is no answer."""
    if getattr(info, "module", None) is None or not server.stack.value.startswith("fastmcp"):
        return
    view, evaluator = _InfoView(info), Evaluator(info)
    for expression in _added_middleware(info.module, server):
        cls = _project_callable(info, expression.func if isinstance(expression, cst.Call) else expression)
        if not isinstance(cls, cst.ClassDef):
            continue
        hooks = [m for m in _body(cls) if isinstance(m, cst.FunctionDef) and m.name.value in _TOOL_HOOKS]
        wrappers = [_Wrapper(m, (m.params.params[2].name.value,)) for m in hooks if len(m.params.params) >= 3]
        found = list(_swallowing_returns(view, info, wrappers, evaluator, {}))
        known = [one for one in found if one[1] != "unknown"]
        for node, kind, catches in known or found[:1]:
            yield SwallowingWrapper(expression, node, kind, None, catches)


#: fastmcp middleware hooks a tool call passes through (``fastmcp/server/middleware/middleware.py``).
_TOOL_HOOKS = {"on_call_tool", "on_request", "on_message"}


def _added_middleware(module: cst.Module, server) -> Iterator[cst.BaseExpression]:
    """The middleware expressions this module adds to ``server``: ``server.add_middleware(x)``
    and the items of the constructor's ``middleware=[...]``."""
    constructor = server.constructor if isinstance(server.constructor, cst.Call) else None
    for arg in constructor.args if constructor is not None else ():
        if arg.keyword is not None and arg.keyword.value == "middleware" and isinstance(arg.value, (cst.List, cst.Tuple)):
            yield from (element.value for element in arg.value.elements)
    for node in walk(module):
        if type(node) is cst.Call and isinstance(node.func, cst.Attribute) and node.func.attr.value == "add_middleware" \
                and node.args and dotted_name(node.func.value) == server.variable:
            yield node.args[0].value


def _wrapper_returns(view, info, expression: cst.BaseExpression,
                     is_async: bool | None = None) -> Iterator[tuple[cst.Return, str, str]]:
    evaluator = Evaluator(info)
    _, bound = _decorator_function_env(info, expression)
    env = {name: evaluator.eval(value) if isinstance(value, cst.BaseExpression) else UNKNOWN
           for name, value in bound.items()}  # `@handler(scope="tool")`: the factory's arguments
    for decorator in _decorators_of(info, expression):
        wrappers = _wrappers(info, decorator)
        if is_async is not None and len(wrappers) > 1:
            matching = [w for w in wrappers if (w.function.asynchronous is not None) == is_async]
            wrappers = matching or wrappers
        yield from _swallowing_returns(view, info, wrappers, evaluator, env)


def _swallowing_returns(view, info, wrappers: list, evaluator: Evaluator,
                        env: dict) -> Iterator[tuple[cst.Return, str, str]]:
    """(return, value kind, what the clause catches) for each answer of the wrappers'
    ``except`` clauses around their call of the wrapped function."""
    for wrapper in wrappers:
        for wrapped, clause in _wrapper_clauses(wrapper):
            # a clause that re-raises some answers only the exceptions its test selects: its
            # answer is a failure only when an error builder makes it (`if cm.expired(): return
            # _error("ToolTimeout", ...)` then `raise`)
            selective = _reraises_some(clause)
            classes = handler_catches(info, clause)
            broad = bool(set(classes) & _BROAD)
            catches = "every exception" if broad else "every " + " or ".join(classes)
            caught = clause.name.name.value if clause.name is not None \
                and isinstance(clause.name.name, cst.Name) else None
            for inner in _live_returns(clause.body, evaluator, env):
                if inner.value is not None and not _calls(inner.value, wrapped):
                    value = _kept_value(clause, _uncast(inner.value))
                    if selective and not _error_built(info, value):
                        continue
                    if not broad and (caught is None or not _mentions_name(value, caught)) \
                            and not _error_built(info, value):
                        continue  # a narrow clause's fixed answer: may be the fallback it exists for
                    kind = value_kind(view, value)
                    if kind == "unknown":  # `_error(type(e).__name__, str(e))`: a project function shaping it
                        kind = formatter_kind(view, value) or _built_dict(info, value) or kind
                    if kind not in ("result-error", "error-data"):
                        yield inner, kind, catches


def _live_returns(block: cst.BaseSuite, evaluator: Evaluator, env: dict) -> Iterator[cst.Return]:
    """The ``return`` statements of ``block`` that can run when the factory's arguments are
    ``env``: ``if scope == "tool": return ToolResult(...)`` under ``@handler(scope="tool")``
    leaves the return after that ``if`` unreachable; a test the evaluator cannot decide keeps
    both sides."""
    statements = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    for statement in statements:
        if isinstance(statement, cst.If):
            verdict = evaluator.eval(statement.test, env) if env else UNKNOWN
            if verdict is not False:
                yield from _live_returns(statement.body, evaluator, env)
            if verdict is not True and statement.orelse is not None:
                orelse = statement.orelse
                yield from (_live_returns(orelse.body, evaluator, env) if isinstance(orelse, cst.Else)
                            else _live_returns(cst.IndentedBlock(body=[orelse]), evaluator, env))
            if verdict is True and leaves(statement.body):
                return
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Return):
                    yield small
                if isinstance(small, (cst.Return, cst.Raise)):
                    return
            continue
        yield from (node for node in walk(statement, into_nested_scopes=False) if type(node) is cst.Return)


def _decorators_of(info, expression: cst.BaseExpression) -> list[cst.FunctionDef | cst.ClassDef]:
    """What a decorator expression applies: ``@name`` a project function or class; for a call
    ``@factory(...)`` the decorator the factory returns (a nested function), or for a class
    ``@Boundary(...)`` its ``__call__``."""
    if not isinstance(expression, cst.Call):
        found = _project_callable(info, expression)
        return [found] if found is not None else []
    made = _project_callable(info, expression.func)
    if isinstance(made, cst.ClassDef):
        call = next((s for s in _body(made) if isinstance(s, cst.FunctionDef) and s.name.value == "__call__"), None)
        return [call] if call is not None else []
    function = _decorator_function(info, expression)
    return [function] if function is not None else []


def _error_built(info, value: cst.BaseExpression) -> bool:
    """``_error("ToolTimeout", f"tool exceeded {timeout_s}s")``: a narrow clause's answer built by
    a project function whose name says it builds an error, whatever its text: the wrapper names
    it a failure, not the fallback the clause exists for (``except CacheMiss: return {}``)."""
    return names_error(value) and (_built_dict(info, value) is not None
                                   or isinstance(_project_callable(info, value.func), cst.FunctionDef))


def _built_dict(info, value: cst.BaseExpression) -> str | None:
    """``"dict"`` for a call of a project function every ``return`` of which is a dict literal
    (``def _error(kind, message): return {"error": {"type": kind, "message": _scrub(message)}}``)."""
    function = _project_callable(info, value.func) if isinstance(value, cst.Call) else None
    if not isinstance(function, cst.FunctionDef):
        return None
    returned = [node.value for node in walk(function.body, into_nested_scopes=False) if type(node) is cst.Return]
    return "dict" if returned and all(isinstance(r, cst.Dict) for r in returned) else None


def _kept_value(clause: cst.ExceptHandler, value: cst.BaseExpression) -> cst.BaseExpression:
    """``resp = _error(type(e).__name__, str(e))`` ... ``return resp``: the value the clause
    gave the returned local, when it gives it one value; else ``value`` itself."""
    if not isinstance(value, cst.Name):
        return value
    assigned = [node.value for node in walk(clause.body, into_nested_scopes=False)
                if type(node) is cst.Assign and len(node.targets) == 1
                and isinstance(node.targets[0].target, cst.Name) and node.targets[0].target.value == value.value]
    return assigned[0] if len(assigned) == 1 else value


def _mentions_name(node: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Name) and n.value == name for n in walk(node, into_nested_scopes=False))


def _reraises_some(clause: cst.ExceptHandler) -> bool:
    """The clause re-raises on some path (``if "ConnectionError" in name: return ...; raise``):
    it answers only the exceptions its test selects, not every exception of the handler."""
    caught = clause.name.name.value if clause.name is not None and isinstance(clause.name.name, cst.Name) else None
    return any(isinstance(node, cst.Raise) and (node.exc is None or (
        caught is not None and isinstance(node.exc, cst.Name) and node.exc.value == caught))
        for node in walk(clause.body, into_nested_scopes=False))


def _calls(node: cst.CSTNode, callee: str | tuple[str, ...]) -> bool:
    """Whether ``node`` calls the wrapped function, named ``callee`` (a name, or ``("self",
    attr)`` for a stored one), or hands it to a call that runs it (``asyncio.to_thread(fn, *a)``,
    ``loop.run_in_executor(None, fn)``)."""
    parts = (callee,) if isinstance(callee, str) else callee
    return any(isinstance(n, cst.Call) and (_is_callee(n.func, parts) or any(
        arg.keyword is None and _is_callee(arg.value, parts) for arg in n.args))
        for n in walk(node, into_nested_scopes=False))


def _is_callee(node: cst.BaseExpression, parts: tuple[str, ...]) -> bool:
    if len(parts) == 1:
        return isinstance(node, cst.Name) and node.value == parts[0]
    return isinstance(node, cst.Attribute) and node.attr.value == parts[-1] and dotted_name(node.value) == parts[0]


def _uncast(node: cst.BaseExpression) -> cst.BaseExpression:
    """``cast(T, value)`` is ``value``."""
    if isinstance(node, cst.Call) and dotted_name(node.func) in ("cast", "typing.cast") and len(node.args) == 2:
        return node.args[1].value
    return node
