"""Where an error builder's failure is reported: the builder a tool's failure return calls.

A project function whose every value is a failure answer (:func:`.shapes.error_builder_kind`:
``format_error_response(e)``, ``self._format_error(msg)``, ``failure(exc)``) is the place where
the failure becomes an ordinary result. Where the finding goes depends on what it builds (the
placement convention of ``rules/MCP204.md``, "Where the finding is reported"):

* a result that could carry the error flag (``CallToolResult``, fastmcp's ``ToolResult``, a dict
  with an ``"isError"`` entry) built without it: the builder is wrong, its callers are right, so
  the finding is at the builder's ``return`` alone;
* text, a dict or content (no flag possible): the tool's ``return`` is where the fix goes (raise
  instead), and the builder's ``return`` is where readers look for it: both are reported.

Protocol background: MCP specification 2025-11-25, server/tools "Error Handling" (tool errors
belong in a result with ``isError: true``).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.module_info import dotted_name, walk
from mcplint.model.returns.callees import project_callee
from mcplint.model.returns.shapes import error_builder_kind

#: The entries of a result dict that carry the tool error flag on the wire (``CallToolResult``'s
#: alias ``isError``; ``is_error`` is its field name, which a dict sent as JSON does not use, but
#: a builder naming it means the same intent).
_FLAG_KEYS = {"isError", "is_error"}


@dataclass(frozen=True)
class ErrorBuilder:
    """The project function a failure return calls to build its answer.

    ``name``: the function's name; ``returns``: its own ``return`` statements (not those of
    nested functions), each building the failure; ``flaggable``: what it builds could carry the
    error flag (``CallToolResult``, ``ToolResult``, a dict with an ``"isError"`` entry) and it
    leaves the flag unset or false."""

    name: str
    returns: tuple[cst.Return, ...]
    flaggable: bool


def unawaited(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``await builder(...)`` as ``builder(...)``: an async builder's value is what it returns."""
    return node.expression if isinstance(node, cst.Await) else node


def error_builder(walker, call: cst.BaseExpression | None, kind: str) -> ErrorBuilder | None:
    """The :class:`ErrorBuilder` ``call`` runs, when :func:`.shapes.error_builder_kind` judged it
    one of kind ``kind`` (``str``, ``dict``, ``content``, ``result``); None when the callee is
    not a project function with a body of its own."""
    call = unawaited(call)
    if not isinstance(call, cst.Call):
        return None
    function = project_callee(walker, call)
    if function is None or not isinstance(function.body, cst.IndentedBlock):
        return None
    returns = tuple(node for node in walk(function.body, into_nested_scopes=False)
                    if isinstance(node, cst.Return) and node.value is not None)
    if not returns:
        return None
    flaggable = kind == "result" or (kind == "dict" and all(_leaves_flag_false(node.value) for node in returns)
                                     and any(_has_flag_key(node.value) for node in returns))
    return ErrorBuilder(function.name.value, returns, flaggable)


def _has_flag_key(node: cst.BaseExpression) -> bool:
    """A dict literal with an ``"isError"`` entry (``{"content": [...], "isError": False}``)."""
    return isinstance(node, cst.Dict) and any(
        isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
        and element.key.evaluated_value in _FLAG_KEYS for element in node.elements)


def _leaves_flag_false(node: cst.BaseExpression) -> bool:
    """The returned dict's ``"isError"`` entry is absent or ``False`` (a dict that sets it to
    anything else may set it true, and is not judged here)."""
    if not isinstance(node, cst.Dict):
        return False
    for element in node.elements:
        if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                and element.key.evaluated_value in _FLAG_KEYS and dotted_name(element.value) != "False":
            return False
    return True


def nested_error_builder(walker, value: cst.BaseExpression | None) -> ErrorBuilder | None:
    """The error builder whose value a result wraps (``[TextContent(type="text",
    text=json.dumps(error_response(str(e))))]``): the builder made the failure answer, the
    result around it only carries it, so the builder is never the one that left a flag false
    (``flaggable`` is False: the wrapping result is judged at the tool's ``return``)."""
    if value is None:
        return None
    for inner in walk(value, into_nested_scopes=False):
        if inner is value or not isinstance(inner, cst.Call):
            continue
        kind = error_builder_kind(walker, inner)
        if kind is not None:
            found = error_builder(walker, inner, kind)
            return ErrorBuilder(found.name, found.returns, False) if found is not None else None
    return None
