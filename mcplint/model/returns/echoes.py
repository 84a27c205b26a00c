"""The request echoed in a failure's result: ``{"error": f"unknown tool {name}", "input":
arguments}`` hands back what the caller sent (the tool's name, its arguments mapping) beside the
error. That echo is no data the tool computed, so on a failure path the result still carries
nothing but the failure (MCP specification 2025-11-25, server/tools "Error Handling": the
failure belongs in an ``isError`` result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

if TYPE_CHECKING:
    from mcplint.model.flow import HandlerWalker, State

#: What an echo is replaced with: a fixed value, so the text judged is the rest of the result.
_FIXED = cst.Name("None")


class _EchoDropper(cst.CSTTransformer):
    """Replaces each expression that is the requested name or the arguments mapping (``name``,
    ``params.name``, ``arguments``, ``params.arguments``, ``dict(arguments)``) with ``None``."""

    def __init__(self, walker: HandlerWalker, state: State) -> None:
        super().__init__()
        self._walker = walker
        self._state = state

    def _is_echo(self, node: cst.CSTNode) -> bool:
        return isinstance(node, (cst.Name, cst.Attribute, cst.Call)) and (
            self._walker.is_mapping(node, self._state) or self._walker.is_name_expr(node, self._state))

    def on_visit(self, node: cst.CSTNode) -> bool:
        return not self._is_echo(node)  # an echo is replaced whole: nothing inside it to visit

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):
        return _FIXED if self._is_echo(original_node) else updated_node


def request_echoes_dropped(walker: HandlerWalker, node: cst.BaseExpression, state: State) -> cst.BaseExpression:
    """``node`` with every echo of the request (the requested name, the arguments mapping) made
    ``None``: what is left is what the result says besides repeating the request. ``node``
    itself when it echoes nothing."""
    if not any(isinstance(inner, (cst.Name, cst.Attribute)) for inner in _names(node)):
        return node
    dropped = node.visit(_EchoDropper(walker, state))
    return dropped if isinstance(dropped, cst.BaseExpression) else node


def _names(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.children)
