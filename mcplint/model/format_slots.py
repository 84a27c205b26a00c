"""Values a text template never takes: the slots a ``str.format`` / ``format_map`` /
``string.Template.substitute`` call fills that its text names no placeholder for.

``str.format`` ignores surplus positional and keyword arguments (Python docs, "Format String
Syntax": a field names an index or a key; nothing checks that every argument is used), and
``Template.substitute`` / ``safe_substitute`` ignore surplus keywords and mapping keys. So
``"{0} ... {0}".format(title, highlights)`` or ``"{title}".format(title=t, body=b)`` drops
``highlights`` / ``b`` without a word. When the template's text is written in one literal the
model can read (:func:`mcplint.model.template_sites.template_literal`), the slots it names are
known exactly; anything else (an f-string, a text built at run time, a name the function binds
itself, ``*``/``**`` splats, a text ``string.Formatter`` cannot parse) answers None: not judged.
"""

from __future__ import annotations

import string

import libcst as cst

from mcplint.model.template_sites import binds_locally, dollar_placeholders, template_literal, template_text

__all__ = ["unfilled_slot"]

_FORMAT = frozenset({"format", "format_map"})
_SUBSTITUTE = frozenset({"substitute", "safe_substitute"})
_MAX_DEPTH = 2  # `{0:{1}}`: a format spec may hold fields itself, once nested at most


def unfilled_slot(info, scope: cst.FunctionDef, call: cst.Call, arg: cst.Arg,
                  key: str | None = None) -> cst.CSTNode | None:
    """The template literal whose text takes no value from ``arg`` of ``call`` (``key``: the
    entry of a dict literal ``arg`` the value is written under), when ``call`` formats a text
    the model reads: ``TEMPLATE.format(...)``, ``"...".format_map({...})``,
    ``Template("...").substitute(k=...)``. None when the text does take it, or is not known."""
    func = call.func
    if not isinstance(func, cst.Attribute) or any(a.star and not (a is arg and key is not None) for a in call.args):
        return None  # a splat other than the dict literal holding the value: its keys are not known
    method = func.attr.value
    if method not in _FORMAT and method not in _SUBSTITUTE:
        return None
    literal = _literal_of(info, scope, func.value)
    text = template_text(literal)
    if text is None:
        return None
    slot = _slot(call, arg, key, method)
    if slot is None:
        return None
    # The method tells the kind of text: only a string.Template has .substitute, only a str .format
    if method in _SUBSTITUTE:
        names = dollar_placeholders(text)
        return literal if names is not None and isinstance(slot, str) and slot not in names else None
    fields = format_fields(text)
    return literal if fields is not None and slot not in fields else None


def _literal_of(info, scope: cst.FunctionDef, expr: cst.BaseExpression) -> cst.CSTNode | None:
    """The literal ``expr`` stands for, unless ``scope`` binds the name itself (a local of the
    same name shadows the module constant)."""
    head = expr
    while isinstance(head, cst.Subscript):
        head = head.value
    if isinstance(head, cst.Name) and binds_locally(scope, head.value):
        return None
    if isinstance(head, cst.Call) and isinstance(head.func, cst.Name) and binds_locally(scope, head.func.value):
        return None
    return template_literal(info, expr)


def _slot(call: cst.Call, arg: cst.Arg, key: str | None, method: str) -> int | str | None:
    """Which slot ``arg`` fills: a position (int) or a name (str); None when not plain."""
    if key is not None:
        single = method in ("format_map", "substitute", "safe_substitute") and len(call.args) == 1 \
            and call.args[0] is arg and arg.keyword is None
        splat = method == "format" and arg.star == "**"
        return key if single or splat else None
    if arg.keyword is not None:
        return arg.keyword.value if method in ("format", "substitute", "safe_substitute") else None
    if method != "format":
        return None
    positional = [a for a in call.args if a.keyword is None]
    return next((i for i, a in enumerate(positional) if a is arg), None)


def format_fields(text: str) -> frozenset[int | str] | None:
    """The slots a ``str.format`` text names: indices (``{0}``, and ``{}`` numbered in order)
    and keys (``{name}``, ``{name.attr}``, ``{name[0]}`` all take ``name``), fields inside
    format specs too. None when ``string.Formatter`` cannot parse it or it mixes automatic and
    manual numbering (``format`` raises there: nothing is dropped quietly)."""
    found: set[int | str] = set()
    counter = [0, False, False]  # next automatic index, saw automatic, saw manual
    if not _collect(text, found, counter, 0):
        return None
    if counter[1] and counter[2]:
        return None
    return frozenset(found)


def _collect(text: str, found: set, counter: list, depth: int) -> bool:
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return False
    for _literal, field, spec, _conversion in parsed:
        if field is None:
            continue
        head = field.split(".", 1)[0].split("[", 1)[0]
        if head == "":
            found.add(counter[0])
            counter[0] += 1
            counter[1] = True
        elif head.isdigit():
            found.add(int(head))
            counter[2] = True
        else:
            found.add(head)
        if spec and "{" in spec and (depth >= _MAX_DEPTH or not _collect(spec, found, counter, depth + 1)):
            return False
    return True
