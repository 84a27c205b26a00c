"""Where a template's text is written, and which names it binds, for findings about placeholders.

A placeholder no value fills is a fault of the template text (``{voice}`` where the function
has ``tone``), so the finding belongs on the string literal that holds it, which is often a
module constant of another module (``from .templates import OUTLINE``). The evaluator gives
the template's *value*; :func:`template_literal` finds the literal node it came from, for the
plain shapes only (a name bound once to a literal, ``Template("...")``, a dict constant's
entry under a literal key). Anything else answers None and the finding stays at the call.
"""

from __future__ import annotations

import string

import libcst as cst

from mcplint.model.module_info import ModuleInfo, assigned_names, dotted_name, walk

__all__ = ["binds_locally", "bound_names", "constant_text", "dollar_placeholders", "placeholder_part", "template_literal",
           "template_text"]

_STRINGS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
_MAX_HOPS = 4  # OUTLINE = BASE = "..." chains: a few names, never a cycle


def template_literal(info: ModuleInfo, expr: cst.BaseExpression, key: object = None) -> cst.CSTNode | None:
    """The string literal ``expr`` evaluates to: ``OUTLINE`` (a constant of this or an imported
    project module), ``Template("...")`` or a name bound to one, ``TEMPLATES["k"]`` (``key``
    gives the entry when the subscript is not a literal, ``TEMPLATES[name]``). None when the
    text is not written in one literal."""
    for _ in range(_MAX_HOPS):
        if isinstance(expr, _STRINGS):
            return expr
        if isinstance(expr, cst.Call) and (dotted_name(expr.func) or "").split(".")[-1] == "Template" \
                and expr.args and expr.args[0].keyword is None and not expr.args[0].star:
            expr = expr.args[0].value  # string.Template("... $name ...")
        elif isinstance(expr, cst.Name) and expr.value in info.constants:
            expr = info.constants[expr.value]
        elif isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1:
            index = expr.slice[0].slice
            wanted = _literal_key(index.value) if isinstance(index, cst.Index) else None
            table = info.constants.get(expr.value.value)
            expr = _entry(table, key if wanted is None else wanted)
            if expr is None:
                return None
        else:
            return None
    return None


def placeholder_part(literal: cst.CSTNode, name: str) -> cst.CSTNode:
    """The piece of an implicitly concatenated literal (``"a {x} "  "b {voice}"``) that
    writes the placeholder ``name`` (``{name...}`` or ``$name`` / ``${name}``); the whole
    literal when no one piece does."""
    pieces = [literal]
    while pieces and isinstance(pieces[0], cst.ConcatenatedString):
        pieces = [pieces[0].left, pieces[0].right, *pieces[1:]]
    for piece in pieces:
        text = piece.value if isinstance(piece, cst.SimpleString) else ""
        if any(mark in text for mark in ("{" + name + "}", "{" + name + "!", "{" + name + ":", "{" + name + ".",
                                         "{" + name + "[", "$" + name, "${" + name + "}")):
            return piece
    return literal


def _literal_key(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString) and "b" not in node.prefix.lower():
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _entry(table: cst.BaseExpression | None, key: object) -> cst.BaseExpression | None:
    """The value of a dict literal's entry whose literal key is ``key``."""
    if not isinstance(table, cst.Dict) or not isinstance(key, str):
        return None
    for element in table.elements:
        if isinstance(element, cst.DictElement) and _literal_key(element.key) == key:
            return element.value
    return None


def bound_names(function: cst.FunctionDef) -> set[str]:
    """Every name ``function`` could hold as a local, generously: its parameters and every
    name written anywhere in its body (read or bound: a name it never mentions cannot be in
    its ``locals()``)."""
    params = function.params
    found = {param.name.value for param in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.add(star.name.value)
    found.update(node.value for node in walk(function.body) if isinstance(node, cst.Name))
    return found


def constant_text(info: ModuleInfo, expr: cst.BaseExpression) -> str | None:
    """The text a template expression stands for when the walk holds no local for it: a
    module constant bound to a string literal (``URL.format(name=...)``, any project module),
    or an entry picked from a constant dict of string literals (``REGISTRIES.get(registry)``,
    ``REGISTRIES[registry]``) whose entries are all built alike: every one starts with literal
    text before its first placeholder, or none does (so where the argument lands, in front
    or inside, is the same whichever entry is picked). None otherwise."""
    if isinstance(expr, cst.Name):
        return _string_text(info.constants.get(expr.value))
    table = _picked_table(expr)
    if table is None:
        return None
    value = info.constants.get(table)
    if not isinstance(value, cst.Dict) or not value.elements:
        return None
    texts = [_string_text(element.value) if isinstance(element, cst.DictElement) else None
             for element in value.elements]
    if any(text is None for text in texts):
        return None
    leading = {text.find("{") == 0 for text in texts}
    return texts[0] if len(leading) == 1 else None


def _picked_table(expr: cst.BaseExpression) -> str | None:
    """``TABLE.get(key)`` / ``TABLE.get(key, default)`` / ``TABLE[key]``: the table's name."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" \
            and isinstance(expr.func.value, cst.Name) and 1 <= len(expr.args) <= 2:
        return expr.func.value.value
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1:
        return expr.value.value
    return None


def _string_text(node: cst.BaseExpression | None) -> str | None:
    """The text of a plain string literal (implicitly concatenated pieces joined)."""
    if isinstance(node, cst.ConcatenatedString):
        left, right = _string_text(node.left), _string_text(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, cst.SimpleString) and "b" not in node.prefix.lower():
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def template_text(literal: cst.CSTNode | None) -> str | None:
    """The text of the literal :func:`template_literal` found (None for an f-string or none)."""
    return _string_text(literal) if isinstance(literal, (cst.SimpleString, cst.ConcatenatedString)) else None


def dollar_placeholders(text: str | None) -> set[str] | None:
    """The identifiers of a ``string.Template`` text (``$name``, ``${name}``; ``$$`` is a
    literal dollar); None for no text or one with an invalid ``$`` (substitute raises there)."""
    if text is None:
        return None
    found: set[str] = set()
    for match in string.Template.pattern.finditer(text):
        if match.group("invalid") is not None:
            return None
        name = match.group("named") or match.group("braced")
        if name is not None:
            found.add(name)
    return found


def binds_locally(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` takes or assigns ``name`` (so it shadows a module constant)."""
    params = function.params
    return name in assigned_names(function) or any(
        param.name.value == name for param in (*params.posonly_params, *params.params, *params.kwonly_params))
