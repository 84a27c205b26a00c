"""Values a text template never takes: the slots a ``str.format`` / ``format_map`` /
``string.Template.substitute`` / jinja2 ``render`` call (or a ``TEXT % {...}``) fills that its
text names no placeholder for.

``str.format`` ignores surplus positional and keyword arguments (Python docs, "Format String
Syntax": a field names an index or a key; nothing checks that every argument is used),
``Template.substitute`` / ``safe_substitute`` ignore surplus keywords and mapping keys, jinja2's
``render`` ignores context names no tag uses, and ``%`` with a mapping ignores keys the text
has no ``%(key)s`` for. So
``"{0} ... {0}".format(title, highlights)`` or ``"{title}".format(title=t, body=b)`` drops
``highlights`` / ``b`` without a word. When the template's text is written in one literal the
model can read (:func:`mcplint.model.template_sites.template_literal`), the slots it names are
known exactly; anything else (an f-string, a text built at run time, a name the function binds
itself, ``*``/``**`` splats, a text ``string.Formatter`` cannot parse) answers None: not judged.
"""

from __future__ import annotations

import difflib
import re
import string

import libcst as cst

from mcplint.model.module_info import assigned_names, dotted_name, fast_children, names_under
from mcplint.model.template_sites import binds_locally, dollar_placeholders, template_literal, template_text

__all__ = ["format_fields", "jinja_names", "percent_keys", "unfilled_helper_slot", "unfilled_percent_key",
           "unfilled_slot"]

_FORMAT = frozenset({"format", "format_map"})
_SUBSTITUTE = frozenset({"substitute", "safe_substitute"})
_RENDER = frozenset({"render", "render_async"})  # a jinja2 template: extra context names are ignored
# Wrappers that keep a text's placeholders: `dedent(TEMPLATE).format(...)`, `TEMPLATE.strip()`
_TEXT_FUNCTIONS = frozenset({"dedent", "cleandoc"})
_TEXT_METHODS = frozenset({"strip", "lstrip", "rstrip"})
# jinja2 tags that pull in other templates or define callables: the names used are then not all here
_JINJA_OPAQUE = re.compile(r"{%-?\s*(include|extends|import|from|macro|call)\b")
_JINJA_TAG = re.compile(r"{{(.*?)}}|{%(.*?)%}", re.S)
_JINJA_STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
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
    if method not in _FORMAT and method not in _SUBSTITUTE and method not in _RENDER:
        return None
    owner = _unwrapped(func.value)
    if method in _RENDER and not _makes_jinja_template(owner, info):
        return None
    literal = _literal_of(info, scope, owner)
    text = template_text(literal)
    if text is None:
        return None
    slot = _slot(call, arg, key, method)
    if slot is None:
        return None
    # The method tells the kind of text: only a string.Template has .substitute, only a str .format
    if method in _RENDER:
        names = jinja_names(text)
    elif method in _SUBSTITUTE:
        names = dollar_placeholders(text)
    else:
        names = format_fields(text)
    if names is None or slot in names or (method not in _FORMAT and not isinstance(slot, str)):
        return None
    return _placed(literal, names, _filled(call), slot)


def unfilled_helper_slot(info, scope: cst.FunctionDef, call: cst.Call, arg: cst.Arg, key: str | None,
                         function: cst.FunctionDef) -> cst.CSTNode | None:
    """The template text a project helper fills that takes no value from ``arg`` of ``call``:
    ``function`` (the helper ``call`` calls) formats its own template parameter with its own
    mapping parameter, ``def fill(template, **values): return template.format_map(Keep(values))``
    (also ``.format(**values)``, ``.substitute(values)``, ``Template(template).safe_substitute(values)``),
    and ``call`` passes a text the model reads as the template (``fill(NOTES, tone=tone)``) and
    the value as a keyword landing in that mapping, or as an entry of a dict literal passed as it
    (``fill(NOTES, {"tone": tone})``, ``key``). The helper is then the formatting call seen from
    its caller; None when the text does take the value, or any link is not known."""
    site = _helper_format_site(function)
    if site is None:
        return None
    template, mapping, method = site
    params = function.params
    named = [p.name.value for p in (*params.params, *params.kwonly_params)]
    positional = [p.name.value for p in params.params]
    collector = params.star_kwarg.name.value if isinstance(params.star_kwarg, cst.Param) else None
    if mapping == collector:
        if key is not None or arg.keyword is None or arg.keyword.value in named:
            return None
        slot, filled = arg.keyword.value, {a.keyword.value for a in call.args if a.keyword is not None} - set(named)
    elif key is not None and _bound_to(call, arg, positional) == mapping and isinstance(arg.value, cst.Dict):
        slot, filled = key, {k for k in (_key_text(e) for e in arg.value.elements) if k is not None}
    else:
        return None
    text_arg = next((a for a in call.args if _bound_to(call, a, positional) == template), None)
    literal = _literal_of(info, scope, _unwrapped(text_arg.value)) if text_arg is not None else None
    text = template_text(literal)
    names = (dollar_placeholders(text) if method in _SUBSTITUTE else format_fields(text)) if text is not None else None
    if names is None or slot in names:
        return None
    return _placed(literal, names, filled, slot)


def _helper_format_site(function: cst.FunctionDef) -> tuple[str, str, str] | None:
    """(template parameter, mapping parameter, method) when ``function``'s body is one that
    formats a parameter with another: its only formatting call is ``T.format(**M)``,
    ``T.format_map(M)`` / ``T.format_map(Wrapper(M))``, ``T.substitute(M)`` / ``(**M)`` or the
    same on ``Template(T)``, and it rebinds neither name. None otherwise."""
    params = function.params
    names = {p.name.value for p in (*params.params, *params.kwonly_params)}
    if isinstance(params.star_kwarg, cst.Param):
        names.add(params.star_kwarg.name.value)
    found = []
    for node in _calls_in(function.body):
        func = node.func
        if isinstance(func, cst.Attribute) and (func.attr.value in _FORMAT or func.attr.value in _SUBSTITUTE):
            found.append(node)
    if len(found) != 1 or len(found[0].args) != 1:
        return None
    call = found[0]
    method = call.func.attr.value
    owner = _unwrapped(call.func.value)
    if isinstance(owner, cst.Call) and (dotted_name(owner.func) or "").rsplit(".", 1)[-1] == "Template" \
            and len(owner.args) == 1 and not owner.args[0].keyword:
        if method not in _SUBSTITUTE:
            return None
        owner = owner.args[0].value
    only = call.args[0]
    value = only.value
    if only.star == "" and isinstance(value, cst.Call) and len(value.args) == 1 and not value.args[0].star:
        value = value.args[0].value  # `format_map(KeepMissing(values))`: the wrapper keeps the keys
    if only.star not in ("", "**") or (only.star == "" and method == "format") or only.keyword is not None:
        return None
    if not isinstance(owner, cst.Name) or not isinstance(value, cst.Name) or owner.value == value.value:
        return None
    if owner.value not in names or value.value not in names or binds_assigned(function, owner.value) \
            or binds_assigned(function, value.value) or _loads(function, value.value) != 1:
        return None  # the mapping used anywhere else may carry its values on
    return owner.value, value.value, method


def binds_assigned(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function``'s body assigns ``name`` (a parameter rebound is no longer the caller's)."""
    return name in assigned_names(function)


def _loads(function: cst.FunctionDef, name: str) -> int:
    """How many times ``function``'s body names ``name`` (nested scopes included)."""
    return sum(1 for node in names_under(function.body) if node.value == name)


def _calls_in(node: cst.CSTNode):
    """Every call under ``node``, nested scopes not entered."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            yield current
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(fast_children(current, tokens=False))


def _bound_to(call: cst.Call, arg: cst.Arg, positional: list[str]) -> str | None:
    """The parameter name that ``arg`` of ``call`` binds (``positional``: the names of the
    positional parameters, in order)."""
    if arg.star:
        return None
    if arg.keyword is not None:
        return arg.keyword.value
    passed = [a for a in call.args if a.keyword is None and not a.star]
    index = next((i for i, a in enumerate(passed) if a is arg), None)
    return positional[index] if index is not None and index < len(positional) else None


def unfilled_percent_key(info, scope: cst.FunctionDef, operation: cst.BinaryOperation, key: str) -> cst.CSTNode | None:
    """The text of ``TEXT % {...}`` when it names no ``%(key)s``: printf-style formatting with
    a mapping ignores the keys the text does not name (Python docs, "printf-style String
    Formatting"). None when it does, or the text is not known."""
    literal = _literal_of(info, scope, _unwrapped(operation.left))
    text = template_text(literal)
    keys = percent_keys(text) if text is not None else None
    if keys is None or key in keys:
        return None
    filled = {k for k in (_key_text(e) for e in operation.right.elements) if k is not None} \
        if isinstance(operation.right, cst.Dict) else set()
    return _placed(literal, keys, filled, key)


_PERCENT = re.compile(r"%(%|\(([^()]*)\))")


def percent_keys(text: str) -> frozenset[str] | None:
    """The ``%(name)s`` keys of a printf-style text (``%%`` is a literal percent sign); None
    when it has none (then a mapping right operand is not what it formats by name)."""
    keys = {match.group(2) for match in _PERCENT.finditer(text) if match.group(1) != "%"}
    return frozenset(keys) if keys else None


def _filled(call: cst.Call) -> set[str]:
    """The names a call passes: its keywords and the literal keys of a dict it passes."""
    found = {arg.keyword.value for arg in call.args if arg.keyword is not None}
    for arg in call.args:
        if isinstance(arg.value, cst.Dict):
            found.update(key for key in (_key_text(e) for e in arg.value.elements) if key is not None)
    return found


def _key_text(element: cst.BaseDictElement) -> str | None:
    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
        value = element.key.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _placed(literal: cst.CSTNode, names, filled: set[str], slot) -> cst.CSTNode:
    """Where the finding about the unfilled ``slot`` belongs: the piece of an implicitly
    concatenated text that writes the placeholder the value was meant for (a name no argument
    fills that is close to the slot's: ``{{ time_window }}`` for ``window``), else the text."""
    orphans = sorted(name for name in names if isinstance(name, str) and name not in filled)
    if not isinstance(slot, str) or not orphans or not isinstance(literal, cst.ConcatenatedString):
        return literal
    close = [name for name in orphans if slot in name or name in slot] or \
        difflib.get_close_matches(slot, orphans, n=1, cutoff=0.6)
    if not close:
        return literal
    word = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(close[0]) + r"(?![A-Za-z0-9_])")
    stack: list[cst.CSTNode] = [literal]
    while stack:  # the pieces in source order
        piece = stack.pop()
        if isinstance(piece, cst.ConcatenatedString):
            stack.extend((piece.right, piece.left))
        elif isinstance(piece, cst.SimpleString) and word.search(piece.value):
            return piece
    return literal


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
    for _ in range(4):  # `SLO = env.from_string("...")`: the text is the argument of the factory
        if isinstance(expr, cst.Name) and isinstance(info.constants.get(expr.value), cst.Call):
            expr = info.constants.get(expr.value)
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "from_string" \
                and len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star:
            expr = expr.args[0].value
        elif _unwrapped(expr) is not expr:
            expr = _unwrapped(expr)
        else:
            break
    return template_literal(info, expr)


def _unwrapped(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The text under wrappers that keep its placeholders (``textwrap.dedent(T)``, ``T.strip()``)."""
    for _ in range(3):
        if isinstance(expr, cst.Call) and len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star \
                and (dotted_name(expr.func) or "").rsplit(".", 1)[-1] in _TEXT_FUNCTIONS:
            expr = expr.args[0].value
        elif isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) \
                and expr.func.attr.value in _TEXT_METHODS:
            expr = expr.func.value
        else:
            break
    return expr


def _makes_jinja_template(expr: cst.BaseExpression, info) -> bool:
    """``Template("...")`` / ``env.from_string("...")`` (or a constant bound to one, followed
    through the module's constants): an object whose ``render`` takes the context names."""
    for _ in range(4):
        if isinstance(expr, cst.Name):
            expr = info.constants.get(expr.value)
            continue
        if isinstance(expr, cst.Call):
            name = (dotted_name(expr.func) or "").rsplit(".", 1)[-1]
            return name in ("Template", "from_string")
        return False
    return False


def jinja_names(text: str) -> frozenset[str] | None:
    """Every identifier written inside the ``{{ }}`` and ``{% %}`` tags of a jinja2 text (string
    literals in them skipped): a superset of the context names it reads. None when the text
    includes, extends or imports other templates or defines macros (names used there are not
    in this text), or has no tag at all (not a jinja text)."""
    if _JINJA_OPAQUE.search(text):
        return None
    found: set[str] = set()
    tags = 0
    for match in _JINJA_TAG.finditer(text):
        tags += 1
        inside = _JINJA_STRING.sub(" ", match.group(1) if match.group(1) is not None else match.group(2))
        found.update(_IDENTIFIER.findall(inside))
    return frozenset(found) if tags else None


def _slot(call: cst.Call, arg: cst.Arg, key: str | None, method: str) -> int | str | None:
    """Which slot ``arg`` fills: a position (int) or a name (str); None when not plain."""
    if key is not None:
        single = method in ("format_map", "substitute", "safe_substitute", "render", "render_async") \
            and len(call.args) == 1 and call.args[0] is arg and arg.keyword is None
        splat = method == "format" and arg.star == "**"
        return key if single or splat else None
    if arg.keyword is not None:
        return arg.keyword.value if method != "format_map" else None
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
