"""Lookups that turn a missing argument into a real value: the shapes, read from the syntax.

A required argument read with ``args.get(k)`` is None when the caller leaves it out. Some
library calls and expressions answer None with a value of their own instead of failing:

- ``next((r for r in ROWS if r.code == code), ROWS[0])``: no row matches None, so the
  search gives its fallback (Python ``next(iterator, default)``);
- ``max(... , default=D)`` / ``min(..., default=D)`` over such a search (Python builtins);
- ``next(filter(lambda r: r.code == code, ROWS), D)``: the same search spelled with ``filter``;
- ``TABLE.get(code, D)``: None is no key of a table, so the lookup gives ``D``
  (``dict.get``, ``Mapping.get``).

The flow walk (:mod:`mcplint.model.flow`) asks :func:`lookup_fallback` for the expressions a
call compares the argument with (its probes) and the fallback it answers when none matches,
and records that fallback as the argument's default when a probe holds a missing value.
Nothing here evaluates code: it reads the shape only.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, walk

#: Builtins that answer ``default=`` for an empty iterable (Python ``max``/``min`` since 3.4).
_REDUCERS_WITH_DEFAULT = frozenset({"max", "min"})


def lookup_fallback(call: cst.Call) -> tuple[list[cst.BaseExpression], cst.BaseExpression] | None:
    """``(probes, fallback)`` of a call that answers ``fallback`` when no entry matches the
    probes: ``next(SEARCH, D)``, ``max(SEARCH, default=D)`` / ``min(...)``, ``X.get(P, D)``.
    SEARCH is a generator expression (or ``iter(...)`` of one) or ``filter(lambda ...,
    ROWS)``; its probes are the operands its tests compare the rows with (``==``, ``in``,
    ``is``) that do not mention the rows. None for any other call, or for a call without a
    fallback (``next(gen)`` raises StopIteration: no default stands in)."""
    name = dotted_name(call.func)
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if any(arg.star for arg in call.args):
        return None
    if name == "next" and len(positional) == 2 and not keywords:
        probes = search_probes(positional[0].value)
        return (probes, positional[1].value) if probes else None
    if name in _REDUCERS_WITH_DEFAULT and len(positional) == 1 and set(keywords) <= {"default", "key"} \
            and "default" in keywords:
        probes = search_probes(positional[0].value)
        return (probes, keywords["default"]) if probes else None
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "get" and len(positional) == 2 \
            and not keywords:
        return [positional[0].value], positional[1].value
    return None


def search_probes(search: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands a search compares its rows with: ``(r for r in ROWS if r.code == code)``
    gives ``code``; ``iter(...)`` of such a generator and ``filter(lambda r: ..., ROWS)`` too.
    Empty when the search has no such test."""
    if isinstance(search, cst.Call) and dotted_name(search.func) == "iter" and len(search.args) == 1:
        search = search.args[0].value
    if isinstance(search, cst.GeneratorExp):
        targets = _comprehension_targets(search.for_in)
        tests = _comprehension_tests(search.for_in)
        return [probe for test in tests for probe in _compared_with(test, targets)]
    if isinstance(search, cst.Call) and dotted_name(search.func) == "filter" and len(search.args) == 2 \
            and isinstance(search.args[0].value, cst.Lambda):
        predicate = search.args[0].value
        targets = {param.name.value for param in predicate.params.params}
        return _compared_with(predicate.body, targets)
    return []


def _comprehension_targets(clause: cst.CompFor | None) -> set[str]:
    """Every name the ``for`` clauses of a comprehension bind."""
    names: set[str] = set()
    while clause is not None:
        names |= _bound(clause.target)
        clause = clause.inner_for_in
    return names


def _comprehension_tests(clause: cst.CompFor | None) -> list[cst.BaseExpression]:
    """The ``if`` tests of every ``for`` clause of a comprehension."""
    tests: list[cst.BaseExpression] = []
    while clause is not None:
        tests.extend(condition.test for condition in clause.ifs)
        clause = clause.inner_for_in
    return tests


def _bound(target: cst.BaseExpression) -> set[str]:
    """The names an assignment target binds (``r``, ``(code, row)``)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {name for element in target.elements for name in _bound(element.value)}
    return set()


def _compared_with(test: cst.BaseExpression, targets: set[str]) -> list[cst.BaseExpression]:
    """The operands of the equality / membership / identity comparisons in ``test`` (through
    ``and`` / ``or``) whose other side mentions the rows (``targets``) while they do not."""
    if isinstance(test, cst.BooleanOperation):
        return _compared_with(test.left, targets) + _compared_with(test.right, targets)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return []
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.Equal, cst.In, cst.Is)):
        return []
    left, right = test.left, target.comparator
    if _mentions(left, targets) and not _mentions(right, targets):
        return [right]
    if _mentions(right, targets) and not _mentions(left, targets):
        return [left]
    return []


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` reads one of ``names``."""
    if isinstance(node, cst.Name):
        return node.value in names
    if isinstance(node, cst.Attribute):  # `r.code`: `code` is the attribute's own name
        return _mentions(node.value, names)
    return any(_mentions(child, names) for child in node.children)


def suppressed_errors(statement: cst.With, qualify) -> tuple[str, ...]:
    """The exceptions a ``with contextlib.suppress(KeyError, ...)`` statement swallows (Python
    ``contextlib.suppress``: the block stops at the first one and execution goes on after it),
    as their last name part; empty for any other ``with``. ``qualify`` resolves a name through
    the module's imports."""
    names: list[str] = []
    for item in statement.items:
        call = item.item
        if not isinstance(call, cst.Call) or (qualify(call.func) or "") not in ("contextlib.suppress", "suppress"):
            continue
        names.extend((dotted_name(arg.value) or "").rsplit(".", 1)[-1] for arg in call.args if not arg.star)
    return tuple(name for name in names if name)


def preassigned_value(function: cst.FunctionDef, statement: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """``limit = 10`` written before ``statement`` (an ``if "limit" in args:`` / ``with
    suppress(KeyError):`` / ``try:`` that may rebind ``limit`` from the arguments) in the same
    block of ``function``, with nothing in between binding ``name`` again: the value ``name``
    keeps when ``statement`` does not rebind it. None when there is no such assignment."""
    block = _block_of(function.body, statement)
    if block is None:
        return None
    index = next(i for i, s in enumerate(block) if s is statement)
    for earlier in reversed(block[:index]):
        if isinstance(earlier, cst.SimpleStatementLine):
            for small in reversed(earlier.body):
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name:
                    return small.value
                if _binds(small, name):
                    return None
        elif _binds(earlier, name):
            return None
    return None


def _block_of(suite: cst.BaseSuite, statement: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The statement list (of ``suite`` or a block nested in it, not in a nested def or
    class) that holds ``statement``."""
    body = list(suite.body) if isinstance(suite, cst.IndentedBlock) else []
    if any(s is statement for s in body):
        return body
    for child in body:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.SimpleStatementLine)):
            continue
        for inner in _suites(child):
            found = _block_of(inner, statement)
            if found is not None:
                return found
    return None


def _suites(statement: cst.CSTNode) -> list[cst.BaseSuite]:
    """The blocks a compound statement holds (body, else, handlers, finally, cases)."""
    suites: list[cst.BaseSuite] = []
    for part in (statement, getattr(statement, "orelse", None), getattr(statement, "finalbody", None)):
        while part is not None:
            body = getattr(part, "body", None)
            if isinstance(body, cst.BaseSuite):
                suites.append(body)
            part = part.orelse if isinstance(part, cst.If) and part is not statement else None
    for extra in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())):
        suites.append(extra.body)
    return suites


def _binds(node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` binds ``name`` anywhere (assignment, augmented assignment, ``for``,
    ``with ... as``, walrus, ``except ... as``), nested defs aside."""
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.AsName, cst.NamedExpr)):
            target = getattr(inner, "target", None) or getattr(inner, "name", None)
            if target is not None and any(isinstance(n, cst.Name) and n.value == name
                                          for n in walk(target, into_nested_scopes=False)):
                return True
    return False


#: Base classes that make a class an ``enum.Enum`` (the last part of the qualified name).
_ENUM_BASES = frozenset({"Enum", "StrEnum", "IntEnum", "Flag", "IntFlag"})


def enum_fallback(info, call: cst.Call) -> tuple[cst.BaseExpression, cst.CSTNode] | None:
    """``Tone(value)`` on a project ``Enum`` whose ``_missing_`` hook answers a fixed member
    (``return cls.NEUTRAL``, ``... if key else cls.NEUTRAL``): Python calls ``_missing_`` for a
    value no member has, None included, and returns what it answers instead of raising
    ValueError (``enum.Enum._missing_``). Returns (the value converted, the expression that
    answers the member), else None. A hook that calls a method of the value first
    (``value.lower()``) raises AttributeError for None, and is no fallback for it."""
    if not isinstance(call.func, cst.Name) or len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
        return None
    cls = project_enum(info, call.func)
    if cls is None:
        return None
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    hook = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == "_missing_"), None)
    if hook is None or len(hook.params.params) != 2:
        return None
    owner, value = hook.params.params[0].name.value, hook.params.params[1].name.value
    if _dereferences(hook, value):
        return None
    for node in walk(hook.body, into_nested_scopes=False):
        if isinstance(node, cst.Return) and node.value is not None:
            answer = _fixed_member(node.value, {owner, cls.name.value})
            if answer is not None:
                return call.args[0].value, answer
    return None


def project_enum(info, func: cst.BaseExpression) -> cst.ClassDef | None:
    """The project ``Enum`` subclass ``func`` names (``Tone``), else None. Calling it with a
    value no member has (None included) raises ValueError unless its ``_missing_`` answers."""
    if not isinstance(func, cst.Name):
        return None
    cls = _table(info, "classes").get(func.value)
    if cls is None or not any((dotted_name(base.value) or "").rsplit(".", 1)[-1] in _ENUM_BASES for base in cls.bases):
        return None
    return cls


def _fixed_member(value: cst.BaseExpression, owners: set[str]) -> cst.BaseExpression | None:
    """``cls.NEUTRAL`` / ``Tone.NEUTRAL``, or such a branch of a conditional expression."""
    if isinstance(value, cst.IfExp):
        return _fixed_member(value.body, owners) or _fixed_member(value.orelse, owners)
    if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value in owners \
            and value.attr.value.isupper():
        return value
    return None


def _dereferences(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` calls a method of its parameter ``name`` (``value.lower()``)."""
    return any(isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
               and isinstance(node.func.value, cst.Name) and node.func.value.value == name
               for node in walk(function.body, into_nested_scopes=False))


def _table(info, name: str):
    """A binding table of ``info`` (``classes``, ``constants``): a lazy table loads imported
    names on lookup, and is falsy while nothing is loaded yet, so no ``or {}`` here."""
    table = getattr(info, name, None)
    return table if table is not None else {}


def prototype_copy(info, call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``dataclasses.replace(BLANK, **mapping)``, ``BLANK._replace(**mapping)`` (a NamedTuple)
    and ``BLANK.model_copy(update=mapping)`` (pydantic): a copy of a prototype object whose
    fields the mapping overrides, so each field the caller leaves out keeps the prototype's
    value, a default. Returns (the prototype expression, the mapping expression), else None.
    (Python ``dataclasses.replace``, ``namedtuple._replace``; pydantic ``BaseModel.model_copy``.)"""
    func = call.func
    splats = [arg.value for arg in call.args if arg.star == "**"]
    if isinstance(func, cst.Attribute) and func.attr.value == "_replace" and len(splats) == 1 and len(call.args) == 1:
        return func.value, splats[0]
    if isinstance(func, cst.Attribute) and func.attr.value == "model_copy":
        update = next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "update"), None)
        return (func.value, update) if update is not None else None
    qualified = info.qualify(func) if hasattr(info, "qualify") else dotted_name(func)
    if qualified == "dataclasses.replace" and len(splats) == 1 and call.args and not call.args[0].star \
            and call.args[0].keyword is None:
        return call.args[0].value, splats[0]
    return None
