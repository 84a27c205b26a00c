"""Project decorators that register the function they are given on a server.

Real servers wrap the framework's decorator in one of their own, so that every tool gets the
same guard, logging or timeout::

    def safe_tool(func):                      # @safe_tool
        return mcp.tool()(_guard(func))

    def safe_tool(*args, timeout=30, **kw):   # @safe_tool(timeout=60)
        def decorator(func):
            guarded = _guard(func, timeout)
            return mcp.tool(*args, **kw)(guarded)
        return decorator

    def tool(**kw):                           # @tool(name="x")
        return mcp.tool(**kw)

The function under such a decorator is a tool (or prompt) of the server the inner
registration names, declared by its own signature (``functools.wraps`` keeps it, and the
frameworks read signatures through ``__wrapped__``). This module only reads the decorator's
code (libcst nodes, never run); :mod:`mcplint.model.servers` resolves the receiver in the
module that defines the decorator and registers the decorated functions.

Registration forms inside the decorator (FastMCP, MCPServer, fastmcp 2/3/4, as
``../shared/FRAMEWORKS.md`` §1-4): ``X.tool(...)(f)``, ``X.prompt(...)(f)``, ``X.tool(f)``,
``X.prompt(f)``, ``X.add_tool(f)``, ``X.add_prompt(f)``, where ``f`` is the decorator's
parameter or a call that wraps it (``_guard(func)``, also through one local name).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.module_info import suite_statements, walk

_METHODS = {"tool": "tool", "prompt": "prompt", "add_tool": "tool", "add_prompt": "prompt"}


@dataclass(frozen=True)
class InnerRegistration:
    """The registration a project decorator makes: ``receiver`` as written in ``function``
    (the decorator that receives the decorated function), the framework ``method`` (``tool``
    or ``prompt``), the registration ``call`` and the call holding its options (``name=``):
    ``options`` is ``mcp.tool(name=...)`` of ``mcp.tool(name=...)(f)``, None for
    ``mcp.tool(f)`` / ``mcp.add_tool(f)`` and for a returned ``mcp.tool(...)`` decorator."""

    function: cst.FunctionDef
    receiver: cst.BaseExpression
    method: str
    call: cst.Call
    options: cst.Call | None


def registering_decorator(function: cst.FunctionDef) -> InnerRegistration | None:
    """The registration ``function`` makes of its first parameter, when it is a decorator that
    registers what it decorates and returns it (or what wraps or registers it), see the module
    docstring; None for anything else, also when it makes several registrations of it (which
    one is not known)."""
    params = list(function.params.params)
    if params and params[0].name.value in ("self", "cls"):
        return None  # a method registering its argument: its callers decide (a gap where they are unknown)
    if not params or any(p.default is None for p in params[1:]) or function.params.kwonly_params \
            and any(p.default is None for p in function.params.kwonly_params):
        return None  # a decorator is called with the function alone
    found = _registrations(function)
    return found[0] if found else None


def _registrations(function: cst.FunctionDef) -> list[InnerRegistration]:
    """Every registration of the decorated function that ``function`` (a decorator) makes,
    when they all register it on the same receiver by the same member and every ``return``
    hands back the decorated function or what registers it: ``if enabled(func): return
    mcp.tool(annotations=a)(func)`` / ``return mcp.tool()(func)`` / ``else: return func`` is one
    registration on the paths where it happens, the identity on the others (the tool is served
    whenever the setting lets it, so it is judged as a tool). Empty for anything else."""
    params = list(function.params.params)
    carriers = _carriers(function, params[0].name.value)
    found = [one for one in (_registration(node, function, carriers) for node in walk(function.body,
                                                                                         into_nested_scopes=False)
                             if type(node) is cst.Call) if one is not None]
    if not found or len({(_text(one.receiver), one.method) for one in found}) != 1 \
            or not _returns_decorated(function, carriers, {id(one.call) for one in found}):
        return []  # `def create_server(path): server.add_prompt(build(path)); return server` is no decorator
    return found


def _text(node: cst.CSTNode) -> str:
    """The source text of a small expression (a receiver such as ``mcp`` or ``self.server``)."""
    return cst.Module([]).code_for_node(node)


def returned_registration(factory: cst.FunctionDef) -> InnerRegistration | None:
    """``def tool(**kw): return mcp.tool(**kw)``: a factory whose result is the framework's own
    decorator, so ``@tool(...)`` registers the decorated function; None otherwise."""
    returned = [small.value for statement in suite_statements(factory.body)
                if isinstance(statement, cst.SimpleStatementLine)
                for small in statement.body if isinstance(small, cst.Return) and small.value is not None]
    if len(returned) != 1 or not isinstance(returned[0], cst.Call):
        return None
    call = returned[0]
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value not in ("tool", "prompt"):
        return None
    if any(arg.keyword is None and not arg.star and not isinstance(arg.value, cst.SimpleString)
           for arg in call.args[:1]):
        return None  # mcp.tool(fn): a registration of something else, not a decorator
    return InnerRegistration(factory, call.func.value, call.func.attr.value, call, call)


def is_registration_form(call: cst.Call) -> bool:
    """Whether ``call`` has the shape of a registration a project decorator makes (a cheap test
    before :func:`registers_own_parameter` reads the function around it)."""
    func = call.func
    if isinstance(func, cst.Call):
        return isinstance(func.func, cst.Attribute) and func.func.attr.value in ("tool", "prompt")
    return isinstance(func, cst.Attribute) and func.attr.value in _METHODS


def registers_own_parameter(function: cst.FunctionDef, call: cst.Call) -> bool:
    """Whether ``call`` is the registration a registering decorator ``function`` makes of its
    parameter (or the framework decorator a factory returns): the decorated functions are registered where the decorator is applied, so this
    call is no registration of its own (nor a handler that could not be followed)."""
    if returned_registration(function) is not None:
        return returned_registration(function).call is call
    params = list(function.params.params)
    if not params or params[0].name.value in ("self", "cls") or registering_decorator(function) is None:
        return False
    return any(one.call is call for one in _registrations(function))


def _returns_decorated(function: cst.FunctionDef, carriers: set[str], registrations: set[int]) -> bool:
    """Whether every ``return`` of ``function`` (in any branch, nested functions aside) hands
    back the decorated function (or what wraps or registers it), as a decorator does, and
    there is one."""
    returned = [node.value for node in walk(function.body, into_nested_scopes=False) if type(node) is cst.Return]
    return bool(returned) and all(value is not None and (id(value) in registrations or _carries(value, carriers))
                                  for value in returned)


def _carriers(function: cst.FunctionDef, param: str) -> set[str]:
    """``param`` and the local names assigned a call that wraps it (``guarded = _guard(func)``)."""
    carriers = {param}
    for statement in suite_statements(function.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name) and _carries(small.value, carriers):
                carriers.add(small.targets[0].target.value)
    return carriers


def _carries(expr: cst.BaseExpression, carriers: set[str]) -> bool:
    """``func``, or a call given it positionally (``_guard(func)``, ``wraps(func)(inner)``)."""
    if isinstance(expr, cst.Name):
        return expr.value in carriers
    if isinstance(expr, cst.Call):
        if isinstance(expr.func, cst.Call) and _carries(expr.func, carriers):
            return True
        return any(arg.keyword is None and not arg.star and _carries(arg.value, carriers) for arg in expr.args)
    return False


def _registration(call: cst.Call, function: cst.FunctionDef, carriers: set[str]) -> InnerRegistration | None:
    if not call.args or call.args[0].keyword is not None or call.args[0].star \
            or not _carries(call.args[0].value, carriers):
        return None
    func = call.func
    if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute) and func.func.attr.value in ("tool", "prompt"):
        return InnerRegistration(function, func.func.value, func.func.attr.value, call, func)  # mcp.tool()(f)
    if isinstance(func, cst.Attribute) and func.attr.value in _METHODS:
        return InnerRegistration(function, func.value, _METHODS[func.attr.value], call, None)  # mcp.add_tool(f)
    return None
