"""What a failure's result carries besides the failure without being data the tool computed:

* the request echoed: ``{"error": f"unknown tool {name}", "input": arguments}`` hands back
  what the caller sent (the tool's name, its arguments mapping);
* a clock reading: ``{"error": str(e), "timestamp": time.time()}``;
* the valid choices as a hint: ``f"Node {node} not found. Available: {list(CLIENTS.keys())}"``.

On a failure path such a result still carries nothing but the failure (MCP specification
2025-11-25, server/tools "Error Handling": the failure belongs in an ``isError`` result).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.module_info import dotted_name, is_token, memo_by_node, walk
from mcplint.model.returns.argument_tests import is_argument_value

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

#: What an echo is replaced with: a fixed value, so the text judged is the rest of the result.
_FIXED = cst.Name("None")


class _EchoDropper:
    """Replaces each expression that is the requested name or the arguments mapping (``name``,
    ``params.name``, ``arguments``, ``params.arguments``, ``dict(arguments)``) with ``None``."""

    def __init__(self, walker: HandlerWalker, state: State, values: bool, request: bool) -> None:
        self._walker = walker
        self._state = state
        self._values = values
        self._request = request

    def is_echo(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` is replaced whole: the requested name or the arguments mapping, an
        argument value the caller sent (with ``values``), a clock reading or a list of choices."""
        if not isinstance(node, (cst.Name, cst.Attribute, cst.Call)):
            return False
        if self._values and isinstance(node, cst.Name) and node.value in self._state.values \
                and not self._state.values[node.value].derived:
            return True  # `"path": source_path`: the caller's own argument value
        if self._values and isinstance(node, cst.Attribute) and _stored_argument(self._walker, node, self._state):
            return True  # `"chunk_id": args.chunk_id` of `args = ChunkIdInput(chunk_id=chunk_id)`
        if self._request and (self._walker.is_mapping(node, self._state) or self._walker.is_name_expr(node, self._state)):
            return True
        return reads_clock(node) or lists_choices(node)

    def dropped(self, node: cst.CSTNode) -> cst.CSTNode:
        """A copy of ``node`` with every echo replaced whole by ``None``: each node a new one,
        as libcst's transformer builds them (its constructors validate alike), but without the
        transformer's dispatch per node; whitespace and punctuation, which never hold an echo
        and which the model never asks about by identity, are shared with ``node``."""
        if self.is_echo(node):
            return _FIXED
        changed = {}
        for name in _init_fields(type(node)):
            value = getattr(node, name)
            kind = type(value)
            if kind is tuple or kind is list:
                changed[name] = tuple(self.dropped(item) if _copied(item) else item for item in value)
            elif _copied(value):
                changed[name] = self.dropped(value)
            else:
                changed[name] = value
        return type(node)(**changed)


_INIT_FIELDS: dict[type, tuple[str, ...]] = {}  # per node class: the fields its constructor takes


def _init_fields(kind: type) -> tuple[str, ...]:
    found = _INIT_FIELDS.get(kind)
    if found is None:
        found = _INIT_FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.init)
    return found


def _copied(value) -> bool:
    """Whether :meth:`_EchoDropper.dropped` builds a new node for ``value``: a node that is not
    whitespace or punctuation."""
    return isinstance(value, cst.CSTNode) and not is_token(value)


def _stored_argument(walker, node: cst.Attribute, state) -> bool:
    """``args.chunk_id`` where every binding of the local ``args`` in the function walked is a
    call handed the caller's own value under that name (``args = ChunkIdInput(chunk_id=chunk_id)``,
    ``OrderQuery(order_id=arguments["order_id"])``: a pydantic model, a dataclass, a
    ``SimpleNamespace``; one per branch of a dispatcher): the argument's value read back."""
    if not isinstance(node.value, cst.Name):
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    calls = memo_by_node(_CALL_BINDINGS, function, lambda: _call_bindings(function)).get(node.value.value)
    return bool(calls) and all(_hands_argument(walker, call, node.attr.value, state) for call in calls)


def _hands_argument(walker, call: cst.Call, field: str, state) -> bool:
    """``call`` is handed an argument's value as it came (a tracked local, ``arguments["k"]``,
    ``arguments.get("k")``) under the keyword ``field``."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == field:
            value = arg.value
            if isinstance(value, cst.Name):
                return value.value in state.values and not state.values[value.value].derived
            if isinstance(value, cst.Call):
                return isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
                    and walker.is_mapping(value.func.value, state)
            return is_argument_value(walker, value, state)
    return False


_CALL_BINDINGS: dict = {}  # memo of _call_bindings, by function


def _call_bindings(function: cst.FunctionDef) -> dict[str, list[cst.Call]]:
    """Each local ``function`` binds only by plain ``local = Call(...)`` lines, to those calls."""
    calls: dict[str, list[cst.Call] | None] = {}
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, cst.Assign) and len(inner.targets) == 1 and isinstance(inner.targets[0].target, cst.Name):
            name = inner.targets[0].target.value
            if isinstance(inner.value, cst.Call) and calls.get(name, []) is not None:
                calls.setdefault(name, []).append(inner.value)
            else:
                calls[name] = None
            continue
        targets = [t.target for t in inner.targets] if isinstance(inner, cst.Assign) else \
            [inner.target] if isinstance(inner, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)) else \
            [inner.name] if isinstance(inner, cst.AsName) else []
        for target in targets:
            for name in walk(target):
                if isinstance(name, cst.Name):
                    calls[name.value] = None
    return {name: found for name, found in calls.items() if found}


#: The calls of a clock reading: ``time.time()``, ``datetime.now().isoformat()``,
#: ``asyncio.get_event_loop().time()``, ``datetime.utcnow().strftime(...)``.
_CLOCK_CALLS = {"time", "monotonic", "perf_counter", "now", "utcnow", "today", "isoformat", "strftime", "timestamp",
                "astimezone", "get_event_loop", "get_running_loop"}
_CLOCK_ROOTS = {"time", "datetime", "date", "asyncio", "loop", "dt"}


def reads_clock(node: cst.CSTNode) -> bool:
    """``time.time()``, ``datetime.now(timezone.utc).isoformat()``, ``asyncio.get_event_loop().time()``:
    a chain of clock calls on a time module or class (when the failure happened, not data)."""
    while isinstance(node, cst.Call):
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _CLOCK_CALLS:
            return False
        node = func.value
    return isinstance(node, (cst.Name, cst.Attribute)) and (dotted_name(node) or "").rsplit(".", 1)[-1] in _CLOCK_ROOTS


def lists_choices(node: cst.CSTNode) -> bool:
    """``list(CLIENTS.keys())``, ``sorted(TOOLS)``, ``", ".join(self.handlers)``,
    ``list(manager.get_all_clients().keys())``: the names of a table or registry, a hint at the
    valid choices beside a refusal (not data the tool computed)."""
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "keys" and not node.args:
        return isinstance(func.value, (cst.Name, cst.Attribute)) or _bare_getter(func.value)
    if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
        return False
    inner = node.args[0].value
    if isinstance(func, cst.Name) and func.value in ("list", "sorted", "tuple"):
        return isinstance(inner, (cst.Name, cst.Attribute)) or lists_choices(inner)
    if isinstance(func, cst.Attribute) and func.attr.value == "join" and isinstance(func.value, cst.SimpleString):
        return isinstance(inner, (cst.Name, cst.Attribute)) or lists_choices(inner)
    return False


def _bare_getter(node: cst.BaseExpression) -> bool:
    """``self.clients.get_all_clients()``: a call handed nothing, of a name or attribute (a
    registry's getter), whose ``.keys()`` are the names it holds."""
    return isinstance(node, cst.Call) and not node.args and isinstance(node.func, (cst.Name, cst.Attribute))


def request_echoes_dropped(walker: HandlerWalker, node: cst.BaseExpression, state: State,
                           values: bool = False, request: bool = True) -> cst.BaseExpression:
    """``node`` with every echo of the request (the requested name, the arguments mapping), clock
    reading and list of choices made ``None`` (with ``values``, each argument value the caller
    sent too: ``{"error": "Source file not found", "path": source_path}``; without ``request``,
    the name and the mapping are kept): what is left is what the result says besides them.
    ``node`` itself when it has none."""
    inner_nodes = list(walk(node))
    if not any(isinstance(inner, (cst.Name, cst.Attribute)) for inner in inner_nodes):
        return node
    dropper = _EchoDropper(walker, state, values, request)
    # rebuilding is dear (libcst's transformer was a twentieth of a cold run): find an echo with
    # the model's own walk first, and rebuild only when there is one to drop.
    if not any(dropper.is_echo(inner) for inner in inner_nodes):
        return node
    dropped = dropper.dropped(node)
    return dropped if isinstance(dropped, cst.BaseExpression) else node
