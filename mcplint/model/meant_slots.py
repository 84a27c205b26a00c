"""Where a declared argument that the handler never reads was meant to go.

MCP103 reports a never-read argument at its declaration; when the source shows the place the
value was meant for, the finding belongs there instead: a name that stands in for the parameter
(its default's name, its own name in other letter case), a call that passes one other input
twice, or a plain string holding the ``{name}`` placeholder of an f-string that lost its ``f``.
These are facts about the handler's body, found here so the rule only judges them.
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from mcplint.model.module_info import fast_children, literal_value

__all__ = ["doubled_argument", "input_passed", "quoted_name", "stand_in_read", "string_literals", "string_value",
           "unformatted_placeholder"]


def stand_in_read(function: cst.FunctionDef | None, argument) -> cst.Name | None:
    """The first read in ``function``'s body of a name that stands in for the never-read
    parameter: the name its default is (``labels: str = LABELS`` ... ``LABELS.split(",")``), or
    its own name in other letter case (``LABELS`` for ``labels``). None when there is none."""
    if function is None or not isinstance(argument.node, cst.Param):
        return None
    default = argument.node.default
    names = {default.value} if isinstance(default, cst.Name) else set()
    names |= {argument.name.upper(), argument.name.capitalize()} - {argument.name}
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value in names:
            return current
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(reversed(list(fast_children(current))))
    return None


def doubled_argument(function: cst.FunctionDef | None, name: str, declared=None) -> tuple[cst.CSTNode, str] | None:
    """The second of two parallel places that carry the same other input, in a function that
    never reads ``name``: two arguments of one call (``copy(source_key, source_key)``;
    ``copy(args["src"], args["src"])`` in a handler that never reads ``"dst"``), two elements of
    one list/tuple/set display or two values of one dict display, each built from that one input
    alone (``[UserMessage(f"Old: {baseline}"), UserMessage(f"New: {baseline}")]``, a copy-pasted
    line). That second place is where the never-read ``name`` was meant to go; the argument is
    unread either way, this only says where. ``declared``: the declared argument names of a
    mapping-style handler (None: the function's parameters). Returns (that place, the input it
    carries again); None when there is no such pair."""
    if not isinstance(function, cst.FunctionDef):
        return None
    if declared is None:
        params = function.params
        declared = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
        mapping = False
    else:
        mapping = True
    if name not in declared:
        return None
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        seen: set[str] = set()
        for place, value in _parallel_places(current):
            key = _only_input(value, mapping, declared)
            if key is not None and key != name:
                if key in seen:
                    return place, key
                seen.add(key)
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(reversed(list(fast_children(current))))
    return None


def _parallel_places(node: cst.CSTNode) -> Iterator[tuple[cst.CSTNode, cst.BaseExpression]]:
    """(place, value) of each slot of ``node`` that holds one of several like values: the
    arguments of a call (not splats), the elements of a list/tuple/set display (not starred),
    the values of a dict display (not ``**`` entries)."""
    if isinstance(node, cst.Call):
        yield from ((arg, arg.value) for arg in node.args if not arg.star)
    elif isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        yield from ((element, element.value) for element in node.elements if isinstance(element, cst.Element))
    elif isinstance(node, cst.Dict):
        yield from ((element, element.value) for element in node.elements if isinstance(element, cst.DictElement))


def _only_input(value: cst.BaseExpression, mapping: bool, declared) -> str | None:
    """The one declared input ``value`` carries: the input it is (:func:`input_passed`), or for
    a function's parameters, the only parameter whose text it passes on (``f"New: {baseline}"``,
    ``UserMessage(baseline)``, ``owner.strip()``); None when it carries none or several, or
    uses an input any other way (a condition, ``x if fmt == "a" else y``: no copy of a place)."""
    key = input_passed(value, mapping)
    if key is not None:
        return key if key in declared else None
    if mapping:
        return None
    found = _carried(value, declared)
    return next(iter(found)) if found is not None and len(found) == 1 else None


_NEUTRAL = (cst.SimpleString, cst.Integer, cst.Float)


def _carried(value: cst.BaseExpression, declared, depth: int = 0) -> set[str] | None:
    """The declared inputs ``value`` passes on as text: a parameter, a method or attribute of
    one, a call of those (a message constructor), an f-string of those, literals beside them;
    None for any other shape."""
    if depth > 6:
        return None
    if isinstance(value, cst.Name):
        return {value.value} if value.value in declared else None
    if isinstance(value, _NEUTRAL):
        return set()
    if isinstance(value, cst.Attribute):
        return _carried(value.value, declared, depth + 1)
    parts: list[cst.BaseExpression] = []
    if isinstance(value, cst.Call):
        if isinstance(value.func, cst.Attribute):
            parts.append(value.func.value)
        elif not isinstance(value.func, cst.Name):
            return None
        parts.extend(arg.value for arg in value.args if not arg.star)
    elif isinstance(value, (cst.Tuple, cst.List)):  # `("assistant", answer)`: a role and its text
        parts.extend(element.value for element in value.elements if isinstance(element, cst.Element))
    elif isinstance(value, cst.FormattedString):
        parts.extend(part.expression for part in value.parts if isinstance(part, cst.FormattedStringExpression))
    else:
        return None
    found: set[str] = set()
    for part in parts:
        inner = _carried(part, declared, depth + 1)
        if inner is None:
            return None
        found |= inner
    return found


def input_passed(value: cst.BaseExpression, mapping: bool) -> str | None:
    """The input an argument value is: a parameter's name, or (``mapping``) the literal key of
    ``args["k"]`` / ``args.get("k"...)``."""
    if not mapping:
        return value.value if isinstance(value, cst.Name) else None
    if isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index) \
            and isinstance(value.slice[0].slice.value, cst.SimpleString):
        return string_value(value.slice[0].slice.value)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
            and value.args and isinstance(value.args[0].value, cst.SimpleString):
        return string_value(value.args[0].value)
    return None


def quoted_name(function: cst.FunctionDef | None, name: str) -> list[tuple[cst.SimpleString, cst.CSTNode | None]]:
    """The plain string literals of ``function``'s body spelling ``name`` that are sent as a
    value: an argument of a call (``render(reviewer="reviewer")``) or the value of a dict
    display entry (``{"reviewer": "reviewer"}``), each with the literal key of that entry when
    it spells the name too (None otherwise). In a function whose parameters are the declared
    arguments, such a text is the parameter's name written where its value was meant: it reads
    nothing. Literals in any other place (a comparison, a subscript) are not returned. Empty
    when there are none, or when the function reads its locals dynamically
    (``locals()["reviewer"]`` would read it)."""
    if not isinstance(function, cst.FunctionDef):
        return []
    found: list[tuple[cst.SimpleString, cst.CSTNode | None]] = []
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value in _DYNAMIC:
            return []
        for place, value in _parallel_places(current) if isinstance(current, (cst.Call, cst.Dict)) else ():
            if isinstance(value, cst.SimpleString) and string_value(value) == name:
                key = getattr(place, "key", None)
                found.append((value, key if isinstance(key, cst.SimpleString) and string_value(key) == name else None))
        if not isinstance(current, (cst.ClassDef, cst.Lambda)):
            stack.extend(reversed(list(fast_children(current))))
    return found


_DYNAMIC = frozenset({"locals", "vars", "eval", "exec"})


def unformatted_placeholder(function: cst.FunctionDef | None, name: str) -> cst.SimpleString | None:
    """A plain string literal of ``function`` holding the placeholder ``{name}`` (a continuation
    line of an f-string that lost its ``f``: ``f"... {head} " "relative to {base}."``): the
    parameter is never read because the text that should read it is no f-string. None when
    there is none; the docstring is not text the handler builds."""
    if function is None:
        return None
    placeholder = re.compile(r"(?<!\{)\{" + re.escape(name) + r"(?:[!:][^{}]*)?\}")
    docstring = _docstring_node(function)
    for node in string_literals(function.body):
        if node is docstring or not isinstance(node.value, str):
            continue
        try:
            text = literal_value(node)
        except (SyntaxError, ValueError):
            continue
        if isinstance(text, str) and placeholder.search(text):
            return node
    return None


def string_literals(node: cst.CSTNode) -> Iterator[cst.SimpleString]:
    """Every plain string literal under ``node`` (f-strings are not plain)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.SimpleString):
            yield current
        elif not isinstance(current, (cst.FormattedString, cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(fast_children(current))


def _docstring_node(function: cst.FunctionDef) -> cst.SimpleString | None:
    """The literal of ``function``'s docstring, if it has one."""
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    first = body[0] if body else None
    if isinstance(first, cst.SimpleStatementLine) and first.body and isinstance(first.body[0], cst.Expr) \
            and isinstance(first.body[0].value, cst.SimpleString):
        return first.body[0].value
    return None


def string_value(node: cst.SimpleString) -> str | None:
    """The text of a plain string literal, or None for bytes or a literal that does not evaluate."""
    try:
        value = literal_value(node)
    except Exception:  # noqa: BLE001 - odd literals are simply not names
        return None
    return value if isinstance(value, str) else None
