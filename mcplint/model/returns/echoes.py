"""What a failure's result carries besides the failure without being data the tool computed:

* the request echoed: ``{"error": f"unknown tool {name}", "input": arguments}`` hands back
  what the caller sent (the tool's name, its arguments mapping);
* a clock reading: ``{"error": str(e), "timestamp": time.time()}``;
* the valid choices as a hint: ``f"Node {node} not found. Available: {list(CLIENTS.keys())}"``.

On a failure path such a result still carries nothing but the failure (MCP specification
2025-11-25, server/tools "Error Handling": the failure belongs in an ``isError`` result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from mcplint.model.module_info import dotted_name, walk

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

#: What an echo is replaced with: a fixed value, so the text judged is the rest of the result.
_FIXED = cst.Name("None")


class _EchoDropper(cst.CSTTransformer):
    """Replaces each expression that is the requested name or the arguments mapping (``name``,
    ``params.name``, ``arguments``, ``params.arguments``, ``dict(arguments)``) with ``None``."""

    def __init__(self, walker: HandlerWalker, state: State, values: bool, request: bool) -> None:
        super().__init__()
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
        if self._request and (self._walker.is_mapping(node, self._state) or self._walker.is_name_expr(node, self._state)):
            return True
        return reads_clock(node) or lists_choices(node)

    def on_visit(self, node: cst.CSTNode) -> bool:
        return not self.is_echo(node)  # an echo is replaced whole: nothing inside it to visit

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):
        return _FIXED if self.is_echo(original_node) else updated_node


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
    """``list(CLIENTS.keys())``, ``sorted(TOOLS)``, ``", ".join(self.handlers)``: the names of a
    table or registry, a hint at the valid choices beside a refusal (not data the tool computed)."""
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "keys" and not node.args:
        return isinstance(func.value, (cst.Name, cst.Attribute))
    if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
        return False
    inner = node.args[0].value
    if isinstance(func, cst.Name) and func.value in ("list", "sorted", "tuple"):
        return isinstance(inner, (cst.Name, cst.Attribute)) or lists_choices(inner)
    if isinstance(func, cst.Attribute) and func.attr.value == "join" and isinstance(func.value, cst.SimpleString):
        return isinstance(inner, (cst.Name, cst.Attribute)) or lists_choices(inner)
    return False


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
    # libcst's transformer rebuilds every node it visits (a twentieth of a cold run): find an
    # echo with the model's own walk first, and rebuild only when there is one to drop.
    if not any(dropper.is_echo(inner) for inner in inner_nodes):
        return node
    dropped = node.visit(dropper)
    return dropped if isinstance(dropped, cst.BaseExpression) else node
