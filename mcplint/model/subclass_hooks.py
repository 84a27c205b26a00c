"""Class registries filled by ``__init_subclass__``: which project classes end up in them.

``class Base(Prompt): registry = []`` with ``def __init_subclass__(cls, **kw): if cls.name:
Base.registry.append(cls)`` collects, as the modules are imported, every project subclass
(direct or not) whose class attributes pass the test. Here the hook is read, and the
subclasses are found among the classes of the folder's modules whose bases name the class; the
evaluator (:meth:`mcplint.model.evaluate.Evaluator.subclass_registry`) then decides each test
with ``cls`` bound to the subclass. A hook that does anything else to the container leaves it
unknown. Nothing is imported or run.
"""

from __future__ import annotations

from typing import Any, Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, suite_statements, walk

_MAX_SUBCLASSES = 200  # more: the registry is left unknown


def registering_hook(owner: cst.ClassDef, attr: str) -> list[cst.BaseExpression | None] | None:
    """The tests under which ``owner.__init_subclass__`` appends ``cls`` to ``owner.<attr>``
    (None for an unconditional append); None when there is no such hook, or it changes the
    container in any other way."""
    hook = next((s for s in suite_statements(owner.body)
                 if isinstance(s, cst.FunctionDef) and s.name.value == "__init_subclass__"), None)
    if hook is None:
        return None
    targets = {f"{owner.name.value}.{attr}", f"cls.{attr}"}
    tests: list[cst.BaseExpression | None] = []
    for statement, test in _guarded_statements(suite_statements(hook.body)):
        for node in walk(statement, into_nested_scopes=False):
            if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) \
                    or dotted_name(node.func.value) not in targets:
                continue
            if node.func.attr.value != "append" or len(node.args) != 1 or dotted_name(node.args[0].value) != "cls":
                return None
            tests.append(test)
    return tests or None


def _guarded_statements(statements, test=None) -> Iterator[tuple[cst.CSTNode, cst.BaseExpression | None]]:
    """Each simple statement of a hook with the one ``if`` test it sits under (None at the
    top); a statement under nested or ``else`` branches gets a test that is never known."""
    for statement in statements:
        if isinstance(statement, cst.If):
            inner = statement.test if test is None and statement.orelse is None else _UNKNOWN_TEST
            yield from _guarded_statements(suite_statements(statement.body), inner)
            if statement.orelse is not None:
                yield from _guarded_statements(_orelse_statements(statement.orelse), _UNKNOWN_TEST)
        elif isinstance(statement, cst.SimpleStatementLine):
            yield statement, test
        else:
            for node in walk(statement, into_nested_scopes=False):
                if isinstance(node, cst.SimpleStatementLine):
                    yield node, _UNKNOWN_TEST


_UNKNOWN_TEST = cst.Name("__mcplint_unknown__")  # a name nothing binds: evaluates to UNKNOWN


def _orelse_statements(orelse) -> list:
    if isinstance(orelse, cst.If):
        return [orelse]
    return suite_statements(orelse.body)


def project_subclasses(info, owner: cst.ClassDef) -> list[tuple[cst.ClassDef, Any]] | None:
    """Every class of the folder's modules (this one included) that derives from ``owner``,
    directly or through another such class, with the ModuleInfo it was found in (None for this
    module's own); None past :data:`_MAX_SUBCLASSES`."""
    modules = _folder_infos(info, owner)
    names = {owner.name.value}
    found: list[tuple[cst.ClassDef, Any]] = []
    bases: set[int] = {id(owner)}  # the class and the subclasses found: what a base must resolve to
    changed = True
    while changed:  # a subclass of a subclass may come first
        changed = False
        for other in modules:
            where = other or info
            for cls in list(dict.values(where.classes)):
                if id(cls) in bases or not any(_derives(where, base, names, bases) for base in cls.bases):
                    continue
                bases.add(id(cls))
                names.add(cls.name.value)
                found.append((cls, other if other is not info else None))
                changed = True
                if len(found) > _MAX_SUBCLASSES:
                    return None
    return found


def direct_subclasses(info, owner: cst.ClassDef) -> list[tuple[cst.ClassDef, Any]] | None:
    """``Owner.__subclasses__()`` once the project's modules are imported: the classes of
    :func:`project_subclasses` that name ``owner`` itself among their bases (a subclass of a
    subclass is not in the list), in the order found; None when the subclasses are not known."""
    found = project_subclasses(info, owner)
    if found is None:
        return None
    return [(cls, other) for cls, other in found
            if any(_derives(other or info, base, {owner.name.value}, {id(owner)}) for base in cls.bases)]


def _derives(where, base: cst.Arg, names: set[str], bases: set[int]) -> bool:
    """Whether ``base``, resolved in the module ``where`` (through its imports), is one of
    ``bases``: a class of the same name elsewhere in the folder is another class."""
    dotted = dotted_name(base.value) or ""
    if dotted.rsplit(".", 1)[-1] not in names:
        return False  # cheap: only a name the registry's classes carry can be one of them
    return id(where.classes.get(dotted)) in bases


def _folder_infos(info, owner: cst.ClassDef) -> list[Any]:
    """The ModuleInfos of the modules next to the one defining ``owner`` that mention it (None
    stands for ``info`` itself when there is no project to read)."""
    needle = owner.name.value.encode()
    if info.neighbours_of is not None:
        return [linked.info for linked in info.neighbours_of(owner, needle)]
    if info.neighbours is not None:
        return [linked.info for linked in info.neighbours(needle)]
    return [None]


_MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "add",
                       "discard", "__setitem__", "popitem"})


def class_fillers(owner: cst.ClassDef, attr: str) -> list[tuple[cst.FunctionDef, cst.BaseSmallStatement]] | None:
    """The classmethods of ``owner`` that fill its class attribute ``attr`` with one top-level
    statement (``cls._tools[tool.name] = tool``, ``cls._items.append(item)``), each with that
    statement; None when none does, or a method changes the container any other way."""
    targets = {f"cls.{attr}", f"{owner.name.value}.{attr}", f"self.{attr}"}
    found: list[tuple[cst.FunctionDef, cst.BaseSmallStatement]] = []
    for method in suite_statements(owner.body):
        if not isinstance(method, cst.FunctionDef):
            continue
        top = [small for statement in suite_statements(method.body) if isinstance(statement, cst.SimpleStatementLine)
               for small in statement.body]
        fills = [small for small in top if _fills(small, targets)]
        is_classmethod = any(dotted_name(d.decorator) == "classmethod" for d in method.decorators)
        if len(fills) == 1 and is_classmethod:
            found.append((method, fills[0]))
            continue
        if any(_mutates(node, targets) for node in walk(method.body, into_nested_scopes=False)):
            return None
    return found or None


def _fills(small: cst.BaseSmallStatement, targets: set[str]) -> bool:
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        return isinstance(target, cst.Subscript) and dotted_name(target.value) in targets and len(target.slice) == 1
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
        and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" \
        and dotted_name(small.value.func.value) in targets and len(small.value.args) == 1


def _mutates(node: cst.CSTNode, targets: set[str]) -> bool:
    if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Subscript):
        return dotted_name(node.target.value) in targets
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
        and node.func.attr.value in _MUTATORS and dotted_name(node.func.value) in targets


def filler_applications(info, owner: cst.ClassDef, filler: cst.FunctionDef
                        ) -> list[tuple[cst.ClassDef, Any, list[cst.BaseExpression | None] | None]] | None:
    """The classes ``owner.<filler>`` is applied to as the modules next to ``owner``'s are
    imported, each with the ModuleInfo it was found in (None: ``info``) and the tests of the
    ``__init_subclass__`` hook that calls it (None for a class decorated with it): every
    project subclass of a class whose hook calls ``Owner.register(cls)``, and every class
    decorated ``@Owner.register``. None past :data:`_MAX_SUBCLASSES`."""
    found: list[tuple[cst.ClassDef, Any, list | None]] = []
    wanted = f".{filler.name.value}"
    for other in _folder_infos(info, owner):
        where = other or info
        for cls in list(dict.values(where.classes)):
            if any(_names_owner(where, item.decorator, wanted, owner) for item in cls.decorators):
                found.append((cls, other if other is not info else None, None))
            tests = _hook_tests(where, cls, wanted, owner)
            if tests:
                subclasses = project_subclasses(info, cls)
                if subclasses is None:
                    return None
                found.extend((sub, where_found, tests) for sub, where_found in subclasses)
            if len(found) > _MAX_SUBCLASSES:
                return None
    return found


def _names_owner(where, expr: cst.BaseExpression, wanted: str, owner: cst.ClassDef) -> bool:
    """``Owner.register`` written in the module ``where``, ``Owner`` resolving to ``owner``."""
    dotted = dotted_name(expr) or ""
    return dotted.endswith(wanted) and where.classes.get(dotted[: -len(wanted)]) is owner


def _hook_tests(where, cls: cst.ClassDef, wanted: str, owner: cst.ClassDef) -> list[cst.BaseExpression | None]:
    """The tests under which ``cls.__init_subclass__`` calls ``Owner.<filler>(cls)``."""
    hook = next((s for s in suite_statements(cls.body)
                 if isinstance(s, cst.FunctionDef) and s.name.value == "__init_subclass__"), None)
    if hook is None:
        return []
    tests: list[cst.BaseExpression | None] = []
    for statement, test in _guarded_statements(suite_statements(hook.body)):
        for node in walk(statement, into_nested_scopes=False):
            if isinstance(node, cst.Call) and len(node.args) == 1 and dotted_name(node.args[0].value) == "cls" \
                    and _names_owner(where, node.func, wanted, owner):
                tests.append(test)
    return tests
