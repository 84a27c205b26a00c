"""Solve a valid value for a prompt argument from the checks that reject it.

The model records each raise a bad argument value reaches (:class:`~mcplint.model.facts.RaiseSite`
with ``reason == "argument"``): a raise under an ``if`` test, or an implicit one (a
conversion such as ``int(x)``, a lookup in a literal table). Each test is read as a
constraint: a presence or emptiness test (any non-empty text passes), an allowed set
(``x not in ("a", "b")``, ``x != "a"``: a value from it), a rejected set (``x in BAD``),
a digits test or a conversion (``"1"``). Anything else leaves the value unsolved: a wrong
value would make a correct server's test fail.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import libcst as cst

from mcplint.gentests.regex import regex_sample
from mcplint.gentests.values import SAMPLE_TEXT, UNSOLVED, Solved
from mcplint.model.evaluate import UNKNOWN, Evaluator
from mcplint.model.facts import RaiseSite
from mcplint.model.module_info import dotted_name, suite_statements, walk

_NORMALISERS = {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "get", "len", "str"}
_DIGIT_TESTS = {"isdigit", "isdecimal", "isnumeric"}
_NUMBER_CONVERSIONS = {"int", "float", "Decimal", "decimal.Decimal"}
_REGEX_MATCHES = {"fullmatch", "match", "search"}


class CheckIndex:
    """The ``if`` test above each raise of some modules, and each node's parent (built once,
    lazily, for the modules that hold the sites asked about)."""

    def __init__(self, modules: Iterable[cst.Module]) -> None:
        self._modules = list(modules)
        self._tests: dict[int, cst.BaseExpression] | None = None
        self._parents: dict[int, cst.CSTNode] | None = None

    def test_of(self, raise_node: cst.CSTNode) -> cst.BaseExpression | None:
        """The test of the ``if`` whose body raises at ``raise_node`` directly, or None."""
        if self._tests is None:
            self._tests = {}
            for module in self._modules:
                self._index(module)
        return self._tests.get(id(raise_node))

    def _index(self, module: cst.Module) -> None:
        for node in walk(module):
            if isinstance(node, cst.If):
                for statement in suite_statements(node.body):
                    if not isinstance(statement, cst.SimpleStatementLine):
                        continue
                    for small in statement.body:
                        if isinstance(small, cst.Raise):
                            self._tests[id(small)] = node.test

    def reached_for(self, node: cst.CSTNode, prompt: str, explicit: bool) -> bool:
        """Whether ``node`` (a raise under its ``if`` when ``explicit``, else a conversion)
        runs on every request for ``prompt`` that gets that far: between it and its function
        there is no loop, no ``else`` and no ``if`` other than a test naming ``prompt`` (a
        dispatch on the prompt name), no ``except`` and no lambda or comprehension."""
        parents = self._parent_map()
        child, current = node, parents.get(id(node))
        skip_own_if = explicit
        while current is not None and not isinstance(current, cst.FunctionDef):
            if isinstance(current, cst.If):
                in_body = child is current.body
                if skip_own_if and in_body:
                    skip_own_if = False
                elif not in_body or not _names_prompt(current.test, prompt):
                    return False
            elif isinstance(current, _CONDITIONAL_SCOPES):
                return False
            child, current = current, parents.get(id(current))
        return current is not None

    def _parent_map(self) -> dict[int, cst.CSTNode]:
        if self._parents is None:
            self._parents = {}
            stack: list[cst.CSTNode] = list(self._modules)
            while stack:
                node = stack.pop()
                for child in node.children:
                    self._parents[id(child)] = node
                    stack.append(child)
        return self._parents


_CONDITIONAL_SCOPES = (cst.For, cst.While, cst.Else, cst.ExceptHandler, cst.Finally, cst.Match, cst.Lambda,
                       cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp, cst.BooleanOperation)


def _names_prompt(test: cst.BaseExpression, prompt: str) -> bool:
    """A test that compares with the prompt's name (``name == "deploy"``, ``name in (...)``)."""
    return any(isinstance(node, cst.SimpleString) and _literal(node) == prompt for node in walk(test))


def _literal(node: cst.SimpleString) -> Any:
    try:
        return node.evaluated_value
    except Exception:  # noqa: BLE001 - a literal libcst cannot evaluate is no name
        return None


#: The value sent to check that a value outside an allowed set, a pattern or a number is rejected.
INVALID_SAMPLE = "mcplint-invalid-value"


def rejected_values(sites: list[RaiseSite], index: CheckIndex, evaluator: Evaluator | None,
                    prompt: str) -> list[str]:
    """Which of ``""`` and :data:`INVALID_SAMPLE` a check behind ``sites`` (the raises of one
    argument of ``prompt``) rejects on every request that reaches it: a test mcplint reads
    whose constraint the value fails, not nested under other conditions."""
    found = []
    for value in ("", INVALID_SAMPLE):
        for site in sites:
            if site.when_missing:
                continue
            constraint = _site_constraint(site, index, evaluator)
            if constraint is not None and not _passes(value, constraint) \
                    and index.reached_for(site.node, prompt, explicit=not site.implicit):
                found.append(value)
                break
    return found


def rejected_by_test(test: cst.BaseExpression, evaluator: Evaluator | None) -> list[str]:
    """Which of ``""`` and :data:`INVALID_SAMPLE` make a raising ``if test:`` raise, read
    with :func:`classify_test` (empty when mcplint cannot read the test)."""
    constraint = classify_test(test, evaluator)
    return [] if constraint is None else [value for value in ("", INVALID_SAMPLE) if not _passes(value, constraint)]


def solve_from_checks(sites: list[RaiseSite], index: CheckIndex, evaluator: Evaluator | None) -> Solved | Any:
    """A value that passes every check behind ``sites`` (the raises of one argument), or UNSOLVED.

    The candidates (each allowed set's values, each pattern's sample, then ``"1"`` or the plain
    sample) are tried against all the constraints together; the first that passes them all wins.
    """
    constraints = []
    for site in sites:
        constraint = _site_constraint(site, index, evaluator)
        if constraint is None:
            return UNSOLVED
        constraints.append(constraint)
    return _solve(constraints)


def solve_from_tests(tests: list[cst.BaseExpression], evaluator: Evaluator | None) -> Solved | Any:
    """A value that none of the raising ``if`` ``tests`` (each about one argument) rejects,
    or UNSOLVED when one of them cannot be read; as :func:`solve_from_checks`."""
    constraints = [classify_test(test, evaluator) for test in tests]
    return UNSOLVED if not constraints or None in constraints else _solve(constraints)


def _solve(constraints: list[tuple[str, list]]) -> Solved | Any:
    number = any(kind == "number" for kind, _values in constraints)
    candidates = [(value, _SOURCES[kind]) for kind, values in constraints if kind in ("allowed", "pattern")
                  for value in values[:1] if isinstance(value, str)]
    candidates += [(value, _SOURCES[kind]) for kind, values in constraints if kind == "allowed" for value in values[1:]]
    candidates.append(("1", "number check") if number else (SAMPLE_TEXT, "str"))
    for value, source in candidates:
        if all(_passes(value, constraint) for constraint in constraints):
            return Solved(value, source)
    return UNSOLVED


_SOURCES = {"allowed": "allowed-value check", "pattern": "regular expression"}


def _passes(value: str, constraint: tuple[str, list]) -> bool:
    kind, values = constraint
    if kind == "allowed":
        return value in values
    if kind == "rejected":
        return value not in values
    if kind == "number":
        return value.strip().lstrip("-").isdigit()
    if kind == "pattern":
        return re.fullmatch(values[1], value, values[2]) is not None
    if kind == "key":
        return True  # the key is there, whatever its value
    return bool(value.strip())  # presence


def _site_constraint(site: RaiseSite, index: CheckIndex, evaluator: Evaluator | None) -> tuple[str, list] | None:
    if site.implicit:
        return _implicit_constraint(site.implicit, evaluator)
    test = index.test_of(site.node)
    if test is None:
        return None
    return classify_test(test, evaluator)


def _implicit_constraint(label: str, evaluator: Evaluator | None) -> tuple[str, list] | None:
    if label.endswith("()") and label[:-2] in _NUMBER_CONVERSIONS:
        return "number", []
    if label.endswith("]") and "[" in label and evaluator is not None:
        table = evaluator.constant(label.split("[", 1)[0]) if label.split("[", 1)[0] != "table" else UNKNOWN
        keys = [key for key in table if isinstance(key, str)] if isinstance(table, dict) else []
        return ("allowed", keys) if keys else None
    return None


def classify_test(test: cst.BaseExpression, evaluator: Evaluator | None) -> tuple[str, list] | None:
    """The constraint a raising ``if test:`` puts on the value: ``("presence", [])``,
    ``("allowed", values)``, ``("rejected", values)``, ``("number", [])``, or None when
    mcplint cannot read it."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        left, right = classify_test(test.left, evaluator), classify_test(test.right, evaluator)
        if left is None or right is None:
            return None
        return _stricter(left, right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _negated(test.expression, evaluator)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        return _comparison(test, evaluator)
    return None  # `if value: raise` rejects every non-empty value: nothing to send


def _stricter(first: tuple[str, list], second: tuple[str, list]) -> tuple[str, list] | None:
    """Both constraints of ``if A or B: raise`` (the value must pass both tests)."""
    kinds = {first[0], second[0]}
    weak = {"presence", "key"}
    if first[0] in weak and second[0] in weak:
        return first if first[0] == "presence" else second
    if first[0] in weak or second[0] in weak:  # the other test is the stricter one
        return second if first[0] in weak else first
    if kinds == {"pattern", "allowed"}:  # the allowed values the pattern matches
        pattern, allowed = (first, second) if first[0] == "pattern" else (second, first)
        matching = [value for value in allowed[1] if _passes(value, pattern)]
        return ("allowed", matching) if matching else None
    if "pattern" in kinds:  # one constraint cannot hold a pattern and another test
        return first if first == second else None
    if kinds == {"allowed"}:
        common = [value for value in first[1] if value in second[1]]
        return ("allowed", common) if common else None
    if "allowed" in kinds:
        return first if first[0] == "allowed" else second
    if kinds == {"number", "rejected"}:
        return None
    if kinds == {"rejected"}:
        return "rejected", first[1] + second[1]
    return next((c for c in (first, second) if c[0] != "presence"), first)


def _negated(operand: cst.BaseExpression, evaluator: Evaluator | None) -> tuple[str, list] | None:
    if isinstance(operand, cst.Call) and isinstance(operand.func, cst.Attribute) \
            and operand.func.attr.value in _DIGIT_TESTS:
        return "number", []
    matched = regex_check(operand, evaluator)
    if matched is not None:
        return matched if matched[0] == "pattern" else None
    return ("presence", []) if _is_value(operand) else None


def regex_check(node: cst.BaseExpression, evaluator: Evaluator | None) -> tuple[str, list] | None:
    """``("pattern", [sample, pattern, flags])`` when ``node`` matches the value against a regular expression
    mcplint can build a sample for (``re.fullmatch(p, x)``, ``re.match``/``re.search``,
    ``PATTERN.fullmatch(x)`` of a module-level ``re.compile(p)``), ``("unsolved", [])`` for a
    match it cannot solve, None when ``node`` is no such match."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) \
            or node.func.attr.value not in _REGEX_MATCHES or evaluator is None:
        return None
    owner = node.func.value
    if dotted_name(owner) == "re" or evaluator.info.qualify(owner) == "re":
        if len(node.args) < 2 or not _is_value(node.args[1].value):
            return None
        pattern, flags = evaluate_or_unknown(node.args[0].value, evaluator), node.args[2:]
    else:
        compiled = _compiled_pattern(owner, evaluator)
        if compiled is None or not node.args or not _is_value(node.args[0].value):
            return None
        pattern, flags = compiled
    flags = _flags(flags, evaluator)
    sample = regex_sample(pattern, flags) if isinstance(pattern, str) else None
    return ("pattern", [sample, pattern, flags]) if sample is not None else ("unsolved", [])


def _compiled_pattern(owner: cst.BaseExpression, evaluator: Evaluator) -> tuple[Any, list] | None:
    """The pattern and flag arguments of the module constant ``owner = re.compile(...)``."""
    if not isinstance(owner, cst.Name):
        return None
    node = evaluator.info.constants.get(owner.value)
    if not isinstance(node, cst.Call) or not node.args or evaluator.info.qualify(node.func) != "re.compile":
        return None
    return evaluate_or_unknown(node.args[0].value, evaluator), node.args[1:]


def _flags(arguments: list, evaluator: Evaluator) -> int:
    """The ``re`` flags among ``arguments`` (``re.I``, ``flags=re.IGNORECASE | re.M``); 0 for
    any other value, which the sample is then checked without."""
    flags = 0
    for argument in arguments:
        if argument.keyword is not None and argument.keyword.value != "flags":
            continue
        for node in walk(argument.value):
            name = dotted_name(node) if isinstance(node, (cst.Attribute, cst.Name)) else None
            flag = getattr(re, name.rsplit(".", 1)[-1], None) if name and name.startswith("re.") else None
            if isinstance(flag, re.RegexFlag):
                flags |= flag
    return flags


def _comparison(test: cst.Comparison, evaluator: Evaluator | None) -> tuple[str, list] | None:
    target = test.comparisons[0]
    operator = target.operator
    if isinstance(operator, (cst.Is, cst.IsNot)) and _is_none(target.comparator):
        matched = regex_check(test.left, evaluator)
        if matched is not None:
            return matched if isinstance(operator, cst.Is) and matched[0] == "pattern" else None
        return ("key", []) if isinstance(operator, cst.Is) else None
    if isinstance(test.left, cst.SimpleString) and isinstance(operator, (cst.In, cst.NotIn)):
        return ("key", []) if isinstance(operator, cst.NotIn) else None  # "k" not in arguments
    if not _is_value(test.left):
        return None
    value = evaluate_or_unknown(target.comparator, evaluator)
    if isinstance(operator, (cst.Equal, cst.NotEqual)):
        if value in ("", 0):
            return "presence", []
        if isinstance(value, str):
            return ("allowed", [value]) if isinstance(operator, cst.NotEqual) else ("rejected", [value])
        return None
    if isinstance(operator, (cst.In, cst.NotIn)):
        choices = _strings(value)
        if not choices:
            return None
        return ("allowed", choices) if isinstance(operator, cst.NotIn) else ("rejected", choices)
    return None


def _strings(value: Any) -> list[str]:
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=str)
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(item, str) for item in value):
        return list(value)
    return []


def _is_value(node: cst.BaseExpression) -> bool:
    """A name, attribute, subscript or a normalising call of one (``x.strip().lower()``, ``len(x)``)."""
    if isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
        return True
    if isinstance(node, cst.BooleanOperation):  # (arguments or {}).get(...), x or ""
        return _is_value(node.left)
    if isinstance(node, cst.Call):
        name = dotted_name(node.func) or ""
        last = name.rsplit(".", 1)[-1] if name else getattr(getattr(node.func, "attr", None), "value", "")
        inner = node.func.value if isinstance(node.func, cst.Attribute) else (node.args[0].value if node.args else None)
        return last in _NORMALISERS and inner is not None and _is_value(inner)
    return False


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def evaluate_or_unknown(node: cst.BaseExpression, evaluator: Evaluator | None) -> Any:
    """The value of ``node`` by ``evaluator``; ``UNKNOWN`` without one or when it cannot tell."""
    if evaluator is None:
        return UNKNOWN
    try:
        return evaluator.eval(node)
    except Exception:  # noqa: BLE001 - an expression mcplint cannot evaluate has no value
        return UNKNOWN
