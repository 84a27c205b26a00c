"""The argument values a query text was built from: ``sql = f"SELECT ... WHERE {where}"`` with
``where = f"t.name = '{table}'"``, then ``res = await run(sql)``. A lookup run with such text is
keyed by ``table`` as much as ``cursor.execute(sql, (table,))`` is (:mod:`.lookups`).
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, walk

_MAX_DEPTH = 6  # pieces spliced into pieces of the query: deeper is no lookup key


def text_parts(function: cst.FunctionDef, node: cst.BaseExpression, depth: int = 0) -> Iterator[cst.BaseExpression]:
    """The values spliced into the text ``node`` holds: the expressions of an f-string, the
    operands of ``+`` / ``%``, the arguments of ``"...".format(...)``, followed through locals
    bound once to such text (a few levels), the pieces of ``" AND ".join(filters)`` and the
    argument of a function spliced in (``{quote(table)}``). ``node`` itself when it is no built
    text."""
    if depth > _MAX_DEPTH:
        return
    if isinstance(node, cst.Name):
        built = _sole_text_binding(function, node.value)
        if built is None:
            yield node
            if depth:
                yield from _appended(function, node.value, depth)  # `filters.append(f"... {x}")`
            return
        node = built
    if isinstance(node, cst.FormattedString):
        for part in node.parts:
            if isinstance(part, cst.FormattedStringExpression):
                yield from text_parts(function, part.expression, depth + 1)
    elif isinstance(node, cst.ConcatenatedString):
        yield from text_parts(function, node.left, depth + 1)
        yield from text_parts(function, node.right, depth + 1)
    elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Modulo)):
        yield from text_parts(function, node.left, depth + 1)
        yield from text_parts(function, node.right, depth + 1)
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format" \
            and isinstance(node.func.value, (cst.SimpleString, cst.Name)):
        for arg in node.args:
            yield from text_parts(function, arg.value, depth + 1)
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "join" \
            and isinstance(node.func.value, cst.SimpleString) and len(node.args) == 1:
        yield from text_parts(function, node.args[0].value, depth + 1)  # `" AND ".join(filters)`
    elif isinstance(node, (cst.Tuple, cst.List)):
        for element in node.elements:
            yield from text_parts(function, element.value, depth + 1)
    elif isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute)) and len(node.args) == 1 \
            and depth:
        yield node  # `{quote(table)}` spliced in: the quoted argument is still the key
        yield from text_parts(function, node.args[0].value, depth + 1)
    elif not isinstance(node, cst.SimpleString):
        yield node


def _appended(function: cst.FunctionDef, local: str, depth: int) -> Iterator[cst.BaseExpression]:
    """The parts of what ``local.append(...)`` adds to a list of query pieces bound once to a
    list literal (``filters = [f"t.name = {name}"]`` then ``filters.append(...)``), and of that
    literal."""
    bound = [node.value for node in walk(function.body, into_nested_scopes=False)
             if isinstance(node, cst.Assign) and len(node.targets) == 1
             and isinstance(node.targets[0].target, cst.Name) and node.targets[0].target.value == local]
    if len(bound) != 1 or not isinstance(bound[0], cst.List):
        return
    yield from text_parts(function, bound[0], depth + 1)
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "append" \
                and dotted_name(node.func.value) == local and len(node.args) == 1:
            yield from text_parts(function, node.args[0].value, depth + 1)


def _sole_text_binding(function: cst.FunctionDef, local: str) -> cst.BaseExpression | None:
    """The built text ``local`` is bound to by its one plain assignment (an f-string, a
    concatenation, a ``format`` call); None when it is bound otherwise or more than once."""
    found: list[cst.BaseExpression] = []
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign) and any(
                isinstance(n, cst.Name) and n.value == local for t in node.targets for n in walk(t.target)):
            if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
                return None
            found.append(node.value)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName)):
            target = getattr(node, "target", None) or getattr(node, "name", None)
            if target is not None and any(isinstance(n, cst.Name) and n.value == local for n in walk(target)):
                return None
    if len(found) != 1:
        return None
    value = found[0]
    is_format = isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
        and value.func.attr.value in ("format", "join") and dotted_name(value.func.value) is None
    if isinstance(value, (cst.FormattedString, cst.ConcatenatedString)) or is_format or (
            isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Modulo))):
        return value
    return None
