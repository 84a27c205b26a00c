"""Reads of an object argument's own properties under names its schema does not declare.

A tool's ``inputSchema`` may declare an argument as an object with its own ``properties``
(``"filters": {"type": "object", "properties": {"state": ..., "labels": ...}}``). Clients send
those names inside it, so a handler that takes the object (``filters = args.get("filters") or
{}``) and reads ``filters.get("status", "open")`` never sees the caller's ``state``: the same
fault as a top-level key read under another name, one level down (JSON Schema, "properties";
the MCP spec's ``Tool.inputSchema`` is such a schema).

Only the plain shape is judged: the object's read is the whole value of an assignment to one
local (``x = args.get("k")``, ``args["k"]``, either ``or {}``), every later load of that local
is a literal-key access (``x.get("p")``, ``x["p"]``, ``"p" in x``) or a truth test, and the
schema lists the object's properties literally without ``additionalProperties`` /
``patternProperties`` allowing others. Anything else is not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.module_info import fast_children, memo_by_node

__all__ = ["NestedRead", "nested_undeclared_reads"]


@dataclass(frozen=True)
class NestedRead:
    """``node`` reads property ``key`` of the object argument ``parent``, whose schema
    declares only ``declared``; ``argument`` is that argument's declaration."""

    node: cst.CSTNode
    key: str
    parent: str
    declared: tuple[str, ...]
    argument: object


def nested_undeclared_reads(handler) -> list[NestedRead]:
    """Each literal-key read of an object argument's property that its schema does not
    declare, on the path of the declaration the object was read for (see the module
    docstring); empty when the handler's mapping escapes or nothing is judged."""
    if handler.escaped or not handler.declarations:
        return []
    found: list[NestedRead] = []
    for read in handler.reads:
        if read.form not in ("get", "subscript") or read.dropped or read.origin is not None:
            continue
        scope = read.function if read.function is not None else handler.function
        if not isinstance(scope, cst.FunctionDef):
            continue
        served = [d for d in handler.declarations if read.served is None or d.name in read.served]
        if len(served) != 1:
            continue
        properties = _object_properties(served[0], read.key)
        if properties is None:
            continue
        bound = _assigned_local(scope, read.node)
        accesses = _literal_accesses(bound[1], bound[0]) if bound is not None else None
        for node, key in accesses or ():
            if key not in properties:
                found.append(NestedRead(node, key, read.key, tuple(sorted(properties)), served[0].argument(read.key)))
    return found


def _object_properties(declaration, name: str) -> frozenset[str] | None:
    """The property names the schema of ``declaration``'s argument ``name`` declares when it
    is an object that lists them literally and allows no others; None otherwise."""
    fields = declaration.fields or {}
    schema = fields.get("input_schema", fields.get("inputSchema"))
    if not isinstance(schema, dict) or declaration.argument(name) is None:
        return None
    top = schema.get("properties")
    sub = top.get(name) if isinstance(top, dict) else None
    if not isinstance(sub, dict) or sub.get("type") != "object" or "patternProperties" in sub:
        return None
    props = sub.get("properties")
    if not isinstance(props, dict) or not props or not all(isinstance(k, str) for k in props):
        return None
    if sub.get("additionalProperties") not in (None, False):
        return None  # `additionalProperties: true` / a schema: other names are expected
    return frozenset(props)


def _assigned_local(scope: cst.FunctionDef, read_node: cst.CSTNode) -> tuple[str, list] | None:
    """(``x``, the statements after it) for ``x = <read>`` or ``x = <read> or {}`` in ``scope``'s
    body: the rest of the block that holds the assignment, where ``x`` is that object until
    the block rebinds it (a rebinding there: None). None for any other shape."""
    for body, index in _places(scope):
        statement = body[index]
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            else None
        if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                or not isinstance(small.targets[0].target, cst.Name):
            continue
        value = small.value
        if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) \
                and isinstance(value.right, cst.Dict) and not value.right.elements:
            value = value.left
        if value is not read_node:
            continue
        name, rest = small.targets[0].target.value, list(body[index + 1:])
        rebound = any(isinstance(t.target, cst.Name) and t.target.value == name
                      for later in rest for assign in _collect(later, cst.Assign) for t in assign.targets)
        return None if rebound else (name, rest)
    return None


def _places(scope: cst.FunctionDef) -> list[tuple[list, int]]:
    """(statement list, index) of every statement of ``scope``'s body, compound statements
    entered, nested functions and classes not."""
    return memo_by_node(_PLACES, scope, lambda: _collect_places(scope.body), limit=256)


_PLACES: dict = {}


def _collect_places(block: cst.CSTNode) -> list[tuple[list, int]]:
    places: list[tuple[list, int]] = []
    stack = [block]
    while stack:
        node = stack.pop()
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)):
            places.extend((list(body), index) for index in range(len(body)))
        for child in fast_children(node, tokens=False):
            if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseExpression)):
                stack.append(child)
    return places


def _collect(node: cst.CSTNode, kind) -> list:
    found = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            found.append(current)
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(fast_children(current, tokens=False))
    return found


def _literal_accesses(statements: list, local: str) -> list[tuple[cst.CSTNode, str]] | None:
    """(node, key) of each ``local.get("k"...)`` / ``local["k"]`` / ``"k" in local`` in
    ``statements``; None when ``local`` is loaded any other way there (passed on, iterated,
    splatted: then other code may read other names), apart from truth tests."""
    accesses: list[tuple[cst.CSTNode, str]] = []
    explained: set[int] = set()
    names: list[cst.Name] = []
    stack: list[cst.CSTNode] = list(statements)
    while stack:
        current = stack.pop()
        key = _access_key(current, local)
        if key is not None:
            accesses.append((current, key))
            explained.add(id(_accessed(current)))
        elif isinstance(current, (cst.If, cst.While, cst.IfExp)) and isinstance(current.test, cst.Name):
            explained.add(id(current.test))  # `if filters:` tests presence only
        elif isinstance(current, cst.UnaryOperation) and isinstance(current.operator, cst.Not) \
                and isinstance(current.expression, cst.Name):
            explained.add(id(current.expression))
        elif isinstance(current, cst.Name) and current.value == local:
            names.append(current)
        stack.extend(fast_children(current, tokens=False))  # closures too: a load there is a use
    if any(id(name) not in explained for name in names):
        return None
    return accesses


def _accessed(node: cst.CSTNode) -> cst.CSTNode:
    """The mapping expression a literal-key access reads from."""
    if isinstance(node, cst.Call):
        return node.func.value
    if isinstance(node, cst.Subscript):
        return node.value
    return node.comparisons[0].comparator


def _access_key(node: cst.CSTNode, local: str) -> str | None:
    """``"k"`` of ``local.get("k"...)``, ``local["k"]`` or ``"k" in local``, else None."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and isinstance(node.func.value, cst.Name) and node.func.value.value == local and node.args \
            and not node.args[0].keyword and isinstance(node.args[0].value, cst.SimpleString):
        return _text(node.args[0].value)
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == local \
            and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.SimpleString):
        return _text(node.slice[0].slice.value)
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
            and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn)) \
            and isinstance(node.left, cst.SimpleString) and isinstance(node.comparisons[0].comparator, cst.Name) \
            and node.comparisons[0].comparator.value == local:
        return _text(node.left)
    return None


def _text(node: cst.SimpleString) -> str | None:
    value = node.evaluated_value
    return value if isinstance(value, str) else None
