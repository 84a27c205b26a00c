"""Copies of the arguments mapping that keep only some keys: what a key filter removes.

``kwargs = {k: v for k, v in args.items() if k not in INTERNAL}`` copies the caller's entries
except the keys ``INTERNAL`` names; ``{k: v for k, v in args.items() if k in FORWARD}`` and
``{k: args[k] for k in FIELDS if k in args}`` keep only the keys listed. A read of a key
through such a copy (``kwargs["dry_run"]``, ``rollout(**kwargs)`` binding ``dry_run``) never
sees the caller's value when the filter removes that key: the declared argument is dropped at
the filter, whatever the reader does with what it gets.

Only filters whose key list the evaluator knows (a literal or a constant, any module) are
judged; a filter on the value, or on a list the model cannot compute, removes nothing known.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.value_fates import reachable_uses


@dataclass(frozen=True)
class KeyFilter:
    """What a filtered copy keeps: every key but ``excluded``, or only ``allowed`` (None:
    no such limit). ``site`` is where the key list is written (the constant's value when the
    filter names a constant), for the finding."""

    excluded: frozenset[str] | None
    allowed: frozenset[str] | None
    site: cst.CSTNode

    def removes(self, key: str) -> bool:
        """Whether the copy certainly lacks ``key`` whatever the caller sent."""
        if self.excluded is not None and key in self.excluded:
            return True
        return self.allowed is not None and key not in self.allowed


def comprehension_filter(node: cst.BaseExpression, evaluate, where) -> KeyFilter | None:
    """The key filter of a dict comprehension copying a mapping (``node``), or None.

    ``evaluate(expr)``: the value of an expression as far as the model knows it (a set,
    list, tuple or dict of strings is a key list). ``where(expr)``: the node where that
    list is written (the constant's value for a name), else ``expr`` itself."""
    if not isinstance(node, cst.DictComp) or node.for_in.inner_for_in is not None or not isinstance(node.key, cst.Name):
        return None
    key = node.key.value
    loop = node.for_in
    excluded: set[str] = set()
    allowed: frozenset[str] | None = None
    site: cst.CSTNode | None = None
    if isinstance(loop.target, cst.Name) and loop.target.value == key:  # `for k in FIELDS`: the list bounds the keys
        listed = _key_list(evaluate(loop.iter))
        if listed is not None:
            allowed, site = listed, where(loop.iter)
    for test in loop.ifs:
        found = _membership(test.test, key)
        if found is None:
            continue
        keep, listed_node = found
        listed = _key_list(evaluate(listed_node))
        if listed is None:
            continue
        if keep:
            allowed = listed if allowed is None else allowed & listed
        else:
            excluded |= listed
        site = where(listed_node)
    if site is None:
        return None
    return KeyFilter(frozenset(excluded) if excluded else None, allowed, site)


def _membership(test: cst.BaseExpression, key: str) -> tuple[bool, cst.BaseExpression] | None:
    """``k in LIST`` -> (True, LIST); ``k not in LIST`` -> (False, LIST); else None."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
            and test.left.value == key):
        return None
    operator = test.comparisons[0].operator
    if isinstance(operator, cst.In):
        return True, test.comparisons[0].comparator
    if isinstance(operator, cst.NotIn):
        return False, test.comparisons[0].comparator
    return None


def _key_list(value) -> frozenset[str] | None:
    """A known collection of string keys (a dict's keys), else None."""
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(item, str) for item in value):
        return frozenset(value)
    return None


#: Methods of a pydantic model (v2, and v1's ``dict``/``json``) that copy its fields out,
#: limited by ``include=`` / ``exclude=``.
_DUMPS = frozenset({"model_dump", "model_dump_json", "dict", "json"})


def dumped_without(function: cst.FunctionDef, statement: cst.CSTNode, field: str, resolve) -> cst.CSTNode | None:
    """Where field ``field`` of the model that ``statement`` (``args = Model.model_validate(...)``)
    binds to a local is left out of everything that uses the model: every load of the local is
    ``args.other_field`` or ``args.model_dump(include=KEYS)`` / ``(exclude=KEYS)`` leaving it
    out (``KEYS`` a literal or a module constant ``resolve(name)`` returns the value of). Returns
    the node where the key list that drops it is written; None when any use may carry the field
    (the model passed on, ``args.field`` read, a dump without a known list)."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
            or not isinstance(statement.body[0], cst.Assign) or len(statement.body[0].targets) != 1 \
            or not isinstance(statement.body[0].targets[0].target, cst.Name):
        return None
    local = statement.body[0].targets[0].target.value
    site = None
    for parent, node in reachable_uses(function, statement, local):
        if not isinstance(parent, cst.Attribute) or parent.value is not node:
            return None  # the model itself handed on, compared, returned...
        if parent.attr.value == field:
            return None
        if parent.attr.value not in _DUMPS:
            continue  # another field
        call = _called(function, parent)
        if call is None:
            return None
        dropped = _left_out(call, field, resolve)
        if dropped is None:
            return None
        site = site or dropped
    return site


def _left_out(call: cst.Call, field: str, resolve) -> cst.CSTNode | None:
    """The key list of ``call``'s ``include=``/``exclude=`` that leaves ``field`` out, or None."""
    for arg in call.args:
        if arg.keyword is None or arg.keyword.value not in ("include", "exclude"):
            continue
        keys, site = _written_keys(arg.value, resolve)
        if keys is None:
            return None
        if (arg.keyword.value == "include") != (field in keys):
            return site
    return None


def _written_keys(node: cst.BaseExpression, resolve) -> tuple[frozenset[str] | None, cst.CSTNode]:
    """The string keys a literal set/list/tuple/dict (or a constant bound to one, or a ``|``
    union of those) holds, with where it is written; (None, node) when not known."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        left, site = _written_keys(node.left, resolve)
        right, _ = _written_keys(node.right, resolve)
        return (left | right if left is not None and right is not None else None), site
    if isinstance(node, cst.Name):
        value = resolve(node.value)
        return _written_keys(value, lambda name: None) if isinstance(value, cst.BaseExpression) else (None, node)
    elements = node.elements if isinstance(node, (cst.Set, cst.List, cst.Tuple, cst.Dict)) else None
    if elements is None:
        return None, node
    keys = set()
    for element in elements:
        key = element.key if isinstance(element, cst.DictElement) else getattr(element, "value", None)
        text = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        if not isinstance(text, str):
            return None, node
        keys.add(text)
    return frozenset(keys), node


def _children(node: cst.CSTNode):
    return [child for child in node.children if isinstance(child, cst.CSTNode)]


def _called(function: cst.FunctionDef, attribute: cst.Attribute) -> cst.Call | None:
    """The call whose callee is ``attribute`` (``args.model_dump(...)``), or None."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call) and node.func is attribute:
            return node
        stack.extend(_children(node))
    return None
