"""A returned local that holds a dict built in steps on the path to the ``return``.

``outcome = {"ticket": ticket_id}`` early in the function, then on the failing branch
``outcome["closed"] = False``; ``outcome["message"] = resp.text``; ``return outcome``: what the
client receives is the dict with every entry set on the way, whatever block each step sits in.
The return-site judges (:mod:`.sites`) read that dict as if it had been written as one literal
at the ``return``. Nothing here looks at a handler or a walker: the caller hands in the
function, the ``return`` and how to evaluate a key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from mcplint.model.module_info import walk

#: Statements followed on the way to a ``return`` (a path longer than this is left unjudged).
_MAX_STEPS = 400


def dict_built_in_steps(function: cst.FunctionDef, target: cst.Return, name: str,
                        evaluate: Callable[[cst.BaseExpression], object]) -> cst.Dict | None:
    """The dict ``name`` holds at ``target``: its one dict literal (``x = {...}``, ``x: dict =
    {...}``, ``x = dict(k=v)``) on the path, with the entries later set by ``x["k"] = v`` and
    ``x.update({...})`` merged in (a step inside a block off the path may have run: its entry is
    kept too). None when ``name`` is bound any other way on the path, when a key is not a known
    string, or when the ``return`` is not found."""
    path = _path_to(list(function.body.body), target, 0)
    if path is None or len(path) > _MAX_STEPS:
        return None
    entries: dict[str, cst.DictElement] | None = None
    for statement in path:
        smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else None
        if smalls is None:  # a compound statement before the path's block: its steps may have run
            entries = _steps_inside(statement, name, entries, evaluate)
            continue
        for small in smalls:
            entries = _step(small, name, entries, evaluate)
    if entries is None:
        return None
    return cst.Dict(elements=list(entries.values()))


def _path_to(statements: Sequence[cst.BaseStatement], target: cst.Return, depth: int) -> list | None:
    """The statements run before ``target`` on its path: those before it in its own block, and
    those before the compound statement holding that block, outermost first (the ``try`` body
    is not on the path of its ``except`` clause). None when ``target`` is not in ``statements``."""
    for index, statement in enumerate(statements):
        if not any(inner is target for inner in walk(statement, into_nested_scopes=False)):
            continue
        before = list(statements[:index])
        if isinstance(statement, cst.SimpleStatementLine):
            return before + [cst.SimpleStatementLine(body=_smalls_before(statement, target))]
        if depth > 20:
            return None
        block = _block_holding(statement, target)
        inner = _path_to(list(block.body), target, depth + 1) if block is not None else None
        return None if inner is None else before + inner
    return None


def _smalls_before(statement: cst.SimpleStatementLine, target: cst.Return) -> list:
    smalls = []
    for small in statement.body:
        if small is target:
            break
        smalls.append(small)
    return smalls


def _block_holding(statement: cst.CSTNode, target: cst.Return) -> cst.IndentedBlock | None:
    """The outermost indented block of ``statement`` that holds ``target``."""
    for inner in walk(statement, into_nested_scopes=False):
        if type(inner) is cst.IndentedBlock and any(node is target for node in walk(inner, into_nested_scopes=False)):
            return inner
    return None


def _step(small: cst.BaseSmallStatement, name: str, entries, evaluate):
    """The entries after one small statement of the path (None: not a dict built in steps)."""
    if isinstance(small, (cst.Assign, cst.AnnAssign)):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        for target in targets:
            if isinstance(target, cst.Name) and target.value == name:
                return _literal_entries(small.value, evaluate) if len(targets) == 1 else None
            if isinstance(target, cst.Subscript) and _is_name(target.value, name):
                return _set_entry(entries, target, small.value, evaluate)
            if any(isinstance(n, cst.Name) and n.value == name for n in walk(target)):
                return None  # `name, other = ...`: bound some other way
        return entries
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute) \
            and _is_name(small.value.func.value, name):
        method = small.value.func.attr.value
        if method == "update" and entries is not None:
            return _updated(entries, small.value, evaluate)
        return None if method in ("pop", "clear", "popitem") else entries
    if isinstance(small, (cst.AugAssign, cst.Del)) and any(
            isinstance(n, cst.Name) and n.value == name for n in walk(small)):
        return None
    return entries


def _steps_inside(statement: cst.CSTNode, name: str, entries, evaluate):
    """A compound statement off the path: its ``x["k"] = v`` steps are kept (they may have run);
    any other binding or emptying of ``x`` inside it leaves the dict unknown."""
    for inner in walk(statement, into_nested_scopes=False):
        if isinstance(inner, cst.Assign) and len(inner.targets) == 1 \
                and isinstance(inner.targets[0].target, cst.Subscript) and _is_name(inner.targets[0].target.value, name):
            entries = _set_entry(entries, inner.targets[0].target, inner.value, evaluate)
        elif isinstance(inner, cst.Assign) and any(_binds(t.target, name) for t in inner.targets):
            return None
        elif isinstance(inner, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)) and _binds(inner.target, name):
            return None
        elif isinstance(inner, cst.WithItem) and inner.asname is not None and _binds(inner.asname.name, name):
            return None
        elif isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) and _is_name(inner.func.value, name) \
                and inner.func.attr.value in ("pop", "clear", "popitem", "update"):
            return None
    return entries


def _binds(target: cst.BaseExpression, name: str) -> bool:
    if isinstance(target, cst.Name):
        return target.value == name
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(isinstance(e, cst.Element) and _binds(e.value, name) for e in target.elements)
    return False


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _literal_entries(value: cst.BaseExpression | None, evaluate) -> dict | None:
    """The entries of a dict literal (or ``dict(k=v)``) with known string keys; None otherwise."""
    if isinstance(value, cst.Dict):
        entries = {}
        for element in value.elements:
            key = evaluate(element.key) if isinstance(element, cst.DictElement) else None
            if not isinstance(key, str):
                return None
            entries[key] = element
        return entries
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "dict" \
            and all(arg.keyword is not None for arg in value.args):
        return {arg.keyword.value: _element(arg.keyword.value, arg.value) for arg in value.args}
    return None


def _set_entry(entries, target: cst.Subscript, value: cst.BaseExpression, evaluate):
    if entries is None or len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return None
    key = evaluate(target.slice[0].slice.value)
    if not isinstance(key, str):
        return None
    updated = dict(entries)
    updated[key] = _element(key, value)
    return updated


def _updated(entries, call: cst.Call, evaluate):
    updated = dict(entries)
    for arg in call.args:
        if arg.keyword is not None:
            updated[arg.keyword.value] = _element(arg.keyword.value, arg.value)
            continue
        more = _literal_entries(arg.value, evaluate) if not arg.star else None
        if more is None:
            return None
        updated.update(more)
    return updated


def _element(key: str, value: cst.BaseExpression) -> cst.DictElement:
    return cst.DictElement(key=cst.SimpleString(repr(key)), value=value)
