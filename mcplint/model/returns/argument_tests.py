"""Which side of an ``if`` (or which ``case``) rejects an argument: ``not x``, ``x is None``,
``"k" not in args``, ``x not in ALLOWED``, ``not valid(x)``, a range guard (``count < 1``) that
leaves, the final ``else`` of a chain of literal tests on a value and the wildcard ``case _:``.
A bare truth test of a ``bool`` parameter is a flag, and an optional argument's absence is fine.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.module_info import dotted_name, literal_value, memo_by_node, walk
from mcplint.model.returns.statements import is_empty_literal, leaves

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State


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


#: Words of a local's name that say it lists what is wrong with the values checked.
_PROBLEM_WORDS = {"errors", "violations", "problems", "issues", "failures"}
#: Verbs of the called function's name that say it checks what it is handed (``list_errors`` or
#: ``search_issues`` fetch data named so, they check nothing).
_CHECK_VERBS = {"validate", "check", "verify", "lint", "audit"}


def _check_verb(call: cst.Call) -> bool:
    """The called function's (or method's) name has a checking verb (``validate_date_params``,
    ``rules.check``, ``verifyOrder``)."""
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}
    return bool(words & _CHECK_VERBS)


def problem_lists(walker: HandlerWalker, state: State) -> set[str]:
    """The locals of the function walked whose every binding is a call handed an argument's
    value and whose name says it lists problems (``date_violations = validate_date_params(start,
    end)``, ``errors = check_order(order_id, qty)``): non-empty, the check the tool ran on its
    arguments failed (:func:`~.outcomes.outcome_failure_sides`), and the list is the failure's
    own text."""
    function = getattr(walker, "_function", None) or walker.handler.function
    found = set()
    for name, values in _call_bindings(function).items():
        words = {w.lower() for w in name.split("_")}
        if words & _PROBLEM_WORDS and name not in state.values and all(
                _check_verb(call) and any(not arg.star and is_argument_value(walker, arg.value, state) for arg in call.args)
                for call in values):
            found.add(name)
    return found


_CALL_BINDINGS: dict = {}  # memo of _find_call_bindings, by function


def _call_bindings(function: cst.FunctionDef) -> dict[str, list[cst.Call]]:
    """Each local ``function`` binds only by plain ``local = [await] f(...)`` lines, to those calls."""
    return memo_by_node(_CALL_BINDINGS, function, lambda: _find_call_bindings(function))


def _find_call_bindings(function: cst.FunctionDef) -> dict[str, list[cst.Call]]:
    calls: dict[str, list[cst.Call] | None] = {}
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, (cst.Assign, cst.AnnAssign)) and inner.value is not None:
            targets = [t.target for t in inner.targets] if isinstance(inner, cst.Assign) else [inner.target]
            value = inner.value.expression if isinstance(inner.value, cst.Await) else inner.value
            if len(targets) == 1 and isinstance(targets[0], cst.Name):
                name = targets[0].value
                if isinstance(value, cst.Call) and calls.get(name, []) is not None:
                    calls.setdefault(name, []).append(value)
                else:
                    calls[name] = None
                continue
        else:
            targets = [inner.target] if isinstance(inner, (cst.AugAssign, cst.For, cst.NamedExpr)) else \
                [inner.name] if isinstance(inner, cst.AsName) else []
        for target in targets:
            for name in walk(target):
                if isinstance(name, cst.Name):
                    calls[name.value] = None
    return {name: found for name, found in calls.items() if found}


def tests_argument_value(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> bool:
    """The test looks at an argument's value (``";" in query``, ``mode == "delete"``,
    ``path.startswith("/etc")``) and not at the requested tool or prompt name. Either side of it
    may refuse the value: :func:`_classify` counts a return there as a failure only when its
    fixed text says so (``_REFUSAL``)."""
    mentions = False
    for node in walk(test, into_nested_scopes=False):
        if isinstance(node, cst.BaseExpression) and walker.is_name_expr(node, state):
            return False
        if isinstance(node, (cst.Name, cst.Subscript, cst.Call)) and is_argument_value(walker, node, state):
            mentions = True
    return mentions


def is_presence_test(walker: HandlerWalker, test: cst.BaseExpression, state: State) -> bool:
    """The test only asks whether arguments were given (``not dataset and not everything``,
    ``x is None``, ``"k" not in args``, ``not args.get("k")``), not what a given value holds
    (``EMAIL.fullmatch(address)``, ``";" in query``)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return is_presence_test(walker, test.expression, state)
    if isinstance(test, cst.BooleanOperation):
        return is_presence_test(walker, test.left, state) and is_presence_test(walker, test.right, state)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if isinstance(target.operator, (cst.Is, cst.IsNot)) and dotted_name(target.comparator) == "None":
            return is_presence_test(walker, test.left, state)
        return isinstance(target.operator, (cst.In, cst.NotIn)) and walker.is_mapping(target.comparator, state)
    if isinstance(test, cst.Call):
        return isinstance(test.func, cst.Attribute) and test.func.attr.value == "get" \
            and walker.is_mapping(test.func.value, state)
    return isinstance(test, (cst.Name, cst.Attribute, cst.Subscript))


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
            or not is_argument_value(walker, test.left, state):
        return False
    value = walker.evaluator.eval(target.comparator)
    if isinstance(target.operator, cst.Equal):
        return isinstance(value, (str, int)) and not isinstance(value, bool)
    return isinstance(value, (list, tuple, set, frozenset, dict)) and bool(value)


def _none_given(walker, test: cst.BooleanOperation, state) -> bool:
    """``not a and not b`` (``a is None and b is None``) over argument values: none was given.
    A ``bool`` flag may be one of the alternatives (``not dataset and not everything``), not all."""
    operands: list[cst.BaseExpression] = []

    def collect(node) -> None:
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            collect(node.left)
            collect(node.right)
        else:
            operands.append(node)

    collect(test)
    flags = 0
    for operand in operands:
        if isinstance(operand, cst.UnaryOperation) and isinstance(operand.operator, cst.Not):
            inner = operand.expression
        elif isinstance(operand, cst.Comparison) and len(operand.comparisons) == 1 \
                and isinstance(operand.comparisons[0].operator, cst.Is) \
                and dotted_name(operand.comparisons[0].comparator) == "None":
            inner = operand.left
        else:
            return False
        if not is_argument_value(walker, inner, state) or walker.is_name_expr(inner, state):
            return False
        key = argument_key(walker, inner, state)
        if key is not None and _is_bool_parameter(walker, key):
            flags += 1  # `not dataset and not everything`: a flag among the selectors
    return len(operands) >= 2 and flags < len(operands)


def _is_range_guard(walker, test: cst.Comparison, state, guard: cst.If | None) -> bool:
    """``if count < 1: return ...`` (no ``else``): an argument outside its range is rejected."""
    if guard is None or guard.orelse is not None or not leaves(guard.body):
        return False
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)):
        return False
    sides = (test.left, target.comparator)
    for value, bound in (sides, sides[::-1]):
        if is_argument_value(walker, value, state) and isinstance(_bound(walker, bound, state), (int, float)):
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
            and dotted_name(test.left.func) == "len" and is_argument_value(walker, test.left, state)
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
        if is_argument_value(walker, test.left, state) and not walker.is_name_expr(test.left, state):
            rejects = isinstance(op, cst.NotIn)
            return rejects, not rejects
        return False, False
    if not is_argument_value(walker, test.left, state) and not walker.is_mapping(test.left, state):
        return False, False
    comparator = target.comparator
    empty = (isinstance(comparator, cst.Name) and comparator.value == "None") or is_empty_literal(comparator)
    key = argument_key(walker, test.left, state)
    if not empty or (key is not None and is_optional(walker, key, state)):
        return False, False
    if key is not None and dotted_name(comparator) == "None" and _admits_none(walker, key):
        return False, False  # `parent_key: str | None`: None is a value the caller may send on purpose
    if walker.is_mapping(test.left, state) and _nothing_required(walker, state):
        return False, False  # `arguments is None` when every argument is optional: nothing is missing
    if isinstance(op, (cst.Is, cst.Equal)):
        return True, False
    if isinstance(op, (cst.IsNot, cst.NotEqual)):
        return False, True
    return False, False


def _admits_none(walker, key: str) -> bool:
    """A signature parameter annotated ``X | None``, ``Optional[X]`` or ``Union[X, None]``: ``x is None`` tests for
    a value the caller may send (``null`` clears a field), not for a missing argument."""
    param = walker.spec.parameters.get(key)
    if param is None or param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        return head == "Optional" or (head == "Union" and any(
            isinstance(e.slice, cst.Index) and dotted_name(e.slice.value) == "None" for e in annotation.slice))
    while isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        if dotted_name(annotation.right) == "None":
            return True
        annotation = annotation.left
    return dotted_name(annotation) == "None"


def _is_presence_operand(walker, node, state) -> bool:
    """``x`` in ``not x``: an argument value (not a bool flag) or the mapping itself (unless no
    argument served here is required). An empty list or dict the caller sent for a parameter
    typed as a collection was given: ``if not edits: return "No edits provided. Nothing to do."``
    may answer a valid empty request, so only refusing text makes that branch a failure."""
    if walker.is_mapping(node, state):
        return not _nothing_required(walker, state)
    if not is_argument_value(walker, node, state) or _read_with_bool_default(node):
        return False
    key = argument_key(walker, node, state)
    return key is None or not (_is_bool_parameter(walker, key) or is_optional(walker, key, state)
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


def argument_key(walker, node, state) -> str | None:
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
        # not args.get("k"): a presence test; not args.get("confirm", False): a flag left off
        return node.func.attr.value == "get" and not _read_with_bool_default(node)
    operands = [node.func.value] if isinstance(node.func, cst.Attribute) else []
    operands += [arg.value for arg in node.args]
    return any(is_argument_value(walker, operand, state) for operand in operands)


def is_argument_value(walker, node, state) -> bool:
    """True when ``node`` holds an argument's value: a tracked local, a read, a normalised read."""
    if isinstance(node, cst.Name):
        return node.value in state.values
    if isinstance(node, cst.Subscript):
        return walker.is_mapping(node.value, state)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if walker.is_mapping(node.func.value, state):
            return node.func.attr.value == "get"
        return not node.args and is_argument_value(walker, node.func.value, state)  # x.strip()
    if isinstance(node, cst.Call) and dotted_name(node.func) == "len" and len(node.args) == 1:
        return is_argument_value(walker, node.args[0].value, state)
    return False


def is_optional(walker, key: str, state) -> bool:
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


def _read_with_bool_default(node: cst.BaseExpression) -> bool:
    """``args.get("confirm", False)``: the read itself says the argument is a flag the caller may
    leave off, so its falsy side is a choice (a dry run, a summary), not a refused value."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
        and len(node.args) == 2 and not node.args[1].star \
        and isinstance(node.args[1].value, cst.Name) and node.args[1].value.value in ("True", "False")


def _is_bool_parameter(walker, key: str) -> bool:
    param = walker.spec.parameters.get(key)
    if param is None or param.annotation is None:
        return False
    annotation = param.annotation.annotation
    return any(isinstance(n, cst.Name) and n.value == "bool" for n in walk(annotation, into_nested_scopes=False))


def rejects_unmatched_case(walker: HandlerWalker, node: cst.Match, case: cst.MatchCase, state: State) -> bool:
    """``match action: case "add": ... case "remove": ... case _:`` on an argument's value: the
    wildcard case is reached by every value the literal cases do not accept."""
    if case is not node.cases[-1] or len(node.cases) < 2 or case.guard is not None \
            or not (isinstance(case.pattern, cst.MatchAs) and case.pattern.pattern is None
                    and case.pattern.name is None) \
            or walker.is_name_expr(node.subject, state) or not is_argument_value(walker, node.subject, state):
        return False
    return all(_literal_pattern(other.pattern) and other.guard is None for other in node.cases[:-1])


def _literal_pattern(pattern: cst.MatchPattern) -> bool:
    if isinstance(pattern, cst.MatchOr):
        return all(_literal_pattern(element.pattern) for element in pattern.patterns)
    return isinstance(pattern, (cst.MatchValue, cst.MatchSingleton))


def has_default(walker, key: str) -> bool:
    """A signature parameter with a default value: the caller may leave it out."""
    param = walker.spec.parameters.get(key)
    return param is not None and param.default is not None
