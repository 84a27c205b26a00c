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
from mcplint.model.returns.purpose import tool_purposes
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
    pairs = _bound_pairs(assign)
    clause = state.except_clause if state.failure == "except" else None
    for name, value in pairs:
        _note_kept_flag(walker, clause, assign, name, value)
    if len(pairs) != 1 and clause is not None:  # `ok, err = False, str(e)`: one binding each
        for name, value in pairs:
            if _replaces_try_result(walker, clause, assign, value, name, set(state.values)):
                walker.kept_exceptions[name] = assign
            else:
                walker.kept_exceptions.pop(name, None)
        return
    names = [t.target.value for t in assign.targets if isinstance(t.target, cst.Name)]
    if len(names) != 1 or len(assign.targets) != 1:
        return
    name = names[0]
    if clause is not None:
        if _replaces_try_result(walker, clause, assign, assign.value, name, set(state.values)):
            walker.kept_exceptions[name] = assign
        else:
            walker.kept_exceptions.pop(name, None)
        return
    origin = _kept_origin(walker, assign.value)
    if origin is not None and not _carries_other_data(walker, assign.value):
        walker.kept_exceptions[name] = origin
    else:
        walker.kept_exceptions.pop(name, None)


def _bound_pairs(assign: cst.Assign) -> list[tuple[str, cst.BaseExpression]]:
    """(name, value) for ``name = value`` and for each element of ``a, b = x, y``."""
    if len(assign.targets) != 1:
        return []
    target = assign.targets[0].target
    if isinstance(target, cst.Name):
        return [(target.value, assign.value)]
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(assign.value, (cst.Tuple, cst.List)) \
            and len(target.elements) == len(assign.value.elements) \
            and all(isinstance(t, cst.Element) and isinstance(t.value, cst.Name) for t in target.elements) \
            and all(isinstance(v, cst.Element) for v in assign.value.elements):
        return [(t.value.value, v.value) for t, v in zip(target.elements, assign.value.elements)]
    return []


#: The value an ``except`` clause gives an outcome flag to say the work failed.
_FAILED_FLAG_VALUES = {"False", "error", "failed", "failure", "fail"}


def _note_kept_flag(walker, clause: cst.ExceptHandler | None, assign: cst.Assign, name: str,
                    value: cst.BaseExpression) -> None:
    """``except Exception as e: ok = False`` (``status = "error"``): an outcome flag the clause
    sets to failed, which a later ``{"success": ok, ...}`` / ``{"status": "ok" if ok else
    "error", ...}`` sends as a success (``walker.kept_flags``: local -> (assignment, clause));
    any other assignment of the local forgets it."""
    text = dotted_name(value) if isinstance(value, cst.Name) else \
        value.evaluated_value if isinstance(value, cst.SimpleString) else None
    if clause is not None and text in _FAILED_FLAG_VALUES:
        walker.kept_flags[name] = (assign, clause)
    else:
        walker.kept_flags.pop(name, None)


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


def note_error_entry_append(walker: HandlerWalker, statement: cst.Expr, state: State) -> None:
    """``results = []``; ``try: results.append(do(key))``; ``except Exception as e:
    results.append({"error": str(e)})``; ``return results``: the clause puts the exception's text
    where the result its ``try`` body was adding would have been, and the list the tool returns
    then holds nothing else. Remembered like kept exception text (``walker.kept_exceptions``,
    reported at the ``append``). Not in a loop: a batch that records each item's failure beside
    the others' results is a partial answer; not when the list is filled anywhere else."""
    clause = state.except_clause if state.failure == "except" else None
    call = statement.value
    if clause is None or clause.name is None or not isinstance(clause.name.name, cst.Name) \
            or not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
            or call.func.attr.value != "append" or not isinstance(call.func.value, cst.Name) or len(call.args) != 1:
        return
    name = call.func.value.value
    function = getattr(walker, "_function", None) or walker.handler.function
    holder = _try_holding(function, clause)
    if holder is None or _inside_loop(function, holder) or not _filled_only_in(function, name, holder):
        return
    value = call.args[0].value
    if value_kind(walker, value) != "dict" or text_kind(walker, value, {clause.name.name.value}, set(state.values)) \
            != "exception" or not quiet_before(walker, clause, statement, {clause.name.name.value}, set()):
        return
    walker.kept_exceptions[name] = call


def _try_holding(function: cst.FunctionDef, clause: cst.ExceptHandler) -> cst.Try | None:
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return node
    return None


def _inside_loop(function: cst.FunctionDef, statement: cst.CSTNode) -> bool:
    """Whether ``statement`` lies in the body of a ``for`` or ``while`` loop of ``function``."""
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, (cst.For, cst.While)) and any(inner is statement for inner in walk(node.body)):
            return True
    return False


def _filled_only_in(function: cst.FunctionDef, name: str, statement: cst.Try) -> bool:
    """``name`` is bound once, to an empty list, and every call of a method on it lies in ``statement``."""
    bindings = [node for node in walk(function.body, into_nested_scopes=False)
                if isinstance(node, cst.Assign) and any(dotted_name(t.target) == name for t in node.targets)]
    if len(bindings) != 1 or not (isinstance(bindings[0].value, cst.List) and not bindings[0].value.elements):
        return False
    inside = {id(node) for node in walk(statement)}
    return all(id(node) in inside for node in walk(function.body, into_nested_scopes=False)
               if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
               and dotted_name(node.func.value) == name)


def _kept_origin(walker, node: cst.CSTNode) -> cst.Assign | None:
    for inner in walk(node, into_nested_scopes=False):
        if type(inner) is cst.Name and inner.value in walker.kept_exceptions:  # see module_info.exact_types
            return walker.kept_exceptions[inner.value]
    return None


def _carries_other_data(walker, value: cst.BaseExpression) -> bool:
    """``{"name": collection.name, "count": count, "sample": peek_results}``: a value built from
    kept exception text and from data the tool computed (a partial answer whose one entry is
    an error), not the exception text passed on (``output = f"Result: {kept}"``)."""
    return any(_kept_origin(walker, payload) is None and text_kind(walker, payload, set(), set()) == "computed"
               for payload in payload_nodes(walker, value))


def _replaces_try_result(walker, clause: cst.ExceptHandler, assign: cst.Assign, value: cst.BaseExpression,
                         name: str, echoed: set[str]) -> bool:
    """The clause (after logging only) sets ``name`` to text built from the caught exception
    (argument values in ``echoed`` may be named in it), where ``name`` is the local its ``try``
    body also sets, or an error slot that every other assignment leaves empty (``message =
    None`` before the ``try``, then ``if message: return message``)."""
    if clause.name is None or not isinstance(clause.name.name, cst.Name):
        return False
    exception_names = {clause.name.name.value}
    if text_kind(walker, value, set(exception_names), set(echoed)) != "exception" \
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
    flagged = _flagged_clauses(walker, node.value)
    if flagged and tool_purposes(walker.handler, state.served) & {"probe", "validator"}:
        return []  # `{"reachable": ok, "error": err}` of a health check: the answer it exists to give
    payloads = [p for p in payload_nodes(walker, node.value) if not _is_flag(walker, p, flagged)]
    origins = [_kept_origin(walker, p) for p in payloads]
    kept = [origin for origin in origins if origin is not None]
    if not kept or any(origin is None and not _cleared(p, flagged) for p, origin in zip(payloads, origins)):
        return []
    assign = kept[0]
    if id(assign) in walker.reported_kept:
        return []
    walker.reported_kept.add(id(assign))
    kind = value_kind(walker, node.value)
    if isinstance(assign, cst.Call):  # `results.append({"error": str(e)})`: a list of that dict
        kind = "dict-list"
    if kind not in _TOOL_RESULTS_KEPT:
        kind = value_kind(walker, assign.value)
    if kind not in _TOOL_RESULTS_KEPT:
        kind = "str"  # the exception's text, in whatever container the tool returns
    return [ReturnSite(node=assign, value=kind, failure="except", served=state.served, text="exception")]


_TOOL_RESULTS_KEPT = {"str", "dict", "dict-list", "content", "result"}


def _flagged_clauses(walker, node: cst.BaseExpression) -> list[cst.ExceptHandler]:
    """The ``except`` clauses whose failed flag a dict literal in ``node`` sends under an outcome
    key: ``{"success": ok, ...}``, ``{"status": "ok" if ok else "error", ...}`` (``not ok`` too)."""
    found: list[cst.ExceptHandler] = []
    for inner in walk(node, into_nested_scopes=False):
        if not isinstance(inner, cst.Dict):
            continue
        for element in inner.elements:
            if isinstance(element, cst.DictElement) and walker.evaluator.eval(element.key) in _OUTCOME_KEYS:
                flag = _flag_name(walker, element.value)
                if flag is not None:
                    found.append(walker.kept_flags[flag][1])
    return found


_OUTCOME_KEYS = {"success", "ok", "status", "succeeded"}


def _flag_name(walker, node: cst.BaseExpression) -> str | None:
    """The kept flag ``node`` is or tests (``ok``, ``"ok" if ok else "error"``, ``not ok``)."""
    if isinstance(node, cst.IfExp):
        node = node.test
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        node = node.expression
    return node.value if isinstance(node, cst.Name) and node.value in walker.kept_flags else None


def _is_flag(walker, node: cst.BaseExpression, flagged: list) -> bool:
    return bool(flagged) and _flag_name(walker, node) is not None


def _cleared(node: cst.BaseExpression, flagged: list[cst.ExceptHandler]) -> bool:
    """Beside a kept flag: a literal, or a local the flagging clause empties (``item = None``)."""
    if not flagged:
        return False
    if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)) or dotted_name(node) in ("None", "True", "False"):
        return True
    if not isinstance(node, cst.Name):
        return False
    return any(isinstance(small, cst.Assign) and len(small.targets) == 1
               and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == node.value
               and (dotted_name(small.value) == "None" or is_empty_literal(small.value))
               for clause in flagged for small in walk(clause.body, into_nested_scopes=False))
