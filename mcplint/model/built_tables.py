"""Dispatch maps built at run time: which project callables may be the values of a map.

A low-level ``call_tool`` often looks its handler up in a map that no literal spells out:

* a factory returns it (``handlers = build_handler_map()`` with ``h = {}; h.update(a.handlers());
  return h``, ``return {"x": partial(handle_x, ctx)}``);
* a loop or a comprehension fills it with names built at run time
  (``for adef in registry.analyses(): h[f"analyze_{adef.name}"] = partial(handle, adef.name)``,
  ``{t.name: t.run for t in TOOLS}``, ``for cls in TOOL_CLASSES: h[cls.name] = cls()``);
* it is a local of the handler itself (``handlers = {"a": svc.a, ...}`` inside ``call_tool``).

Python builds such a map when it runs; here the code that builds it is read instead. The
*keys* are often unknowable (``f"analyze_{adef.name}"``), but the *values* are written in the
code: whatever a key selects, the call runs one of them. :func:`map_values` lists those value
expressions, each with its key when the key is a literal (None otherwise), by following:

* a name to its bindings in the function being walked, the functions around it and the
  module (one plain binding, or an empty map filled in place by ``m[k] = v``,
  ``m.update(...)``, ``m.setdefault(k, v)``, ``m |= ...``);
* a call of a project function to its ``return`` statements (factories, at a bounded depth);
* a dict literal to its values (``**other`` splats followed), a dict comprehension and a
  ``for`` loop to their value with the loop variable replaced by each element of a literal
  iterable (the value as written when the iterable is not known).

It answers None when the map is handed to code that may fill it (a call taking it as an
argument), is rebound in another way, or is built by nothing it can read; a value it cannot
resolve is still listed (the walk marks the mapping escaped there). Nothing is imported or run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, fast_children, memo_by_node, walk

_MAX_DEPTH = 4  # factories followed inside factories
_MAX_VALUES = 200  # more values than this: the map is left unknown
#: Calls that read a map without changing it, so handing it to them keeps it known.
_READERS = frozenset({"len", "list", "sorted", "dict", "set", "tuple", "print", "repr", "str", "bool", "iter",
                      "json.dumps", "isinstance", "enumerate", "zip", "id", "type"})
#: Methods of a map that read it without changing it.
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy", "__contains__"})


@dataclass(frozen=True)
class MapValue:
    """One value a built map may hold: ``node`` as written (or with a loop variable replaced
    by an element of a literal iterable), and ``key``, the literal key it is stored under,
    None when the key is built at run time."""

    key: str | None
    node: cst.BaseExpression
    #: The value and the key as written (``node`` may be made up from ``origin``), for reports.
    origin: cst.BaseExpression | None = None
    key_node: cst.BaseExpression | None = None


class _Unknown(Exception):
    """The map cannot be known: rules stay silent."""


def map_values(node: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...], functions: dict,
               constants: dict, eval_key: Callable[[cst.BaseExpression], Any],
               enclosing: Callable[[cst.FunctionDef], tuple[cst.FunctionDef, ...]]) -> list[MapValue] | None:
    """The values the map ``node`` evaluates to may hold, or None when it cannot be known.

    ``scopes`` are the functions ``node`` is read in (outermost first; the innermost binds
    first), ``functions`` and ``constants`` the module's bindings (project imports linked in),
    ``eval_key`` evaluates a key (a ``str`` when literal), ``enclosing(f)`` the functions ``f``
    is nested in (outermost first). Never raises.
    """
    reader = _Reader(functions, constants, eval_key, enclosing)
    try:
        values = list(reader.values(node, scopes, 0))
    except (_Unknown, RecursionError):
        return None
    return values if values and len(values) <= _MAX_VALUES else None


class _Reader:
    def __init__(self, functions: dict, constants: dict, eval_key, enclosing) -> None:
        self.functions = functions
        self.constants = constants
        self.eval_key = eval_key
        self.enclosing = enclosing
        self.count = 0
        self.seen: set = set()

    def values(self, node: cst.BaseExpression, scopes: tuple, depth: int) -> Iterator[MapValue]:
        """Every value of the map ``node`` (see :func:`map_values`)."""
        if depth > _MAX_DEPTH:
            raise _Unknown
        if isinstance(node, cst.Dict):
            yield from self._dict(node, scopes, depth)
        elif isinstance(node, cst.DictComp):
            yield from self._comprehension(node, scopes)
        elif isinstance(node, cst.Name):
            yield from self._name(node.value, scopes, depth)
        elif isinstance(node, cst.Attribute) and dotted_name(node) is not None \
                and self.constants.get(dotted_name(node)) is not None:  # `search.HANDLERS` of `from . import search`
            yield from self.values(self.constants.get(dotted_name(node)), (), depth)
        elif isinstance(node, cst.Call) and dotted_name(node.func) == "dict" and not node.args:
            return
        elif isinstance(node, cst.Call) and dotted_name(node.func) == "dict":
            for arg in node.args:
                if arg.keyword is not None:
                    yield self._value(cst.SimpleString(repr(arg.keyword.value)), arg.value)
                elif arg.star == "**" or not arg.star:
                    yield from self.values(arg.value, scopes, depth)
                else:
                    raise _Unknown
        elif isinstance(node, cst.Call):
            yield from self._factory(node, depth)
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            yield from self.values(node.left, scopes, depth)
            yield from self.values(node.right, scopes, depth)
        else:
            raise _Unknown

    def _value(self, key_node: cst.BaseExpression | None, node: cst.BaseExpression,
               origin: cst.BaseExpression | None = None, literal: bool = True) -> MapValue:
        self.count += 1
        if self.count > _MAX_VALUES:
            raise _Unknown
        key = self.eval_key(key_node) if key_node is not None and literal else None
        return MapValue(key if isinstance(key, str) else None, node, origin or node, key_node)

    def _dict(self, node: cst.Dict, scopes: tuple, depth: int) -> Iterator[MapValue]:
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                yield self._value(element.key, element.value)
            else:  # `**other`
                yield from self.values(element.value, scopes, depth)

    def _comprehension(self, node: cst.DictComp, scopes: tuple) -> Iterator[MapValue]:
        clause = node.for_in
        if clause.inner_for_in is not None:
            raise _Unknown
        for value in _substituted(node.value, clause.target, self._elements(clause.iter, scopes)):
            yield self._value(node.key, value, node.value, literal=False)

    def _elements(self, node: cst.BaseExpression, scopes: tuple) -> list[cst.BaseExpression] | None:
        """The elements of a literal iterable (``[A(), B()]``, a module constant or a local
        bound once to one, ``TABLE.values()`` of a literal dict); None when not known."""
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args \
                and node.func.attr.value == "values":
            table = self._literal(node.func.value, scopes)
            if isinstance(table, cst.Dict) and all(isinstance(e, cst.DictElement) for e in table.elements):
                return [element.value for element in table.elements]
            return None
        literal = self._literal(node, scopes)
        if isinstance(literal, (cst.List, cst.Tuple, cst.Set)) \
                and not any(isinstance(e, cst.StarredElement) for e in literal.elements):
            return [element.value for element in literal.elements]
        return None

    def _literal(self, node: cst.BaseExpression, scopes: tuple) -> cst.BaseExpression | None:
        if not isinstance(node, cst.Name):
            return node
        for function in reversed(scopes):
            bindings = _bindings(function, node.value)
            if bindings is not None:
                plain = [b for b in bindings if b[0] == "bind"]
                return plain[0][1] if len(bindings) == 1 and plain else None
        return self.constants.get(node.value)

    def _name(self, name: str, scopes: tuple, depth: int) -> Iterator[MapValue]:
        seen = (name, id(scopes[-1]) if scopes else None)
        if seen in self.seen:  # `a = b` ... `b = a`
            raise _Unknown
        self.seen.add(seen)
        for index in range(len(scopes) - 1, -1, -1):
            bindings = _bindings(scopes[index], name)
            if bindings is not None:
                yield from self._filled(bindings, scopes[:index + 1], depth)
                return
        literal = self.constants.get(name)
        if literal is None:
            raise _Unknown
        yield from self.values(literal, (), depth)

    def _filled(self, bindings: list, scopes: tuple, depth: int) -> Iterator[MapValue]:
        """The values of a local from its bindings: one plain binding, then fillings in place."""
        if sum(kind == "bind" for kind, *_ in bindings) != 1:
            raise _Unknown
        for kind, node, key, loop in bindings:
            if kind == "bind":
                yield from self.values(node, scopes, depth)
            elif kind == "item":
                elements = self._elements(loop.iter, scopes) if loop is not None else None
                target = loop.target if loop is not None else None
                for value in _substituted(node, target, elements):
                    yield self._value(key, value, node, literal=loop is None)
            elif kind == "merge":
                yield from self.values(node, scopes, depth)
            elif kind != "annotation":
                raise _Unknown

    def _factory(self, call: cst.Call, depth: int) -> Iterator[MapValue]:
        """``build_handler_map()``: the maps the project function returns."""
        function = self.functions.get(dotted_name(call.func) or "")
        if not isinstance(function, cst.FunctionDef):
            raise _Unknown
        scopes = (*self.enclosing(function), function)
        returns = [node.value for node in walk(function.body, into_nested_scopes=False)
                   if isinstance(node, cst.Return) and node.value is not None]
        if not returns:
            raise _Unknown
        for value in returns:
            yield from self.values(value, scopes, depth + 1)


def _bindings(function: cst.FunctionDef, name: str) -> list[tuple] | None:
    """How ``function`` binds and fills its local ``name``, in order: ``("bind", value, None,
    None)``, ``("item", value, key, loop)`` for ``name[key] = value`` (``loop``: the ``for``
    around it, or None), ``("merge", other, None, None)`` for ``name.update(other)`` /
    ``name |= other``, ``("other", ...)`` for anything that may put unknown values in it.
    None when ``function`` does not bind ``name`` (nor take it as a parameter)."""
    params = function.params
    if any(isinstance(p, cst.Param) and p.name.value == name
           for p in (*params.posonly_params, *params.params, *params.kwonly_params, params.star_arg, params.star_kwarg)):
        return [("other", None, None, None)]
    found: list[tuple] = []
    bound = False
    for node, loop in memo_by_node(_NODES, function, lambda: _binding_nodes(function), limit=256):
        for kind, value, key in _node_bindings(node, name):
            bound = bound or kind == "bind"
            found.append((kind, value, key, loop))
    if not bound:
        return None
    return found


_NODES: dict = {}  # memo of _binding_nodes, by function
#: The nodes that may bind or fill a local (:func:`_node_bindings`).
_BINDING_KINDS = (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.WithItem, cst.NamedExpr,
                  cst.Global, cst.Nonlocal, cst.Del, cst.Call)


def _binding_nodes(function: cst.FunctionDef) -> list[tuple[cst.CSTNode, cst.For | None]]:
    """The nodes of ``function`` that may bind a local, with their loop: one walk per function
    (a handler asks about each table it looks a name up in)."""
    return [(node, loop) for node, loop in _statements_with_loops(function) if isinstance(node, _BINDING_KINDS)]


def _statements_with_loops(function: cst.FunctionDef) -> Iterator[tuple[cst.CSTNode, cst.For | None]]:
    """Every node of ``function`` (not of nested functions) with the innermost ``for`` loop
    around it (None outside loops, or inside two nested loops: then it is not one loop)."""
    stack: list[tuple[cst.CSTNode, cst.For | None, int]] = [(function.body, None, 0)]
    while stack:
        node, loop, loops = stack.pop()
        yield node, loop if loops == 1 else None
        for child in fast_children(node, tokens=False):
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if isinstance(node, cst.For) and child is node.body:
                stack.append((child, node, loops + 1))
            else:
                stack.append((child, loop, loops))


def _node_bindings(node: cst.CSTNode, name: str) -> Iterator[tuple[str, cst.BaseExpression | None, Any]]:
    """What one node does to the local ``name`` (see :func:`_bindings`)."""
    if isinstance(node, (cst.Assign, cst.AnnAssign)):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        for target in targets:
            if isinstance(target, cst.Name) and target.value == name:
                yield ("bind", node.value, None) if node.value is not None else ("annotation", None, None)
            elif isinstance(target, cst.Subscript) and dotted_name(target.value) == name:
                if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index) or node.value is None:
                    yield "other", None, None
                else:
                    yield "item", node.value, target.slice[0].slice.value
            elif isinstance(target, (cst.Tuple, cst.List)) and name in _target_names(target):
                yield "other", None, None
    elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and node.target.value == name:
        yield ("merge", node.value, None) if isinstance(node.operator, cst.BitOrAssign) else ("other", None, None)
    elif isinstance(node, (cst.For, cst.CompFor, cst.WithItem, cst.NamedExpr)) \
            and name in _target_names(getattr(node, "target", None) or getattr(node, "asname", None)):
        yield "other", None, None
    elif isinstance(node, cst.Del) and name in _target_names(node.target) | {
            dotted_name(t.value) for t in _deleted(node.target) if isinstance(t, cst.Subscript)}:
        yield "other", None, None
    elif isinstance(node, (cst.Global, cst.Nonlocal)) and any(n.name.value == name for n in node.names):
        yield "other", None, None
    elif isinstance(node, cst.Call):
        yield from _call_bindings(node, name)


def _call_bindings(node: cst.Call, name: str) -> Iterator[tuple[str, cst.BaseExpression | None, Any]]:
    func = node.func
    if isinstance(func, cst.Attribute) and dotted_name(func.value) == name:
        method = func.attr.value
        if method == "update":
            for arg in node.args:
                if arg.keyword is not None:
                    yield "item", arg.value, cst.SimpleString(repr(arg.keyword.value))
                elif not arg.star:
                    yield "merge", arg.value, None
                else:
                    yield "other", None, None
        elif method == "setdefault" and len(node.args) == 2:
            yield "item", node.args[1].value, node.args[0].value
        elif method not in _READ_METHODS:  # `pop`, `clear`...: what is left is not known
            yield "other", None, None
    elif any(dotted_name(arg.value) == name for arg in node.args) and dotted_name(func) not in _READERS:
        yield "other", None, None  # handed to code that may fill it


def _deleted(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [element.value for element in target.elements]
    return [target]


def _target_names(target: cst.CSTNode | None) -> set[str]:
    if target is None:
        return set()
    if isinstance(target, cst.AsName):
        target = target.name
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for element in target.elements for n in _target_names(element.value)}
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return set()


class _Replace(cst.CSTTransformer):
    def __init__(self, names: dict[str, cst.BaseExpression]) -> None:
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.names.get(original.value, updated)


def _substituted(value: cst.BaseExpression, target: cst.BaseExpression | None,
                 elements: list[cst.BaseExpression] | None) -> Iterator[cst.BaseExpression]:
    """``value`` once per element with the loop variable ``target`` (a plain name) replaced by
    it; ``value`` as written when the elements are not known or the target is no plain name.
    A made-up node is only ever resolved to the project callable it names, never reported."""
    if elements is None or not isinstance(target, cst.Name) or target.value not in _names_in(value):
        yield value
        return
    for element in elements:
        yield value.visit(_Replace({target.value: element}))


def _names_in(node: cst.CSTNode) -> set[str]:
    return {inner.value for inner in walk(node) if isinstance(inner, cst.Name)}
