"""Reads whose value the handler throws away: ``_tone = args.get("tone")`` with ``_tone``
never used afterwards (or only deleted: ``del tone``).

Such a read touches the key but the caller's value still reaches nothing, so for "is this
declared argument used" (MCP103) it does not count. Only the plain shape is judged: the read
is the whole value of an assignment to one local name, and no other code of the function
that holds it (nested functions included) loads that name. A function that reads its locals
dynamically (``locals()``, ``vars()``, ``eval``/``exec``) or declares the name ``global`` /
``nonlocal`` keeps every read.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.facts import HandlerModel, Read
from mcplint.model.module_info import fast_children, memo_by_node, names_under

_DYNAMIC = {"locals", "vars", "eval", "exec", "globals"}


def mark_dropped_reads(handler: HandlerModel) -> None:
    """Set ``Read.dropped`` on each read of ``handler`` whose value is assigned to a local
    that nothing uses."""
    for read in handler.reads:
        target = _assigned_local(read)
        if target is None:
            continue
        scope = read.function if read.function is not None else handler.function
        if not _loaded(scope, target):
            read.dropped = True


def _assigned_local(read: Read) -> cst.Name | None:
    """The local name ``read`` is the whole value of (``x = args.get("k")``), else None."""
    if read.form not in ("get", "subscript") or read.origin is not None \
            or not isinstance(read.statement, cst.SimpleStatementLine) or not _single_key_access(read.node):
        return None  # a model built from the mapping validates it: that is a use
    if len(read.statement.body) != 1 or not isinstance(read.statement.body[0], cst.Assign):
        return None
    assign = read.statement.body[0]
    if assign.value is not read.node or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    return assign.targets[0].target


def _single_key_access(node: cst.CSTNode) -> bool:
    """``args["k"]`` or ``args.get("k"[, d])``: one key's value, nothing else done with it."""
    if isinstance(node, cst.Subscript):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get"


def _loaded(scope: cst.FunctionDef, target: cst.Name) -> bool:
    """Whether any code of ``scope`` other than stores and deletions of ``target`` names it
    (or the scope reads its names dynamically)."""
    loaded, declared = _names_of(scope)
    return target.value in loaded or target.value in declared or not loaded.isdisjoint(_DYNAMIC)


def _names_of(scope: cst.FunctionDef) -> tuple[frozenset[str], frozenset[str]]:
    """The names ``scope``'s code loads (every ``cst.Name`` that is not a store or deletion
    target, an attribute or a keyword) and the names it declares ``global`` / ``nonlocal``.
    Memoised per function: a handler asks once per read it holds, and each answer was a walk
    of the whole function (a tenth of a cold run on the development corpus)."""
    return memo_by_node(_NAMES_OF, scope, lambda: _collect_names(scope), limit=256)


_NAMES_OF: dict = {}


def _collect_names(scope: cst.FunctionDef) -> tuple[frozenset[str], frozenset[str]]:
    stored: set[int] = set()
    loaded: set[str] = set()
    declared: set[str] = set()
    stack: list[cst.CSTNode] = [scope.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            stored.add(id(node.target))
        elif isinstance(node, cst.Del):
            stored.update(id(n) for n in names_under(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            declared.update(item.name.value for item in node.names)
        elif isinstance(node, cst.Attribute):
            stored.add(id(node.attr))  # `obj.tone` names no local
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            stored.add(id(node.keyword))  # `render(tone=...)`: a keyword, not the local
        elif isinstance(node, cst.Name) and id(node) not in stored:
            loaded.add(node.value)
        stack.extend(fast_children(node, tokens=False))
    return frozenset(loaded), frozenset(declared)
