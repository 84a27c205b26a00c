"""Exception text kept in a local and returned later: ``try: output = run(...) except Exception
as e: output = f"Error: {e}"`` then ``return output`` after the ``try``: the ``except`` clause
replaced the result the ``try`` body was computing, and the later ``return`` sends it as a
success. The failure site is the assignment in the clause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.facts import ReturnSite
from mcplint.model.module_info import dotted_name, walk
from mcplint.model.returns.except_clauses import quiet_before
from mcplint.model.returns.shapes import payload_nodes, text_kind, value_kind
from mcplint.model.returns.statements import is_empty_literal

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State


# -- exception text kept in a local and returned later ------------------------------------------
def note_kept_exception(walker: HandlerWalker, assign: cst.Assign, state: State) -> None:
    """``try: output = run(...) except Exception as e: output = f"Error: {e}"``, then ``return
    output`` after the ``try``: the ``except`` clause replaces the result the ``try`` body was
    computing with the exception's text, and the later ``return`` sends it as a success. Remember
    such locals (``walker.kept_exceptions``: local -> the assignment in the clause), and what is
    built from them afterwards (``x = f(output)``); any other assignment forgets the local."""
    names = [t.target.value for t in assign.targets if isinstance(t.target, cst.Name)]
    if len(names) != 1 or len(assign.targets) != 1:
        return
    name = names[0]
    clause = state.except_clause if state.failure == "except" else None
    if clause is not None:
        if _replaces_try_result(walker, clause, assign, name, set(state.values)):
            walker.kept_exceptions[name] = assign
        else:
            walker.kept_exceptions.pop(name, None)
        return
    origin = _kept_origin(walker, assign.value)
    if origin is not None:
        walker.kept_exceptions[name] = origin
    else:
        walker.kept_exceptions.pop(name, None)


def note_kept_loop(walker: HandlerWalker, loop: cst.For) -> None:
    """``for item in output:`` over a kept exception text: ``item`` is that text too."""
    origin = _kept_origin(walker, loop.iter)
    for node in walk(loop.target, into_nested_scopes=False):
        if isinstance(node, cst.Name):
            if origin is not None:
                walker.kept_exceptions[node.value] = origin
            else:
                walker.kept_exceptions.pop(node.value, None)


def note_kept_append(walker: HandlerWalker, call: cst.BaseExpression) -> None:
    """``content.append(TextContent(text=item))`` of a kept exception text: ``content`` holds it."""
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
            or call.func.attr.value not in ("append", "extend", "insert") or not isinstance(call.func.value, cst.Name):
        return
    origin = _kept_origin(walker, call)
    if origin is not None:
        walker.kept_exceptions.setdefault(call.func.value.value, origin)


def _kept_origin(walker, node: cst.CSTNode) -> cst.Assign | None:
    for inner in walk(node, into_nested_scopes=False):
        if type(inner) is cst.Name and inner.value in walker.kept_exceptions:  # see module_info.exact_types
            return walker.kept_exceptions[inner.value]
    return None


def _replaces_try_result(walker, clause: cst.ExceptHandler, assign: cst.Assign, name: str,
                         echoed: set[str]) -> bool:
    """The clause (after logging only) sets ``name`` to text built from the caught exception
    (argument values in ``echoed`` may be named in it), where ``name`` is the local its ``try``
    body also sets, or an error slot that every other assignment leaves empty (``message =
    None`` before the ``try``, then ``if message: return message``)."""
    if clause.name is None or not isinstance(clause.name.name, cst.Name):
        return False
    exception_names = {clause.name.name.value}
    if text_kind(walker, assign.value, set(exception_names), set(echoed)) != "exception" \
            or not quiet_before(walker, clause, assign, set(exception_names), set()):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return name in _bound_names(node.body) or _error_slot(function, name, assign)
    return False


def _error_slot(function: cst.FunctionDef, name: str, assign: cst.Assign) -> bool:
    """Every assignment of ``name`` in ``function`` but ``assign`` sets it to ``None`` or an
    empty literal, and there is at least one: a slot for an error that may not happen."""
    others = [node for node in walk(function.body, into_nested_scopes=False)
              if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and node is not assign
              and name in _bound_names(node)]
    return bool(others) and all(isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None
                                and (dotted_name(node.value) == "None" or is_empty_literal(node.value))
                                for node in others)


def _bound_names(block: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else \
            [node.target] if isinstance(node, (cst.AnnAssign, cst.AugAssign)) else []
        for target in targets:
            names |= {n.value for n in walk(target, into_nested_scopes=False) if isinstance(n, cst.Name)}
    return names


def kept_exception_sites(walker, node: cst.Return, state) -> list[ReturnSite]:
    """A failure site at the ``except`` assignment whose text this ``return`` hands back, when
    every payload of the return is built from kept exception text (a partial result that
    carries other data as well is not reported) and the return sets no ``isError`` flag."""
    if walker.handler.kind != "tool" or node.value is None or state.failure == "except" \
            or not walker.kept_exceptions:
        return []
    if any(isinstance(n, cst.Arg) and n.keyword is not None and n.keyword.value in ("isError", "is_error")
           for n in walk(node.value, into_nested_scopes=False)):
        return []
    payloads = list(payload_nodes(walker, node.value))
    origins = [_kept_origin(walker, p) for p in payloads]
    if not payloads or any(origin is None for origin in origins):
        return []
    assign = origins[0]
    if id(assign) in walker.reported_kept:
        return []
    walker.reported_kept.add(id(assign))
    kind = value_kind(walker, node.value)
    if kind not in _TOOL_RESULTS_KEPT:
        kind = value_kind(walker, assign.value)
    if kind not in _TOOL_RESULTS_KEPT:
        kind = "str"  # the exception's text, in whatever container the tool returns
    return [ReturnSite(node=assign, value=kind, failure="except", served=state.served, text="exception")]


_TOOL_RESULTS_KEPT = {"str", "dict", "dict-list", "content", "result"}
