"""Key getters: ``operator.itemgetter("paths", "mode")`` applied to the arguments mapping.

``itemgetter(k1, k2, ...)(mapping)`` is ``(mapping[k1], mapping[k2], ...)``: each key is a
subscript read (KeyError when absent). The getter is often built once and applied later, so
the callee of ``getter(arguments)`` is followed to where it was built: inline
(``itemgetter("path")(args)``), a module-level constant (``lint_args = itemgetter(...)``), or
a local assigned once in the function that applies it. ``operator.itemgetter`` is recognised
through any import spelling (``from operator import itemgetter as ig``, ``import operator as
op``). A getter whose keys are not all literal strings is no key getter (the caller then
stays where it was: a call the walk cannot list reads of).
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import walk

_GETTERS = frozenset({"operator.itemgetter", "_operator.itemgetter"})


def getter_keys(info, func: cst.BaseExpression,
                scope: cst.FunctionDef | None) -> tuple[tuple[str, cst.SimpleString], ...] | None:
    """The literal keys ``func`` gets, each with its string literal (the place a misspelt key
    is written), when it is an ``itemgetter`` (inline, a module constant or a local of
    ``scope`` assigned once); None for any other callee."""
    built = func
    if isinstance(func, cst.Name):
        built = _local_value(scope, func.value) if scope is not None else None
        if built is None:
            built = info.constants.get(func.value)
    if not isinstance(built, cst.Call) or (info.qualify(built.func) or "") not in _GETTERS or not built.args:
        return None
    keys: list[tuple[str, cst.SimpleString]] = []
    for arg in built.args:
        if arg.star or arg.keyword is not None or not isinstance(arg.value, cst.SimpleString):
            return None
        value = arg.value.evaluated_value
        if not isinstance(value, str):
            return None
        keys.append((value, arg.value))
    return tuple(keys)


def _local_value(scope: cst.FunctionDef, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value`` when it is the only binding of ``name`` in ``scope``'s own
    statements (nested functions not entered); None otherwise."""
    found: list[cst.BaseExpression] = []
    for node in walk(scope.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == name
                                                for t in node.targets):
            found.append(node.value)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.AsName, cst.NamedExpr)) \
                and name in {n.value for n in walk(getattr(node, "target", None) or node.name)
                             if isinstance(n, cst.Name)}:
            return None
    return found[0] if len(found) == 1 else None

