"""Project decorators stacked under a tool's registration whose wrapper catches every
exception of the wrapped call and returns a value: every error of the handler, caller errors
included, then arrives as an ordinary result.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.model.errors import handler_catches
from mcplint.model.facts import HandlerModel
from mcplint.model.module_info import dotted_name, walk
from mcplint.model.returns.shapes import value_kind

# -- wrapper decorators that swallow exceptions ------------------------------------------------
_REGISTRATION_ATTRS = {"tool", "call_tool", "prompt", "get_prompt"}
_BROAD = {"Exception", "BaseException", "*"}


class _InfoView:
    """The part of a walker that classifying a returned value needs: the module's bindings."""

    def __init__(self, info) -> None:
        self.info = info


def swallowing_wrappers(info, handler: HandlerModel) -> Iterator[tuple[cst.Decorator, cst.Return, str]]:
    """(decorator, return, value kind) for each project decorator stacked under the handler's
    registration whose wrapper catches every exception of the wrapped call and returns a value
    (the first such return of the wrapper).

    ``@server.call_tool()`` over ``@handle_tool_errors``: what the framework registers is the
    wrapper, so every exception the handler raises (caller errors included) comes back as an
    ordinary result. A return of ``CallToolResult(isError=True)``, ``ErrorData`` or a fresh
    call of the wrapped function (a retry) is not counted; neither is a decorator above the
    registration, which the framework never sees.
    """
    decorators = list(handler.function.decorators)
    registered = [i for i, d in enumerate(decorators) if _registration_name(d.decorator) in _REGISTRATION_ATTRS]
    below = decorators[registered[0] + 1:] if registered else decorators
    view = _InfoView(info)
    for decorator in below:
        name = dotted_name(decorator.decorator)
        function = info.functions.get(name) if name else None
        if function is None:
            continue
        for node, kind in _wrapper_returns(view, info, function):
            yield decorator, node, kind  # once per wrapper: its first swallowing return
            break


def _registration_name(node: cst.BaseExpression) -> str | None:
    target = node.func if isinstance(node, cst.Call) else node
    return target.attr.value if isinstance(target, cst.Attribute) else None


def _wrapper_returns(view, info, decorator: cst.FunctionDef) -> Iterator[tuple[cst.Return, str]]:
    params = list(decorator.params.params)
    if len(params) != 1:
        return
    wrapped = params[0].name.value
    body = decorator.body.body if isinstance(decorator.body, cst.IndentedBlock) else ()
    nested = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    returned = [s.body[0].value for s in body if isinstance(s, cst.SimpleStatementLine)
                and isinstance(s.body[0], cst.Return) and isinstance(s.body[0].value, cst.Name)]
    for value in returned:
        wrapper = nested.get(value.value)
        if wrapper is None:
            continue
        for node in walk(wrapper.body, into_nested_scopes=False):
            if not isinstance(node, cst.Try) or not _calls(node.body, wrapped):
                continue
            for clause in node.handlers:
                if not set(handler_catches(info, clause)) & _BROAD or _reraises_some(clause):
                    continue
                for inner in walk(clause.body, into_nested_scopes=False):
                    if isinstance(inner, cst.Return) and inner.value is not None \
                            and not _calls(inner.value, wrapped):
                        kind = value_kind(view, _uncast(inner.value))
                        if kind not in ("result-error", "error-data"):
                            yield inner, kind


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
