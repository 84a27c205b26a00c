"""Return sites of a handler: what each ``return`` sends and whether it is on a failure path.

The forward walk of :mod:`mcplint.model.flow` calls in here at each ``if`` (which side of
the test rejects an argument) and at each ``return`` of the handler itself. A failure path is
judged by control flow, never by the wording of the text:

* an ``except`` clause that does no other work before returning (logging does not count;
  ``except ImportError: data = other_lib.render(x); return data`` is a fallback, not a failure);
* the branch serving no declared name (after name dispatch);
* the side of a test that rejects an argument: ``not x``, ``x is None``, ``"k" not in args``,
  ``x not in ALLOWED``, ``not valid(x)`` (a bare truth test of a ``bool`` parameter is a flag,
  not a check), and the wildcard ``case _:`` after literal cases on an argument's value;
* the side of a test where the tool's own call reports a failure (``data["result"] !=
  "success"``, ``not response.ok``, ``proc.returncode != 0``): :func:`outcome_failure_sides`;
* an ``except`` clause's text kept in the local the ``try`` body computes the result in, and
  returned later (:func:`note_kept_exception`).

Two paths also need the wording of the fixed text: a failed lookup keyed by an argument ("not
found") and a branch on an argument's value whose text refuses it ("not supported"). A result
that says itself it failed (``{"status": "error"}``, an error builder's value) is a failure
wherever it is returned.

What the return carries is classified by shape (``ReturnSite.value``) and by what its text is
built from (``ReturnSite.text``). Protocol background: MCP specification 2025-11-25,
server/tools "Error Handling" (tool errors belong in a result with ``isError: true``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.errors import handler_catches
from mcplint.model.facts import FileModel, HandlerModel, ReturnSite, ServerModel
from mcplint.model.module_info import contains, dotted_name, exact_types, literal_value, memo_by_node, walk

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

_CONTENT_CALLS = {"TextContent", "ImageContent", "AudioContent", "EmbeddedResource", "ResourceLink"}
_PROMPT_MESSAGE_CALLS = {"PromptMessage", "UserMessage", "AssistantMessage", "Message"}
# Calls that only shape text or wrap it: they do not compute new content.
_TEXT_CALLS = {"str", "repr", "format", "dumps", "dict", "list", "type", "format_exc", "join", "strip",
               "getattr", "len"} | _CONTENT_CALLS | _PROMPT_MESSAGE_CALLS | {"CallToolResult", "GetPromptResult"}
_LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "print_exc"}


def every_handler(model: FileModel) -> Iterator[tuple[ServerModel, HandlerModel]]:
    """Every (server, handler) pair, including the FastMCP family's ``@mcp.tool`` functions."""
    for server in model.servers:
        for handler in list(server.handlers) + list(server.signature_tools):
            yield server, handler


# -- which side of a test rejects an argument ------------------------------------------------
def failure_sides(walker: HandlerWalker, test: cst.BaseExpression, state: State,
                  guard: cst.If | None = None) -> tuple[bool, bool]:
    """(the true side rejects an argument, the false side does) for an ``if`` test.

    ``guard`` is the ``if`` statement itself: a range test of an argument (``count < 1``)
    rejects only in the shape of a guard, a body that leaves the function with no ``else``.
    """
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        if _is_presence_operand(walker, inner, state) or _is_check_call(walker, inner, state):
            return True, False
        true_side, false_side = failure_sides(walker, inner, state, guard)
        return false_side, true_side
    if isinstance(test, cst.BooleanOperation):
        if isinstance(test.operator, cst.And) and _none_given(walker, test, state):
            return True, False  # `not a and not b`: neither of the alternatives was given
        left, right = failure_sides(walker, test.left, state, guard), failure_sides(walker, test.right, state, guard)
        if isinstance(test.operator, cst.Or):  # false only when both are false
            return left[0] and right[0], left[1] or right[1]
        return left[0] or right[0], left[1] and right[1]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        if _is_range_guard(walker, test, state, guard) or _is_empty_length(walker, test, state):
            return True, False
        return _comparison_sides(walker, test, state)
    return False, False


# -- which side of a test finds that the tool's own work failed ------------------------------------
#: Keys and attributes that carry the outcome of a call (not the state of a thing it reports on:
#: ``status`` and ``state`` compared with text are left alone, a job's "failed" is data).
_OUTCOME_FLAGS = {"ok", "success", "succeeded"}
_OUTCOME_RESULTS = {"result", "status_code", "statusCode", "status"}
_ERROR_MARKS = {"error", "errors", "is_error", "isError", "failed", "err"}
_SUCCESS_VALUES = {"success", "ok", "succeeded", "successful"}
_EXIT_CODES = {"returncode", "return_code", "exit_code", "exitcode", "exit_status"}


def outcome_failure_sides(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> tuple[str | None, str | None]:
    """(the local whose failure the true side handles, likewise for the false side) for a test
    of the outcome of the tool's own call: ``data = await fetch(...)`` then ``if data["result"]
    != "success"``, ``if not response.ok``, ``if response.status_code != 200`` (or ``>= 400``),
    ``if data.get("error")``, ``if result.is_error``. The local is the one assignment of a call
    (not an argument value)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        true_side, false_side = outcome_failure_sides(walker, test.expression, state)
        return false_side, true_side
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        if isinstance(test.comparisons[0].operator, cst.In) and walker.evaluator.eval(test.left) == "error":
            local, _ = _outcome_access(walker, cst.Subscript(value=test.comparisons[0].comparator, slice=[
                cst.SubscriptElement(slice=cst.Index(value=test.left))]), state)
            return (f"{local}[error]" if local is not None else None), None  # `if "error" in data:`
        return _outcome_comparison(walker, test, state)
    if isinstance(test, cst.Name) and test.value not in state.values:
        flagged = _outcome_flag_local(walker, test.value, state)
        if flagged is not None:
            return None, flagged  # `if success:` the false side failed
    local, key = _outcome_access(walker, test, state)
    if local is None:
        return None, None
    if key in _OUTCOME_FLAGS:
        return None, local  # `if data["success"]:` the false side failed
    if key in _ERROR_MARKS:
        return local, None
    return None, None


#: memo of _local_bindings, by function
_BINDINGS: dict = {}


def _local_bindings(function: cst.FunctionDef) -> dict[str, list | None]:
    """Each name bound in ``function``'s own body -> the (target, value) of its plain
    assignments, or None when something else binds it too (``+=``, ``for``, ``:=``, ``as``,
    an annotated assignment). One walk per function, kept for the last few functions."""
    return memo_by_node(_BINDINGS, function, lambda: _find_local_bindings(function))


#: What else binds a name in a function (``type(node) in``: see module_info.exact_types).
_OTHER_BINDERS = exact_types(cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.AsName)
_TARGET_BINDERS = exact_types(cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)


def _find_local_bindings(function: cst.FunctionDef) -> dict[str, list | None]:
    found: dict[str, list | None] = {}
    for inner in walk(function.body, into_nested_scopes=False):
        kind = type(inner)  # not isinstance: see module_info.exact_types (every node of the function)
        if kind is cst.Assign:
            for target in inner.targets:
                for name in {node.value for node in walk(target.target) if isinstance(node, cst.Name)}:
                    if found.get(name, []) is not None:
                        found.setdefault(name, []).append((target.target, inner.value))
        elif kind in _OTHER_BINDERS:
            target = getattr(inner, "target", None) or getattr(inner, "name", None)
            for node in walk(target) if target is not None else ():
                if isinstance(node, cst.Name):
                    found[node.value] = None
    return found


def _outcome_flag_local(walker, name: str, state) -> str | None:
    """The call result whose outcome flag ``name`` holds: ``success = bool(result.get("success"))``
    or ``ok = response.ok`` (its one binding), or ``success, output = backend.run(command)`` (a
    flag-named local unpacked from a call's result). None for anything else."""
    function = getattr(walker, "_function", None) or walker.handler.function
    bindings = _local_bindings(function).get(name, [])
    if bindings is None or len(bindings) != 1:
        return None
    target, value = bindings[0]
    value = value.expression if isinstance(value, cst.Await) else value
    if isinstance(target, cst.Tuple):
        return name if name in _OUTCOME_FLAGS and isinstance(value, cst.Call) else None
    if isinstance(value, cst.Call) and dotted_name(value.func) == "bool" and len(value.args) == 1:
        value = value.args[0].value
    local, key = _outcome_access(walker, value, state)
    return local if local is not None and key in _OUTCOME_FLAGS else None


def _outcome_comparison(walker, test: cst.Comparison, state) -> tuple[str | None, str | None]:
    operator = test.comparisons[0].operator
    if isinstance(operator, (cst.In, cst.NotIn)):
        return _error_entry_test(walker, test, state)
    local, key = _outcome_access(walker, test.left, state)
    operator = test.comparisons[0].operator
    value = walker.evaluator.eval(test.comparisons[0].comparator)
    if local is not None and key in _EXIT_CODES and value == 0 and not isinstance(value, bool):
        if isinstance(operator, (cst.NotEqual, cst.GreaterThan)):
            return local, None  # `if proc.returncode != 0:`
        if isinstance(operator, cst.Equal):
            return None, local
        return None, None
    if local is None or key not in _OUTCOME_RESULTS | _OUTCOME_FLAGS:
        return None, None
    if isinstance(value, bool) and key in _OUTCOME_FLAGS and isinstance(operator, (cst.Is, cst.Equal)):
        return (None, local) if value else (local, None)  # `data["ok"] is False`
    if isinstance(value, int) and not isinstance(value, bool) and key in ("status_code", "statusCode", "status"):
        if isinstance(operator, (cst.GreaterThanEqual, cst.GreaterThan)) and value >= 299:
            return local, None
        if value in (200, 201, 204) and isinstance(operator, (cst.NotEqual, cst.Equal)):
            return (local, None) if isinstance(operator, cst.NotEqual) else (None, local)
        return None, None
    if isinstance(value, str) and key == "result" and value.lower() in _SUCCESS_VALUES:
        if isinstance(operator, (cst.NotEqual, cst.Equal)):
            return (local, None) if isinstance(operator, cst.NotEqual) else (None, local)
    return None, None


def _error_entry_test(walker, test: cst.Comparison, state) -> tuple[str | None, str | None]:
    """``if "error" in data:`` (``not in`` for the other side), where ``data`` is the one result of
    a call (``data = await fetch(...)``): a helper that answers a failure with an ``{"error":
    ...}`` dict instead of raising, re-tested by its caller."""
    key = walker.evaluator.eval(test.left)
    local = test.comparisons[0].comparator
    if not isinstance(key, str) or key not in _ERROR_MARKS or not isinstance(local, cst.Name) or local.value in state.values \
            or walker.is_mapping(local, state):
        return None, None
    function = getattr(walker, "_function", None) or walker.handler.function
    if not _bound_to_calls(function, local.value):
        return None, None
    return (local.value, None) if isinstance(test.comparisons[0].operator, cst.In) else (None, local.value)


def _outcome_access(walker, node: cst.BaseExpression, state) -> tuple[str | None, str | None]:
    """(local, key) for ``local["key"]``, ``local.get("key")`` or ``local.key`` where ``local`` is
    bound once to a call's result and holds no argument value."""
    base, key = None, None
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        base, key = node.value, walker.evaluator.eval(node.slice[0].slice.value)
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and node.args:
        base, key = node.func.value, walker.evaluator.eval(node.args[0].value)
    elif isinstance(node, cst.Attribute):
        base, key = node.value, node.attr.value
    if not isinstance(base, cst.Name) or not isinstance(key, str) or base.value in state.values \
            or walker.is_mapping(base, state):
        return None, None
    function = getattr(walker, "_function", None) or walker.handler.function
    if not _bound_to_calls(function, base.value):
        return None, None
    return base.value, key


_BOUND_TO_CALLS: dict = {}  # memo of _bound_to_calls, by function and local


def _bound_to_calls(function: cst.FunctionDef, local: str) -> bool:
    """Every binding of ``local`` is the result of a call: ``local = [await] f(...)`` or
    ``[async] with f(...) as local:`` (one per branch of a dispatcher is fine). Worked out
    once per function and name (the last few hundred are kept)."""
    return memo_by_node(_BOUND_TO_CALLS, function, lambda: _every_binding_a_call(function, local),
                        extra=local, limit=512)


def _every_binding_a_call(function: cst.FunctionDef, local: str) -> bool:
    found = False
    for inner in walk(function.body, into_nested_scopes=False):
        kind = type(inner)  # not isinstance: see module_info.exact_types (every node of the function)
        if kind is cst.WithItem and inner.asname is not None:
            if any(isinstance(n, cst.Name) and n.value == local for n in walk(inner.asname.name)):
                item = inner.item.expression if isinstance(inner.item, cst.Await) else inner.item
                if not isinstance(item, cst.Call) or not isinstance(inner.asname.name, cst.Name):
                    return False
                found = True
            continue
        targets = [t.target for t in inner.targets] if kind is cst.Assign else \
            [inner.target] if kind in _TARGET_BINDERS else \
            [inner.name] if kind is cst.AsName else []
        if not any(isinstance(n, cst.Name) and n.value == local for t in targets for n in walk(t)):
            continue
        value = getattr(inner, "value", None)
        value = value.expression if isinstance(value, cst.Await) else value
        if not isinstance(inner, (cst.Assign, cst.AnnAssign)) or len(targets) != 1 \
                or not isinstance(targets[0], cst.Name) or not isinstance(value, cst.Call):
            return False
        found = True
    return found


def tests_argument_value(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> bool:
    """The test looks at an argument's value (``";" in query``, ``mode == "delete"``,
    ``path.startswith("/etc")``) and not at the requested tool or prompt name. Either side of it
    may refuse the value: :func:`_classify` counts a return there as a failure only when its
    fixed text says so (``_REFUSAL``)."""
    mentions = False
    for node in walk(test, into_nested_scopes=False):
        if isinstance(node, cst.BaseExpression) and walker.is_name_expr(node, state):
            return False
        if isinstance(node, (cst.Name, cst.Subscript, cst.Call)) and _is_argument_value(walker, node, state):
            mentions = True
    return mentions


def rejects_other_values(walker: HandlerWalker, node: cst.If, state: State) -> bool:
    """True for the final ``else:`` of ``if x == "a": ... elif x == "b": ... else:`` on an argument
    value: it is reached by every value the chain does not accept (``if node`` is the last test)."""
    if node.orelse is None or isinstance(node.orelse, cst.If):
        return False
    return _selects_values(walker, node.test, state)


def _selects_values(walker, test, state) -> bool:
    """``x == "a"`` / ``x in ("a", "b")`` (or an ``or`` of them) on an argument value, literals only."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _selects_values(walker, test.left, state) and _selects_values(walker, test.right, state)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.Equal, cst.In)) or walker.is_name_expr(test.left, state) \
            or not _is_argument_value(walker, test.left, state):
        return False
    value = walker.evaluator.eval(target.comparator)
    if isinstance(target.operator, cst.Equal):
        return isinstance(value, (str, int)) and not isinstance(value, bool)
    return isinstance(value, (list, tuple, set, frozenset, dict)) and bool(value)


def _none_given(walker, test: cst.BooleanOperation, state) -> bool:
    """``not a and not b`` (``a is None and b is None``) over argument values: none was given."""
    operands: list[cst.BaseExpression] = []

    def collect(node) -> None:
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            collect(node.left)
            collect(node.right)
        else:
            operands.append(node)

    collect(test)
    for operand in operands:
        if isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not):
            inner = operand.expression
        elif isinstance(operand, cst.Comparison) and len(operand.comparisons) == 1 \
                and isinstance(operand.comparisons[0].operator, cst.Is) \
                and dotted_name(operand.comparisons[0].comparator) == "None":
            inner = operand.left
        else:
            return False
        if not _is_argument_value(walker, inner, state) or walker.is_name_expr(inner, state):
            return False
        key = _argument_key(walker, inner, state)
        if key is not None and _is_bool_parameter(walker, key):
            return False
    return len(operands) >= 2


def _is_range_guard(walker, test: cst.Comparison, state, guard: cst.If | None) -> bool:
    """``if count < 1: return ...`` (no ``else``): an argument outside its range is rejected."""
    if guard is None or guard.orelse is not None or not _leaves(guard.body):
        return False
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)):
        return False
    sides = (test.left, target.comparator)
    for value, bound in (sides, sides[::-1]):
        if _is_argument_value(walker, value, state) and isinstance(_bound(walker, bound, state), (int, float)):
            return True
    return False


def _bound(walker, node: cst.BaseExpression, state):
    """A number literal, or a module constant holding one (``MAX_QUERIES``)."""
    number = _number(node)
    if number is None and isinstance(node, cst.Name):
        number = walker.evaluator.eval(node, walker._env(state))
    return None if isinstance(number, bool) else number


def _is_empty_length(walker, test: cst.Comparison, state) -> bool:
    """``len(x) == 0`` on a required argument's value: the same test as ``not x``."""
    target = test.comparisons[0]
    if not (isinstance(target.operator, cst.Equal) and isinstance(test.left, cst.Call)
            and dotted_name(test.left.func) == "len" and _is_argument_value(walker, test.left, state)
            and _number(target.comparator) == 0):
        return False
    return _is_presence_operand(walker, test.left.args[0].value, state)


def _number(node: cst.BaseExpression):
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _number(node.expression)
        return -inner if inner is not None else None
    if isinstance(node, (cst.Integer, cst.Float)):
        return literal_value(node)
    return None


def _leaves(block: cst.BaseSuite) -> bool:
    """The block ends with a ``return`` (or ``raise``)."""
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    last = body[-1] if body else None
    return isinstance(last, cst.SimpleStatementLine) and bool(last.body) \
        and isinstance(last.body[-1], (cst.Return, cst.Raise))


def selects_name(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> bool:
    """True for ``name == X`` / ``name in X`` (or an ``or`` of them): the branch serves chosen names.

    The flow narrows ``served`` only when ``X`` evaluates; a branch selected by an unevaluable
    ``X`` (an enum's ``.value``) still serves a real name, never "an unknown name".
    """
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return selects_name(walker, test.left, state) and selects_name(walker, test.right, state)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.Equal, cst.In)):
        return False
    return walker.is_name_expr(test.left, state) or walker.is_name_expr(target.comparator, state)


def _comparison_sides(walker, test: cst.Comparison, state) -> tuple[bool, bool]:
    target = test.comparisons[0]
    op = target.operator
    if isinstance(op, (cst.In, cst.NotIn)):
        if walker.is_mapping(target.comparator, state):
            rejects = isinstance(op, cst.NotIn)
            return rejects, not rejects
        if _is_argument_value(walker, test.left, state) and not walker.is_name_expr(test.left, state):
            rejects = isinstance(op, cst.NotIn)
            return rejects, not rejects
        return False, False
    if not _is_argument_value(walker, test.left, state) and not walker.is_mapping(test.left, state):
        return False, False
    comparator = target.comparator
    empty = (isinstance(comparator, cst.Name) and comparator.value == "None") or _is_empty_literal(comparator)
    key = _argument_key(walker, test.left, state)
    if not empty or (key is not None and _is_optional(walker, key, state)):
        return False, False
    if walker.is_mapping(test.left, state) and _nothing_required(walker, state):
        return False, False  # `arguments is None` when every argument is optional: nothing is missing
    if isinstance(op, (cst.Is, cst.Equal)):
        return True, False
    if isinstance(op, (cst.IsNot, cst.NotEqual)):
        return False, True
    return False, False


def _is_presence_operand(walker, node, state) -> bool:
    """``x`` in ``not x``: an argument value (not a bool flag) or the mapping itself (unless no
    argument served here is required). An empty list or dict the caller sent for a parameter
    typed as a collection was given: ``if not edits: return "No edits provided. Nothing to do."``
    may answer a valid empty request, so only refusing text makes that branch a failure."""
    if walker.is_mapping(node, state):
        return not _nothing_required(walker, state)
    if not _is_argument_value(walker, node, state):
        return False
    key = _argument_key(walker, node, state)
    return key is None or not (_is_bool_parameter(walker, key) or _is_optional(walker, key, state)
                               or _is_collection_parameter(walker, key))


_COLLECTIONS = {"list", "List", "dict", "Dict", "set", "Set", "tuple", "Tuple", "Sequence", "Mapping",
                "Iterable", "Collection", "frozenset", "FrozenSet", "MutableMapping", "MutableSequence"}


def _is_collection_parameter(walker, key: str) -> bool:
    """A signature parameter annotated as a collection (``edits: list[Edit]``, ``Optional[dict]``)."""
    param = walker.spec.parameters.get(key)
    if param is None or param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript) and dotted_name(annotation.value) in ("Optional", "typing.Optional"):
        annotation = annotation.slice[0].slice.value if isinstance(annotation.slice[0].slice, cst.Index) else annotation
    if isinstance(annotation, cst.BinaryOperation):  # `list[str] | None`
        annotation = annotation.left
    head = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    name = dotted_name(head) or ""
    return name.rsplit(".", 1)[-1] in _COLLECTIONS


def _answers_empty(node: cst.BaseExpression | None) -> bool:
    """The returned text (or a text entry of the returned dict) says a search found nothing.
    Not a dict with an ``"error"`` entry: ``{"error": "No runs found"}`` names it an error."""
    if node is None:
        return False
    if isinstance(node, cst.Dict) and any(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
                                          and e.key.evaluated_value in _ERROR_MARKS for e in node.elements):
        return False
    return any(_EMPTY_RESULT.search(text) for text in _literal_pieces(node))


def _literal_pieces(node: cst.BaseExpression) -> Iterator[str]:
    """Each string literal and the leading text of each f-string in ``node``."""
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.SimpleString):
            text = inner.evaluated_value
            if isinstance(text, str):
                yield text
        elif isinstance(inner, cst.FormattedString):
            yield "".join(p.value if isinstance(p, cst.FormattedStringText) else "{}" for p in inner.parts)


def _argument_key(walker, node, state) -> str | None:
    """The argument key ``node`` holds, when a simple local or ``args.get("k")`` says so."""
    if isinstance(node, cst.Name) and node.value in state.values:
        return state.values[node.value].key
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.args \
            and walker.is_mapping(node.func.value, state):
        key = walker.evaluator.eval(node.args[0].value)
        return key if isinstance(key, str) else None
    if isinstance(node, cst.Subscript) and walker.is_mapping(node.value, state):
        return walker._single_key(node, state)
    return None


def _is_check_call(walker, node, state) -> bool:
    """``valid(x)``, ``path.exists()``, ``x.isdigit()``: a call testing an argument value."""
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Attribute) and walker.is_mapping(node.func.value, state):
        return node.func.attr.value == "get"  # not args.get("k"): a presence test
    operands = [node.func.value] if isinstance(node.func, cst.Attribute) else []
    operands += [arg.value for arg in node.args]
    return any(_is_argument_value(walker, operand, state) for operand in operands)


def _is_argument_value(walker, node, state) -> bool:
    """True when ``node`` holds an argument's value: a tracked local, a read, a normalised read."""
    if isinstance(node, cst.Name):
        return node.value in state.values
    if isinstance(node, cst.Subscript):
        return walker.is_mapping(node.value, state)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if walker.is_mapping(node.func.value, state):
            return node.func.attr.value == "get"
        return not node.args and _is_argument_value(walker, node.func.value, state)  # x.strip()
    if isinstance(node, cst.Call) and dotted_name(node.func) == "len" and len(node.args) == 1:
        return _is_argument_value(walker, node.args[0].value, state)
    return False


def _is_optional(walker, key: str, state) -> bool:
    """True when every declaration served here lists ``key`` as optional (absence is fine)."""
    declarations = walker.handler.served_declarations(state.served)
    if not declarations:
        return False
    found = [d.argument(key) for d in declarations]
    return all(argument is not None and argument.required is False for argument in found)


def _nothing_required(walker, state) -> bool:
    """True when declarations are served here and none of their arguments is required."""
    declarations = walker.handler.served_declarations(state.served)
    if not declarations or any(d.arguments is None for d in declarations):
        return False
    return all(argument.required is False for d in declarations for argument in d.arguments)


def _is_bool_parameter(walker, key: str) -> bool:
    param = walker.spec.parameters.get(key)
    if param is None or param.annotation is None:
        return False
    annotation = param.annotation.annotation
    return any(isinstance(n, cst.Name) and n.value == "bool" for n in walk(annotation, into_nested_scopes=False))


# -- the return itself -------------------------------------------------------------------------
def record_return(walker: HandlerWalker, node: cst.Return, state: State) -> None:
    """Append the :class:`ReturnSite` of a handler's ``return`` to its model, with the failure
    returns of a project helper whose value it hands back (``ReturnSite.via``)."""
    site = _classify(walker, node, state)
    _follow_returned_call(walker, node, state)
    via, direct = _helper_failures(walker, node.value)
    if via:
        site = replace(site, via=tuple(via), direct=direct)
    walker.handler.returns.append(site)
    walker.handler.returns.extend(_kept_exception_sites(walker, node, state))


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
        if _replaces_try_result(walker, clause, assign, name):
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


def _replaces_try_result(walker, clause: cst.ExceptHandler, assign: cst.Assign, name: str) -> bool:
    """The clause (after logging only) sets ``name``, which its ``try`` body also sets, to text
    built from the caught exception."""
    if clause.name is None or not isinstance(clause.name.name, cst.Name):
        return False
    exception_names = {clause.name.name.value}
    if _text_kind(walker, assign.value, set(exception_names), set()) != "exception" \
            or not _quiet_before(walker, clause, assign, set(exception_names), set()):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return name in _bound_names(node.body)
    return False


def _bound_names(block: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else \
            [node.target] if isinstance(node, (cst.AnnAssign, cst.AugAssign)) else []
        for target in targets:
            names |= {n.value for n in walk(target, into_nested_scopes=False) if isinstance(n, cst.Name)}
    return names


def _kept_exception_sites(walker, node: cst.Return, state) -> list[ReturnSite]:
    """A failure site at the ``except`` assignment whose text this ``return`` hands back, when
    every payload of the return is built from kept exception text (a partial result that
    carries other data as well is not reported) and the return sets no ``isError`` flag."""
    if walker.handler.kind != "tool" or node.value is None or state.failure == "except" \
            or not walker.kept_exceptions:
        return []
    if any(isinstance(n, cst.Arg) and n.keyword is not None and n.keyword.value in ("isError", "is_error")
           for n in walk(node.value, into_nested_scopes=False)):
        return []
    payloads = list(_payloads(walker, node.value))
    origins = [_kept_origin(walker, p) for p in payloads]
    if not payloads or any(origin is None for origin in origins):
        return []
    assign = origins[0]
    if id(assign) in walker.reported_kept:
        return []
    walker.reported_kept.add(id(assign))
    kind = _value_kind(walker, node.value)
    if kind not in _TOOL_RESULTS_KEPT:
        kind = _value_kind(walker, assign.value)
    if kind not in _TOOL_RESULTS_KEPT:
        kind = "str"  # the exception's text, in whatever container the tool returns
    return [ReturnSite(node=assign, value=kind, failure="except", served=state.served, text="exception")]


_TOOL_RESULTS_KEPT = {"str", "dict", "content", "result"}


def record_helper_return(walker: HandlerWalker, node: cst.Return, state: State) -> None:
    """A ``return`` of a helper walked in place: keep it on ``walker.failure_returns`` when it is
    on a failure path of the helper (or hands back such a return of a helper it calls)."""
    site = _classify(walker, node, state)
    if site.failure is not None:
        walker.failure_returns.append(site)
    walker.failure_returns.extend(_kept_exception_sites(walker, node, state))
    _follow_returned_call(walker, node, state)
    via, direct = _helper_failures(walker, node.value)
    if direct:
        walker.failure_returns.extend(via)


def note_helper_result(walker: HandlerWalker, assign: cst.Assign, state: State) -> None:
    """``result = helper(...)``: remember that ``result`` holds the helper's value (or forget it).
    In the handler itself, a project function or method handed no argument value (so not
    walked yet) is walked for its failure returns first, as when the tool returns its call
    directly (not in the helpers it walks: following every local of every helper costs more
    than the whole lint is allowed)."""
    call = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
    if isinstance(call, cst.Call) and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name) \
            and not walker.walks_helper:
        _follow_call(walker, call, state)
    for target in assign.targets:
        if isinstance(target.target, cst.Name):
            if isinstance(call, cst.Call) and id(call) in walker.helper_failures and len(assign.targets) == 1:
                walker.helper_results[target.target.value] = id(call)
            else:
                walker.helper_results.pop(target.target.value, None)


def forget_checked_results(walker: HandlerWalker, test: cst.BaseExpression) -> None:
    """``if not result.get("success"): raise ...``: a test of a helper's result whose branch
    leaves has dealt with its failures; what is returned afterwards is not one of them."""
    for node in walk(test, into_nested_scopes=False):
        if isinstance(node, cst.Name):
            walker.helper_results.pop(node.value, None)


def _helper_failures(walker, value_node) -> tuple[list[ReturnSite], bool]:
    """(the helper failure returns ``value_node`` hands back, whether it returns the call itself)."""
    if value_node is None:
        return [], False
    call = value_node.expression if isinstance(value_node, cst.Await) else value_node
    if isinstance(call, cst.Call) and id(call) in walker.helper_failures:
        return list(walker.helper_failures[id(call)]), True
    payloads = list(_payloads(walker, value_node))
    names = [p for p in payloads if isinstance(p, cst.Name) and p.value in walker.helper_results]
    if not names or len(names) != len(payloads):
        return [], False
    if len(names) == 1 and _hands_on_unchanged(walker, call, names[0]):
        return list(walker.helper_failures.get(walker.helper_results[names[0].value], ())), True
    found: list[ReturnSite] = []
    for name in names:
        found.extend(walker.helper_failures.get(walker.helper_results[name.value], ()))
    return found, False


def _follow_returned_call(walker, node: cst.Return, state) -> None:
    """``return [await] helper(...)`` of a project function not walked yet: walk it for its
    failure returns (:meth:`HandlerWalker.follow_returned_call`)."""
    value = node.value.expression if isinstance(node.value, cst.Await) else node.value
    if isinstance(value, cst.Call):
        _follow_call(walker, value, state)


def _follow_call(walker, call: cst.Call, state) -> None:
    if _wrapper_return(walker, call) is None and _formatter_kind(walker, call) is None:
        walker.follow_returned_call(call, state)  # a formatter's value is judged where it is called


def _reports_flags(node: cst.BaseExpression) -> bool:
    """A dict entry set to ``True`` / ``False`` (``"cluster_connected": False``): the answer of
    a probe reporting what it found, not the emptied shape of a result."""
    return any(isinstance(inner, cst.DictElement) and dotted_name(inner.value) in ("True", "False")
               for inner in walk(node, into_nested_scopes=False))


def _hands_on_unchanged(walker, node: cst.BaseExpression, name: cst.Name) -> bool:
    """``return data``, ``str(data)``, ``[TextContent(type="text", text=data)]`` for ``data =
    helper(...)``: the helper's value is the result as it is (its text unchanged), so the
    helper's own returns are the tool's. ``json.dumps(data)`` reshapes it."""
    if node is name:
        return True
    if isinstance(node, (cst.List, cst.Tuple)):
        return len(node.elements) == 1 and _hands_on_unchanged(walker, node.elements[0].value, name)
    if not isinstance(node, cst.Call):
        return False
    called = _call_name(walker, node)
    if called == "str" and len(node.args) == 1:
        return _hands_on_unchanged(walker, node.args[0].value, name)
    if called in _CONTENT_CALLS or called == "CallToolResult":
        if _keyword(node, "isError") is not None or _keyword(node, "is_error") is not None:
            return False
        carried = _keyword(node, "text") if called in _CONTENT_CALLS else _keyword(node, "content")
        return carried is not None and _hands_on_unchanged(walker, carried, name)
    return False


def _classify(walker: HandlerWalker, node: cst.Return, state: State) -> ReturnSite:
    value_node = node.value
    failure, key = _failure(walker, state)
    exception_names: set[str] = set()
    constant_names: set[str] = set()
    if failure == "argument":
        constant_names |= set(state.values)  # the rejected value echoed in the message is not new data
    if failure == "outcome":
        constant_names |= set(state.values)
        if key.endswith("[error]"):  # `"error" in data`: only a return of data's error reports it
            key = key[: -len("[error]")]
            if value_node is None or not _reads_error(walker, value_node, key):
                failure = None
        exception_names.add(key)  # the failed outcome's own fields are the error's text
    if failure == "refusal":
        constant_names |= set(state.values)  # the refused value echoed in the message
        if value_node is None or not _REFUSAL.search(_literal_text(value_node)):
            failure = None  # a branch on an argument's value, not a refusal of it
    if failure == "except":
        handler = state.except_clause
        if handler.name is not None and isinstance(handler.name.name, cst.Name):
            exception_names.add(handler.name.name.value)
        if _has_error_key(walker, value_node):  # `{"entity_id": entity_id, "error": str(e)}`: an echo
            constant_names |= set(state.values)
        if not _quiet_before(walker, handler, node, exception_names, constant_names):
            failure = None  # the clause did real work first: a fallback, not a failure
        elif _reports_status(walker, handler, state):
            failure = None  # a health check: "connection failed" is the answer it exists to give
    value = _value_kind(walker, value_node)
    built = _error_builder_kind(walker, value_node)
    if built is not None:
        value = built
    envelope = built is not None or (value == "dict" and _is_failure_envelope(walker, value_node)) \
        or (value in ("str", "content", "result") and _dumps_envelope(walker, value_node))
    if failure is None and envelope and not (value == "dict" and _answers_probe(walker, node, state)):
        failure = "envelope"
    if failure is None and value in _LOOKUP_RESULTS and _reports_failed_lookup(walker, node, state):
        failure = "lookup"
        constant_names |= set(state.values)  # the looked-up value echoed in the message is not new data
    if failure not in (None, "except") and _answers_empty(value_node):
        failure = None  # "No functions found for topic ...": an empty answer is a success
    text = None
    if failure not in (None, "except") and value_node is not None:
        constant_names |= _constant_locals_before(walker, node, exception_names | constant_names)
    if failure is not None and value_node is not None:  # only failure paths need the text judged
        text = _text_kind(walker, value_node, exception_names, constant_names)
        if failure == "except" and text == "constant" and _echoes_tried_value(walker, value_node, state):
            text = "echo"
        if failure == "except" and text == "computed" and not _reports_flags(value_node) and _text_kind(
                walker, value_node, exception_names, constant_names | set(state.values)) == "exception":
            text = "exception"  # {"entity_id": entity_id, "error": str(e), "states": []}: the error, in the success shape
    return ReturnSite(node=node, value=value, failure=failure, served=state.served, text=text, key=key,
                      envelope=envelope)


_ENVELOPE_KEYS = {"error", "error_type", "errorType", "success", "ok", "status", "code", "details",
                  "message", "msg", "reason", "hint", "suggestion", "error_message", "errorMessage"}
#: ``"status"`` values that say the call failed (a job's "failed" state read by a status tool is
#: data, but then the dict carries that data, which the key test below rules out).
_FAILED_STATUS = {"error", "failed", "failure", "fail"}


_MODEL_BASES = {"BaseModel", "TypedDict", "NamedTuple"}


def _is_result_model(walker, node: cst.BaseExpression) -> bool:
    """``CheckResult(ok=False, package=package, error=str(exc))``: a call of a project class that
    only holds data (a pydantic ``BaseModel``, a ``TypedDict``, a ``NamedTuple`` or a
    ``@dataclass``): the structured result it builds, a dict on the wire."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return False
    cls = walker.info.classes.get(node.func.value)
    if cls is None:
        return False
    bases = {(dotted_name(base.value) or "").rsplit(".", 1)[-1] for base in cls.bases}
    decorators = {(dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                  .rsplit(".", 1)[-1] for d in cls.decorators}
    return bool(bases & _MODEL_BASES) or "dataclass" in decorators


def _is_failure_envelope(walker, node: cst.BaseExpression) -> bool:
    """A dict literal that says it is a failure: ``{"success": False, ...}``, ``{"ok": False, ...}``,
    ``{"status": "error", "message": ...}``, or nothing but an ``"error"`` entry (and its type,
    code or message): no data besides the error."""
    if _is_result_model(walker, node):
        keys = {arg.keyword.value: arg.value for arg in node.args if arg.keyword is not None}
        return any(dotted_name(keys.get(flag)) == "False" for flag in ("success", "ok"))
    if not isinstance(node, cst.Dict):
        return False
    keys = {}
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return False
        key = walker.evaluator.eval(element.key)
        if not isinstance(key, str):
            return False
        keys[key] = element.value
    for flag in ("success", "ok"):
        if flag in keys and dotted_name(keys[flag]) == "False":
            return True
    status = walker.evaluator.eval(keys["status"]) if "status" in keys else None
    if isinstance(status, str) and status.lower() in _FAILED_STATUS:
        return set(keys) <= _ENVELOPE_KEYS
    if "error" not in keys or dotted_name(keys["error"]) == "None" or _is_empty_literal(keys["error"]):
        return False  # `"error": None`: the slot of an error that did not happen
    return set(keys) <= _ENVELOPE_KEYS and not any(
        dotted_name(keys[flag]) == "True" for flag in ("success", "ok") if flag in keys)


#: A function name that says it builds an error: ``error_response``, ``format_error_response``,
#: ``_err``, ``makeErrorResult``, ``tool_failure``.
_ERROR_WORDS = {"error", "err", "fail", "failure", "failed"}


def _error_builder_kind(walker, node: cst.BaseExpression | None) -> str | None:
    """``return error_response(f"Unknown table {table}")``: a call of a project function whose
    name says it builds an error and whose body (after logging) only returns an ordinary tool
    result wrapped around its parameters: a string, a dict, text content or a ``CallToolResult``
    without ``isError`` (``def format_error_response(error): return format_text_response(
    f"Error: {error}")``). Every value it builds is a failure sent as a success result.
    Returns the kind of that result (``str``, ``dict``, ``content``, ``result``), else None."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return None
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", node.func.value)}
    if not words & _ERROR_WORDS or words & {"is", "has", "check", "raise", "log"}:
        return None
    return _formatter_kind(walker, node)


def _formatter_kind(walker, node: cst.BaseExpression | None) -> str | None:
    """``format_error(e)``, ``_error("rejected", status=400)``: a call of a project function that
    only shapes what it is handed. Its body (after the docstring and logging) assigns locals,
    updates them in place (``err.update(extra)``), tests (``if isinstance(e, CalledProcessError):``)
    and returns; every return is a string, a dict, text content or a ``CallToolResult`` built
    from its parameters and those locals alone, all of one kind. Returns that kind (``str``,
    ``dict``, ``content``, ``result``), else None. Its text is the call's arguments."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return None
    function = walker.info.functions.get(node.func.value)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return None
    memo = _formatters()
    known = memo.get(id(function))
    if known is not None and known[0] is function:
        return known[1]
    _unwrapping().add(id(function))  # a formatter that calls itself is no formatter
    try:
        kind = _formatter_body_kind(walker, function)
    finally:
        _unwrapping().discard(id(function))
    if len(memo) > 4096:
        memo.clear()  # bounded: a long-running language server parses modules again and again
    memo[id(function)] = (function, kind)
    return kind


def _formatters() -> dict[int, tuple[cst.FunctionDef, str | None]]:
    """Memo of :func:`_formatter_kind` on this thread: id of the function -> (it, its kind)."""
    if not hasattr(_UNWRAPPING, "formatters"):
        _UNWRAPPING.formatters = {}
    return _UNWRAPPING.formatters


def _formatter_body_kind(walker, function: cst.FunctionDef) -> str | None:
    known = _parameter_names(function) | {p.name.value for p in (function.params.star_arg, function.params.star_kwarg)
                                          if isinstance(p, cst.Param)}
    kinds: set[str] = set()
    for statement in _formatter_statements(function.body):
        if statement is None:
            return None
        if isinstance(statement, cst.If):
            continue  # its blocks come separately; the test only chooses
        for small in statement.body:
            if isinstance(small, cst.Return):
                kind = _value_kind(walker, small.value) if small.value is not None else "none"
                if kind not in ("str", "dict", "content", "result") \
                        or _text_kind(walker, small.value, set(), set(known)) != "constant":
                    return None
                kinds.add(kind)
            elif isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                if not all(isinstance(t, cst.Name) for t in targets) \
                        or _text_kind(walker, small.value, set(), set(known)) != "constant":
                    return None
                known |= {t.value for t in targets}
            elif not _updates_local(small, known):
                return None
    return kinds.pop() if len(kinds) == 1 else None


def _formatter_statements(block: cst.BaseSuite) -> Iterator[cst.CSTNode | None]:
    """The statements of a formatter's body, ``if`` blocks flattened; None for anything else
    (a loop, a ``try``, a nested function: real work)."""
    for statement in (block.body if isinstance(block, cst.IndentedBlock) else ()):
        if _is_docstring_or_log(statement):
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif isinstance(statement, cst.If):
            yield statement
            yield from _formatter_statements(statement.body)
            orelse = statement.orelse
            while isinstance(orelse, cst.If):
                yield from _formatter_statements(orelse.body)
                orelse = orelse.orelse
            if orelse is not None:
                yield from _formatter_statements(orelse.body)
        else:
            yield None


def _updates_local(small: cst.BaseSmallStatement, known: set[str]) -> bool:
    """``err.update(extra)`` / ``parts.append(text)`` on a local built from the parameters."""
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    func = small.value.func
    return isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in known \
        and func.attr.value in ("update", "append", "extend", "setdefault") \
        and all(isinstance(arg.value, cst.Name) and arg.value.value in known or _is_literalish(arg.value)
                for arg in small.value.args)


def _is_literalish(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer,
                             cst.Float)) or dotted_name(node) in ("None", "True", "False")


def _is_docstring_or_log(statement: cst.CSTNode) -> bool:
    """A docstring or a line that only logs (``logger.error(msg)``)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if not isinstance(small, cst.Expr):
            return False
        value = small.value.expression if isinstance(small.value, cst.Await) else small.value
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
            continue
        if not (isinstance(value, cst.Call) and _is_log_call(value.func)):
            return False
    return True


def _reads_error(walker, node: cst.BaseExpression, local: str) -> bool:
    """``data["error"]`` / ``data.get("error")`` somewhere in ``node``."""
    for inner in walk(node, into_nested_scopes=False):
        found, key = _outcome_access_plain(walker, inner)
        if found == local and key == "error":
            return True
    return False


def _outcome_access_plain(walker, node: cst.CSTNode) -> tuple[str | None, object]:
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.value, cst.Name):
        return node.value.value, walker.evaluator.eval(node.slice[0].slice.value)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and node.args and isinstance(node.func.value, cst.Name):
        return node.func.value.value, walker.evaluator.eval(node.args[0].value)
    return None, None


def _has_error_key(walker, node: cst.BaseExpression | None) -> bool:
    """A dict literal with an ``"error"`` entry (the rest may echo arguments or be empty data)."""
    return isinstance(node, cst.Dict) and any(
        isinstance(e, cst.DictElement) and walker.evaluator.eval(e.key) in ("error", "error_message", "errorMessage")
        for e in node.elements)


def _constant_locals_before(walker, target: cst.Return, known: set[str]) -> set[str]:
    """``error_msg = f"Unknown tool: {name}"; logger.error(error_msg); return [TextContent(text=
    error_msg)]``: locals assigned fixed text (or text from ``known`` names) earlier in the block
    that holds ``target``."""
    function = getattr(walker, "_function", None) or walker.handler.function
    names: set[str] = set()
    for block in _statement_lists(function):
        if not any(isinstance(s, cst.SimpleStatementLine) and any(small is target for small in s.body) for s in block):
            continue
        for statement in block:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            if any(small is target for small in statement.body):
                return names
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and _is_text(walker, small.value) \
                        and _text_kind(walker, small.value, set(), known | names) == "constant":
                    names.add(small.targets[0].target.value)
                elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                    names.discard(small.target.value)  # `msg += details`: no longer fixed text
    return names


def rejects_unmatched_case(walker: HandlerWalker, node: cst.Match, case: cst.MatchCase, state: State) -> bool:
    """``match action: case "add": ... case "remove": ... case _:`` on an argument's value: the
    wildcard case is reached by every value the literal cases do not accept."""
    if case is not node.cases[-1] or len(node.cases) < 2 or case.guard is not None \
            or not (isinstance(case.pattern, cst.MatchAs) and case.pattern.pattern is None
                    and case.pattern.name is None) \
            or walker.is_name_expr(node.subject, state) or not _is_argument_value(walker, node.subject, state):
        return False
    return all(_literal_pattern(other.pattern) and other.guard is None for other in node.cases[:-1])


def _literal_pattern(pattern: cst.MatchPattern) -> bool:
    if isinstance(pattern, cst.MatchOr):
        return all(_literal_pattern(element.pattern) for element in pattern.patterns)
    return isinstance(pattern, (cst.MatchValue, cst.MatchSingleton))


def _answers_probe(walker, target: cst.Return, state) -> bool:
    """``if registry.is_available(lang): return {"status": "success", "message": ...} else: return
    {"status": "error", "message": f"{lang} is not available"}``: both sides of one test answer
    with fixed text only, so the tool's answer is the test's outcome (a probe) and the "error"
    is one of its answers, not a failure of the call."""
    function = getattr(walker, "_function", None) or walker.handler.function
    for block in _statement_lists(function):
        for index, statement in enumerate(block):
            following = block[index + 1] if index + 1 < len(block) else None
            if isinstance(statement, cst.If) and not isinstance(statement.orelse, cst.If):
                body = _sole_return(statement.body)
                other_side = _sole_return(statement.orelse.body) if statement.orelse is not None \
                    else _sole_return(following) if following is not None else None
                pairs = ((body, other_side), (other_side, body))
            elif isinstance(statement, cst.SimpleStatementLine) and any(s is target for s in statement.body):
                previous = block[index - 1] if index else None
                if not isinstance(previous, cst.If) or previous.orelse is not None:
                    continue
                pairs = ((_sole_return(statement), _sole_return(previous.body)),)
            else:
                continue
            for mine, other in pairs:
                if mine is target and other is not None and isinstance(other.value, cst.Dict):
                    return _status_keys(walker, other.value) & _status_keys(walker, target.value) != set() \
                        and _text_kind(walker, other.value, set(),
                                       set(state.values) | _parameter_names(function)) == "constant"
    return False


def _status_keys(walker, node) -> set[str]:
    """The outcome keys (``status``, ``success``, ``ok``) of a dict literal."""
    if not isinstance(node, cst.Dict):
        return set()
    keys = {walker.evaluator.eval(e.key) for e in node.elements if isinstance(e, cst.DictElement)}
    return keys & {"status", "success", "ok"}


def _sole_return(block) -> cst.Return | None:
    """The ``return`` that is all a block (or a simple statement line) does, logging aside."""
    if isinstance(block, cst.SimpleStatementLine):
        statements = [block]
    elif isinstance(block, cst.IndentedBlock):
        statements = [s for s in block.body if not _is_docstring_or_log(s)]
    elif isinstance(block, cst.SimpleStatementSuite):
        statements = [cst.SimpleStatementLine(body=block.body)]
    else:
        return None
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine) \
            or len(statements[0].body) != 1 or not isinstance(statements[0].body[0], cst.Return):
        return None
    return statements[0].body[0]


def _parameter_names(function: cst.FunctionDef) -> set[str]:
    return {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                   *function.params.kwonly_params)}


def _dumps_envelope(walker, node: cst.BaseExpression) -> bool:
    """``[TextContent(type="text", text=json.dumps({"status": "error", "message": ...}))]``: the
    text is a failure envelope serialised."""
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.Call) and _call_name(walker, inner) == "dumps" and inner.args \
                and _is_failure_envelope(walker, inner.args[0].value):
            return True
    return False


def _failure(walker, state) -> tuple[str | None, str | None]:
    if state.failure == "except" and state.except_clause is not None:
        return "except", None
    if (state.served is not None and not state.served and walker.handler.dispatches_on_name
            and (walker.handler.declarations is not None or state.unmatched is True) and not state.name_selected):
        return "unknown-name", None  # with no declarations known: the branch where a lookup by the name failed
    if state.failure in ("argument", "outcome", "refusal"):
        return state.failure, state.failure_key
    return None, None


#: Fixed text that refuses what the caller asked for: "Only single statements are supported",
#: "... is not allowed", "Invalid ...", "... must be ...", "Cannot ...", "Unsupported ...".
_REFUSAL = re.compile(r"\bonly\b.*\b(supported|allowed|permitted|accepted)\b"
                      r"|\bnot\s+(supported|allowed|permitted|accepted|a valid|valid)\b"
                      r"|\b(invalid|unsupported|forbidden|disallowed|prohibited|refused|rejected)\b"
                      r"|\bmust\s+(be|not|have|contain|include|start|end|specify|provide)\b"
                      r"|\b(cannot|can't|can not)\s+(be|use|combine|mix|accept|run|execute)\b"
                      r"|^\s*error\b|\b(is|are) required\b|\bat least one\b", re.IGNORECASE)
#: An empty answer to a search or a listing ("No functions found for topic 'x'", "No matching
#: documents found", "No results"): a successful result, even in a dict that says
#: ``"success": False``.
_EMPTY_RESULT = re.compile(r"^\W*no\s+(\w+\s+){0,3}?(found|matched|available)\b|^\W*no (results|matches)\b"
                           r"|^\W*nothing (found|matched)\b", re.IGNORECASE)


_LOOKUP_RESULTS = {"str", "content", "result", "prompt-result"}
#: Wording that says a looked-up thing is missing. "No notes found" (an empty search) is not
#: among them: an empty answer to a query is a successful result.
_LOOKUP_FAILURE = re.compile(r"\bnot found\b|\b(could not|couldn't|cannot|can't|unable to) find\b"
                             r"|\b(does not|doesn't) exist\b|\bno such\b"
                             r"|\bfailed to (retrieve|find|fetch|locate)\b", re.IGNORECASE)
#: "List 'x' is empty or does not exist": the text covers an empty answer, which is a success.
_EMPTY_ANSWER = re.compile(r"\bempty\b", re.IGNORECASE)


def _reports_failed_lookup(walker, node: cst.Return, state) -> bool:
    """``note = db.get_note(note_id); if not note: return "Note not found"``: the return serves
    the branch where a lookup keyed by a required argument's value came back empty, and its
    fixed wording says the thing was not found: the caller named something that does not
    exist, a caller error returned as a success result.

    The lookup is the only assignment of a local (``x = [await] f(..., arg, ...)``); the branch
    is the body of ``if not x`` / ``if x is None``, the ``else`` of ``if x``, or the code right
    after ``if x: ... return`` with no ``else``. An optional argument (a filter) is not
    the caller's mistake; an empty search ("No notes found") lacks the wording, and text that
    also allows an empty answer ("is empty or does not exist") may report a success."""
    text = _literal_text(node.value) if node.value is not None else ""
    if _EMPTY_ANSWER.search(text):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    local = _absent_branch_local(function, node)
    if local is None:
        return False
    call = _only_assigned_call(function, local)
    if call is None or not (_LOOKUP_FAILURE.search(text) or _table_lookup(walker, call)):
        return False
    for arg in call.args:
        if arg.star or not _is_argument_value(walker, arg.value, state):
            continue
        key = _argument_key(walker, arg.value, state)
        if key is not None and not _is_optional(walker, key, state) and not _has_default(walker, key):
            return True
    return False


def _table_lookup(walker, call: cst.Call) -> bool:
    """``REGIONS.get(region)`` on a dict literal of the project (a module constant): an empty
    answer means the caller sent a value that is no key, whatever the text then says (a
    search or a service call may come back empty for other reasons, so those need the wording)."""
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value != "get" or len(call.args) != 1:
        return False
    table = walker.evaluator.eval(call.func.value)
    return isinstance(table, dict) and bool(table)


def _literal_text(node: cst.BaseExpression) -> str:
    """The fixed text pieces of ``node``: string literals and f-string text, joined."""
    parts = []
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.SimpleString):
            text = inner.evaluated_value
            parts.append(text if isinstance(text, str) else "")
        elif isinstance(inner, cst.FormattedStringText):
            parts.append(inner.value)
    return " ".join(parts)


def _absent_branch_local(function: cst.FunctionDef, target: cst.Return) -> str | None:
    """The local whose absence leads to ``target``: ``if not x:`` / ``if x is None:`` holding it,
    the ``else`` of ``if x:`` / ``if x is not None:``, or the fall-through of such an ``if``
    whose body leaves (no ``else``). None for any other place."""
    for block in _statement_lists(function):
        for index, statement in enumerate(block):
            local = None
            if isinstance(statement, cst.SimpleStatementLine) and any(s is target for s in statement.body):
                previous = block[index - 1] if index else None
                if isinstance(previous, cst.If) and previous.orelse is None and _leaves(previous.body):
                    local = _tested_local(previous.test, present=True)
            elif isinstance(statement, cst.If) and _directly_in(statement.body, target):
                local = _tested_local(statement.test, present=False)
            elif isinstance(statement, cst.If) and isinstance(statement.orelse, cst.Else) \
                    and _directly_in(statement.orelse.body, target):
                local = _tested_local(statement.test, present=True)
            if local is not None:  # else an enclosing `if name == ...`: the inner test decides
                return local
    return None


#: memo of _statement_lists, by function: each return site of a handler asks again about
#: the same function (a walk of every node of it), several times.
_STATEMENT_LISTS: dict = {}


def _statement_lists(function: cst.FunctionDef) -> list[list]:
    """The statements of each indented block in ``function`` (nested scopes excluded), in
    walk order; worked out once per function (the last few are kept). Not to be modified."""
    return memo_by_node(_STATEMENT_LISTS, function, lambda: [
        list(inner.body) for inner in walk(function.body, into_nested_scopes=False)
        if type(inner) is cst.IndentedBlock])  # not isinstance: see module_info.exact_types


def _directly_in(block: cst.BaseSuite, target: cst.Return) -> bool:
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    return any(isinstance(s, cst.SimpleStatementLine) and any(small is target for small in s.body) for s in body)


def _tested_local(test: cst.BaseExpression, present: bool) -> str | None:
    """``x`` when ``test`` is true exactly when ``x`` is there (``present``) or absent."""
    if isinstance(test, cst.Name):
        return test.value if present else None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _tested_local(test.expression, not present)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name) \
            and dotted_name(test.comparisons[0].comparator) == "None":
        operator = test.comparisons[0].operator
        if isinstance(operator, cst.Is):
            return None if present else test.left.value
        if isinstance(operator, cst.IsNot):
            return test.left.value if present else None
    return None


def _only_assigned_call(function: cst.FunctionDef, local: str) -> cst.Call | None:
    """The call ``local`` is bound to when its one binding is ``local = [await] f(...)``."""
    found: list[cst.BaseExpression] = []
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, cst.Assign):
            if any(_binds(t.target, local) for t in inner.targets):
                found.append(inner.value)  # `email, attachments = fetch(...)`: the call's result, unpacked
        elif isinstance(inner, (cst.AnnAssign, cst.AugAssign)) and isinstance(inner.target, cst.Name) \
                and inner.target.value == local:
            found.append(inner.value)
        elif isinstance(inner, (cst.For, cst.WithItem, cst.NamedExpr, cst.AsName)):
            if any(isinstance(n, cst.Name) and n.value == local for n in walk(
                    getattr(inner, "target", None) or getattr(inner, "asname", None) or getattr(inner, "name", inner))):
                return None
    if len(found) != 1:
        return None
    value = found[0].expression if isinstance(found[0], cst.Await) else found[0]
    return value if isinstance(value, cst.Call) else None


def _binds(target: cst.BaseExpression, local: str) -> bool:
    """``local = ...`` or ``local, other = ...`` (a flat tuple or list of names)."""
    if isinstance(target, cst.Name):
        return target.value == local
    return isinstance(target, (cst.Tuple, cst.List)) and all(isinstance(e.value, cst.Name) for e in target.elements) \
        and any(e.value.value == local for e in target.elements)


def _has_default(walker, key: str) -> bool:
    """A signature parameter with a default value: the caller may leave it out."""
    param = walker.spec.parameters.get(key)
    return param is not None and param.default is not None


def _echoes_tried_value(walker, value_node: cst.BaseExpression, state) -> bool:
    """``try: value = Decimal(amount) except InvalidOperation: return f"invalid amount {amount!r}"``:
    the text names an argument value the ``try`` body worked on, so it reports that value's
    failure (fixed text alone, ``except JSONDecodeError: return "created"``, says nothing)."""
    clause = state.except_clause
    echoed = {node.value for node in walk(value_node, into_nested_scopes=False)
              if isinstance(node, cst.Name) and node.value in state.values}
    if clause is None or not echoed:
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return bool(echoed & _handed_to_calls(node.body))
    return False


def _handed_to_calls(block: cst.CSTNode) -> set[str]:
    """Names passed to a call (``Decimal(amount)``, ``manager.read(key)``) or called on
    (``day.split()``) in ``block``: the values it worked on, not the ones it only wrote into
    its own text (``return f"Pipeline {name} created"``)."""
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        if not isinstance(node, cst.Call):
            continue
        parts = [arg.value for arg in node.args]
        if isinstance(node.func, cst.Attribute):
            parts.append(node.func.value)
        for part in parts:
            if isinstance(part, cst.Name):
                names.add(part.value)
    return names


def _quiet_before(walker, clause: cst.ExceptHandler, target: cst.Return, exception_names: set[str],
                  constant_names: set[str]) -> bool:
    """True when the ``except`` clause only logs or builds error text before ``target``.

    Names assigned from the exception (``msg = f"failed: {e}"``) join ``exception_names``,
    names assigned constant text join ``constant_names``. A compound statement before the
    return counts as work when it calls or awaits anything but logging and text shaping.
    """
    for statement in _statements_before(clause.body, target):
        if isinstance(statement, cst.SimpleStatementLine):
            if not all(_quiet_small(walker, small, exception_names, constant_names) for small in statement.body):
                return False
        elif _does_work(walker, statement):
            return False
    return True


def _quiet_small(walker, small, exception_names, constant_names) -> bool:
    if isinstance(small, (cst.Pass, cst.Return, cst.Raise)):
        return True
    if isinstance(small, cst.Expr):
        value = small.value.expression if isinstance(small.value, cst.Await) else small.value
        return isinstance(value, cst.Call) and _is_log_call(value.func)
    if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        kind = _text_kind(walker, small.value, exception_names, constant_names)
        if kind == "computed":
            return False
        for target in targets:
            if isinstance(target, cst.Name):
                (exception_names if kind == "exception" else constant_names).add(target.value)
        return True
    return False


def _does_work(walker, statement: cst.CSTNode) -> bool:
    for inner in walk(statement, into_nested_scopes=False):
        if isinstance(inner, cst.Await) and not (isinstance(inner.expression, cst.Call)
                                                 and _is_log_call(inner.expression.func)):
            return True
        if isinstance(inner, cst.Call) and not _is_log_call(inner.func) \
                and _call_name(walker, inner) not in _TEXT_CALLS | {"isinstance"}:
            return True
    return False


def _statements_before(block: cst.BaseSuite, target: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Statements executed before ``target`` inside ``block``, descending into the one holding it."""
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    for statement in body:
        if not contains(statement, target, into_nested_scopes=False):
            yield statement
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if small is target:
                    return
                yield cst.SimpleStatementLine(body=[small])
            return
        for child in _blocks(statement):
            if contains(child, target, into_nested_scopes=False):
                yield from _statements_before(child, target)
        return


def _blocks(statement: cst.CSTNode) -> Iterator[cst.BaseSuite]:
    """The blocks of a compound statement: body, elif/else chains, handlers, cases."""
    body = getattr(statement, "body", None)
    if isinstance(body, cst.BaseSuite):
        yield body
    for handler in getattr(statement, "handlers", ()):
        yield handler.body
    for case in getattr(statement, "cases", ()):
        yield case.body
    for attribute in ("orelse", "finalbody"):
        block = getattr(statement, attribute, None)
        if isinstance(block, cst.If):
            yield from _blocks(block)
        elif block is not None and isinstance(getattr(block, "body", None), cst.BaseSuite):
            yield block.body


def _is_log_call(func: cst.BaseExpression) -> bool:
    """print(), logger.error(), ctx.info(), sys.stderr.write(), session.send_log_message() (the
    MCP log notification): reporting the failure somewhere, not work that replaces the result."""
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute):
        return False
    base = (dotted_name(func.value) or "").lower()
    if func.attr.value in ("write", "flush") and base in ("sys.stderr", "sys.stdout"):
        return True
    if func.attr.value == "send_log_message":
        return True
    return func.attr.value in _LOG_METHODS and ("log" in base or base in ("self", "ctx", "context", "traceback"))


# -- classification of the returned value --------------------------------------------------------
def _value_kind(walker, node: cst.BaseExpression | None) -> str:
    if node is None or (isinstance(node, cst.Name) and node.value == "None"):
        return "none"
    if _is_empty_literal(node) or (isinstance(node, (cst.List, cst.Tuple)) and not node.elements):
        return "empty"
    if _is_text(walker, node):
        return "str"
    if isinstance(node, cst.Dict) or (isinstance(node, cst.Call) and dotted_name(node.func) == "dict") \
            or _is_result_model(walker, node):
        return "dict"
    if isinstance(node, (cst.List, cst.Tuple)):
        kinds = {_call_name(walker, el.value) for el in node.elements if isinstance(el, cst.Element)}
        return "content" if kinds and kinds <= _CONTENT_CALLS else "unknown"
    wrapped = _wrapper_return(walker, node)
    if wrapped is not None:  # `_msg(text)`: what the helper builds from the text
        flagged = _flag_passed(walker, node, wrapped)
        return flagged if flagged is not None else _value_kind(walker, wrapped)
    formatted = _formatter_kind(walker, node)
    if formatted is not None:  # `format_error(e)`: text shaped from its arguments
        return formatted
    name = _call_name(walker, node)
    if name in _CONTENT_CALLS:
        return "content"
    if name == "CallToolResult":
        flag = _keyword(node, "isError") or _keyword(node, "is_error")
        if flag is None or (isinstance(flag, cst.Name) and flag.value == "False"):
            return "result"
        return "result-error" if isinstance(flag, cst.Name) and flag.value == "True" else "unknown"
    if name == "GetPromptResult":
        messages = _keyword(node, "messages")
        return "prompt-empty" if isinstance(messages, (cst.List, cst.Tuple)) and not messages.elements else "prompt-result"
    if name == "ErrorData":
        return "error-data"
    return "unknown"


def _text_kind(walker, node: cst.BaseExpression, exception_names: set[str], constant_names: set[str]) -> str:
    """``exception``, ``constant`` or ``computed``: what the text of ``node`` is built from."""
    known = exception_names | constant_names | {"None", "True", "False"}
    for payload in _payloads(walker, node):
        if isinstance(payload, cst.Name) and payload.value not in known:
            return "computed"
        if isinstance(payload, (cst.Attribute, cst.Subscript, cst.Call)) and not _mentions(payload, exception_names):
            return "computed"
    if _mentions(node, exception_names):
        return "exception"
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.Await):
            return "computed"
        if isinstance(inner, cst.Call) and _call_name(walker, inner) not in _TEXT_CALLS \
                and _wrapper_return(walker, inner) is None and _formatter_kind(walker, inner) is None \
                and not _is_result_model(walker, inner):
            return "computed"
    return "constant"


def _wrapper_return(walker, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``_msg(f"Unknown prompt {name}")`` on a module-level function whose body only returns a
    result wrapped around its parameters (``return GetPromptResult(messages=[PromptMessage(...,
    TextContent(text=text))])``, ``return [TextContent(type="text", text=text)]``), or only hands
    its parameters on to such a function (``def error_response(e): return text_response(f"Error:
    {e}")``): the result expression in the end; its text is the call's arguments. None for any
    other call."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return None
    function = walker.info.functions.get(node.func.value)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return None
    _unwrapping().add(id(function))  # a wrapper that calls itself is no wrapper
    try:
        return _wrapped_result(walker, function)
    finally:
        _unwrapping().discard(id(function))


_UNWRAPPING = threading.local()


def _unwrapping() -> set[int]:
    """The wrapper functions being looked through on this thread (against cycles)."""
    if not hasattr(_UNWRAPPING, "ids"):
        _UNWRAPPING.ids = set()
    return _UNWRAPPING.ids


def _wrapped_result(walker, function: cst.FunctionDef) -> cst.BaseExpression | None:
    body = list(function.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) \
            and isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1 \
            or not isinstance(body[0].body[0], cst.Return) or body[0].body[0].value is None:
        return None
    returned = body[0].body[0].value
    if not isinstance(returned, (cst.Call, cst.List)):
        return None
    params = {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                     *function.params.kwonly_params)}
    kind = "result" if _flag_parameter(returned, params) is not None else _value_kind(walker, returned)
    if kind not in ("prompt-result", "content", "result") \
            or _text_kind(walker, returned, set(), params) != "constant":
        return None
    inner = _wrapper_return(walker, returned)
    return inner if inner is not None else returned


def _flag_parameter(returned: cst.BaseExpression, params: set[str]) -> str | None:
    """``error`` for ``CallToolResult(..., is_error=error)`` whose flag is the wrapper's parameter."""
    if not isinstance(returned, cst.Call) or (dotted_name(returned.func) or "").rsplit(".", 1)[-1] != "CallToolResult":
        return None
    flag = _keyword(returned, "isError") or _keyword(returned, "is_error")
    return flag.value if isinstance(flag, cst.Name) and flag.value in params else None


def _flag_passed(walker, call: cst.Call, wrapped: cst.BaseExpression) -> str | None:
    """``_text(f"Could not compute: {exc}")`` on ``def _text(text, *, error=False): return
    CallToolResult(..., is_error=error)``: ``result`` when the call leaves the flag at its
    ``False`` default or passes ``False``, ``result-error`` when it passes ``True``, None when
    the flag is not a parameter or its value is not known."""
    function = walker.info.functions.get(call.func.value) if isinstance(call.func, cst.Name) else None
    if function is None:
        return None
    flag = _flag_parameter(wrapped, _parameter_names(function))
    if flag is None:
        return None
    positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    passed = None
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if (arg.keyword is not None and arg.keyword.value == flag) or \
                (arg.keyword is None and index < len(positional) and positional[index] == flag):
            passed = arg.value
    if passed is None:
        param = next(p for p in (*function.params.posonly_params, *function.params.params,
                                 *function.params.kwonly_params) if p.name.value == flag)
        passed = param.default
    value = dotted_name(passed) if passed is not None else None
    return {"False": "result", "True": "result-error"}.get(value or "")


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    return any(isinstance(inner, cst.Name) and inner.value in names for inner in walk(node, into_nested_scopes=False))


def _payloads(walker, node: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The expressions that become the text or data of a return value."""
    if isinstance(node, (cst.List, cst.Tuple)):
        for element in node.elements:
            yield from _payloads(walker, element.value)
    elif isinstance(node, cst.Dict):
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                yield from _payloads(walker, element.value)
            else:
                yield element.value
    elif isinstance(node, cst.Call) and (_wrapper_return(walker, node) is not None
                                         or _formatter_kind(walker, node) is not None
                                         or _is_result_model(walker, node)):
        for arg in node.args:
            yield from _payloads(walker, arg.value)
    elif isinstance(node, cst.Call):
        name = _call_name(walker, node)
        if name in _TEXT_CALLS and name not in ("format", "join"):
            for arg in node.args:
                if arg.keyword is None or arg.keyword.value in ("text", "content", "messages", "description",
                                                                "structuredContent", "structured_content"):
                    yield from _payloads(walker, arg.value)
        elif name not in _TEXT_CALLS:
            yield node  # data computed by a call: a report, not only the error
    elif isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
        yield node


def _is_text(walker, node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Modulo)):
        return _is_text(walker, node.left) or _is_text(walker, node.right)
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("format", "join"):
            return _is_text(walker, node.func.value)
        return _call_name(walker, node) in ("str", "dumps", "repr")
    return False


def _call_name(walker, node: cst.BaseExpression) -> str | None:
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute):
        qualified = walker.info.qualify(node.func) or ""
        return qualified.rsplit(".", 1)[-1] if qualified else node.func.attr.value
    qualified = walker.info.qualify(node.func) or dotted_name(node.func) or ""
    return qualified.rsplit(".", 1)[-1] or None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _is_empty_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.List, cst.Tuple, cst.Dict)) and not node.elements:
        return True
    if isinstance(node, cst.SimpleString):
        try:
            return literal_value(node) in ("", b"")
        except Exception:  # noqa: BLE001 - odd literals are not empty strings
            return False
    return False


def _reports_status(walker, clause: cst.ExceptHandler, state) -> bool:
    """``try: probe(); return "Hub OK" except Exception as e: return f"failed: {e}"``.

    When every return of the ``try`` body is a status dict (:func:`_status_report`), or constant
    text while the body hands no argument value to the work it does, the tool reports a status
    (the probe succeeded or not) rather than computing a result, and the ``except`` answer is
    that status, not a failure of the tool.
    ``try: enqueue(queue, message); return "Message enqueued"`` acts on what the caller sent:
    its constant text confirms the action, and the ``except`` answer is the action's failure.
    """
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):  # type(...) is: see module_info.exact_types
        if type(node) is cst.Try and any(handler is clause for handler in node.handlers):
            returns = [n for n in walk(node.body, into_nested_scopes=False) if type(n) is cst.Return]
            params = _parameter_names(function)
            statuses = [_status_report(walker, r.value, params) for r in returns]
            return bool(returns) and all(status or _fixed_text(walker, r.value) for r, status in zip(returns, statuses)) \
                and (any(statuses) or not _handed_to_calls(node.body) & set(state.values))
    return False


def _fixed_text(walker, node: cst.BaseExpression | None) -> bool:
    """A string literal, or text content / a result around one (``[TextContent(type="text",
    text="Broker OK")]``)."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return True
    if node is None or _value_kind(walker, node) not in ("content", "result"):
        return False
    texts = [arg.value for inner in walk(node, into_nested_scopes=False) if isinstance(inner, cst.Call)
             for arg in inner.args if arg.keyword is not None and arg.keyword.value == "text"]
    return bool(texts) and all(isinstance(text, (cst.SimpleString, cst.ConcatenatedString)) for text in texts)
    return False


def _status_report(walker, node: cst.BaseExpression | None, params: set[str]) -> bool:
    """``{"status": "success", "connected": True, "bucket_connected": bucket is not None,
    "bucket_name": bucket_name}``: a dict with an outcome key whose values are literals, echoes of
    parameters or comparisons: it reports a probe's outcome and carries no computed data."""
    if not isinstance(node, cst.Dict) or not _status_keys(walker, node):
        return False
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return False
        value = element.value
        if isinstance(value, cst.Name) and (value.value in params or value.value in ("True", "False", "None")):
            continue
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Comparison)):
            continue
        if isinstance(value, cst.FormattedString) and _text_kind(walker, value, set(), params) == "constant":
            continue
        return False
    return True




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
                if not set(handler_catches(info, clause)) & _BROAD:
                    continue
                for inner in walk(clause.body, into_nested_scopes=False):
                    if isinstance(inner, cst.Return) and inner.value is not None \
                            and not _calls(inner.value, wrapped):
                        kind = _value_kind(view, _uncast(inner.value))
                        if kind not in ("result-error", "error-data"):
                            yield inner, kind


def _calls(node: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == name
               for n in walk(node, into_nested_scopes=False))


def _uncast(node: cst.BaseExpression) -> cst.BaseExpression:
    """``cast(T, value)`` is ``value``."""
    if isinstance(node, cst.Call) and dotted_name(node.func) in ("cast", "typing.cast") and len(node.args) == 2:
        return node.args[1].value
    return node
