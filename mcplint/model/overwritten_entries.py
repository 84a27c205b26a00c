"""Mapping entries written and then overwritten before anything reads the mapping.

A dict literal that repeats a key keeps only the last value (Python docs, "Dictionary
displays": later values replace earlier ones for the same key), so ``{"focus": focus, ...,
"focus": "general"}`` drops the first value without a word; so does a subscript store or an
``update`` of the same key right after the mapping is built (``payload = {"page": page}`` then
``payload["page"] = 1``), before any other code touches it. Only what the text says for sure is
judged: literal string keys, a mapping bound to one local name, statements of the same block
that follow it directly (the first other mention of the name ends the search: it may read the
mapping, or change it conditionally).
"""

from __future__ import annotations

from typing import NamedTuple

import libcst as cst

from mcplint.model.module_info import fast_children, memo_by_node

__all__ = ["OverwrittenEntry", "overwritten_entries"]


class OverwrittenEntry(NamedTuple):
    """``value`` written under ``key`` and replaced by ``later`` (a dict element, a ``dict()``
    keyword, a subscript-store statement or an ``update`` call) before anything reads it."""

    key: str
    value: cst.BaseExpression
    later: cst.CSTNode
    later_value: cst.BaseExpression


def overwritten_entries(function: cst.FunctionDef, resolve=None) -> tuple[OverwrittenEntry, ...]:
    """Every entry of a mapping built in ``function`` (nested functions included) whose value
    is replaced before anything reads the mapping. ``resolve(name)``: the dict literal a module
    constant is bound to, or None (then ``payload.update(HOUSE_STYLE)`` / ``{**payload,
    **HOUSE_STYLE}`` replace the constant's literal keys; without it such a mapping may replace
    anything and cuts the search). Memoised per function."""
    return memo_by_node(_MEMO, function, lambda: tuple(_collect(function, resolve)), extra=resolve is not None,
                        limit=256)


_MEMO: dict = {}


def _collect(function: cst.FunctionDef, resolve=None):
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Dict):
            yield from _repeated_keys(_dict_entries(node, resolve))
        elif isinstance(node, (cst.IndentedBlock, cst.Module)):
            yield from _stored_after(node.body, resolve)
        stack.extend(fast_children(node, tokens=False))


def _dict_entries(node: cst.CSTNode, resolve=None) -> list[tuple[str, cst.BaseExpression, cst.CSTNode]] | None:
    """(key, value, element) of a dict literal or ``dict(k=v, ...)`` call with literal keys;
    None for anything else. A ``**splat`` in between may hold any key: entries before it are
    not known to survive or be replaced, so the display is cut there."""
    entries: list[tuple[str, cst.BaseExpression, cst.CSTNode]] = []
    if isinstance(node, cst.Dict):
        for element in node.elements:
            if not isinstance(element, cst.DictElement):
                known = _constant_entries(element.value, resolve, element)
                if known is None:
                    entries = []  # `**other` may replace anything before it
                else:
                    entries.extend(known)  # `**HOUSE_STYLE`: its literal keys replace those before it
                continue
            key = _literal_key(element.key)
            if key is not None:
                entries.append((key, element.value, element))
        return entries
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict" \
            and all(arg.keyword is not None and not arg.star for arg in node.args):
        return [(arg.keyword.value, arg.value, arg) for arg in node.args]
    return None


def _repeated_keys(entries) -> list[OverwrittenEntry]:
    found: list[OverwrittenEntry] = []
    last: dict[str, tuple[cst.BaseExpression, cst.CSTNode]] = {}
    for key, value, element in entries or ():
        if key in last:
            found.append(OverwrittenEntry(key, last[key][0], element, value))
        last[key] = (value, element)
    return found


def _stored_after(statements, resolve=None) -> list[OverwrittenEntry]:
    """``name = {...}`` (or ``dict(...)``) followed directly by stores of its keys."""
    found: list[OverwrittenEntry] = []
    for index, statement in enumerate(statements):
        built = _built_mapping(statement, resolve)
        if built is None:
            continue
        name, entries = built
        written = {key: value for key, value, _ in _surviving(entries)}
        for following in statements[index + 1:]:
            store = _key_store(following, name, resolve)
            if store is None:
                if name in _names(following):
                    break
                continue
            for key, value in store:
                if key in written:
                    found.append(OverwrittenEntry(key, written.pop(key), following, value))
    return found


def _surviving(entries):
    """The entries of a display that its own later entries do not replace."""
    last = {key: (key, value, element) for key, value, element in entries}
    return list(last.values())


def _built_mapping(statement: cst.CSTNode, resolve=None) -> tuple[str, list] | None:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
        target, value = small.target, small.value
    elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        target, value = small.targets[0].target, small.value
    else:
        return None
    entries = _dict_entries(value, resolve)
    return (target.value, entries) if entries else None


def _key_store(statement: cst.CSTNode, name: str, resolve=None) -> list[tuple[str, cst.BaseExpression]] | None:
    """The (key, value) pairs ``statement`` stores into the mapping ``name`` by literal key:
    ``name["k"] = v``, ``name.update({"k": v})``, ``name.update(k=v)``; None for any other
    statement."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value == name \
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index) \
                and name not in _names(small.value):
            key = _literal_key(target.slice[0].slice.value)
            return [(key, small.value)] if key is not None else None
        return None
    call = small.value if isinstance(small, cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "update" \
            and isinstance(call.func.value, cst.Name) and call.func.value.value == name \
            and not any(name in _names(arg.value) for arg in call.args):
        if len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
            entries = _dict_entries(call.args[0].value, resolve) \
                or _constant_entries(call.args[0].value, resolve, call.args[0])
        else:
            entries = _dict_entries(cst.Call(func=cst.Name("dict"), args=call.args))
        if entries:
            return [(key, value) for key, value, _ in entries]
    return None


def _constant_entries(value: cst.BaseExpression, resolve, place: cst.CSTNode) -> list | None:
    """(key, value, ``place``) of each literal key of the dict literal the module constant
    ``value`` names (through ``resolve``); None when it is no such constant."""
    if resolve is None or not isinstance(value, cst.Name):
        return None
    literal = resolve(value.value)
    if not isinstance(literal, cst.Dict) or any(not isinstance(e, cst.DictElement) for e in literal.elements):
        return None
    keys = [(_literal_key(e.key), e.value) for e in literal.elements]
    if any(key is None for key, _ in keys):
        return None
    return [(key, item, place) for key, item in keys]


def _names(node: cst.CSTNode) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.add(current.value)
        stack.extend(fast_children(current, tokens=False))
    return found


def _literal_key(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString) and "b" not in node.prefix.lower():
        try:
            value = node.evaluated_value
        except Exception:  # noqa: BLE001 - odd literals are simply no keys
            return None
        return value if isinstance(value, str) else None
    return None
