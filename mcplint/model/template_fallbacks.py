"""Templates that fill a missing argument with a value of their own.

Two shapes, read from the source (nothing is imported or run):

- a jinja2 template whose text gives a name a fallback: ``{{ product | default('our
  product') }}``, ``{{ product | d('x') }}``, ``{{ product or 'x' }}`` (Jinja docs, "List of
  Builtin Filters": ``default(value, default_value='', boolean=False)`` answers its argument
  for an undefined name, in any environment, ``StrictUndefined`` included);
- a ``string.Formatter`` subclass whose ``get_value`` answers for a key the mapping lacks
  (``return kwargs.get(key, "")``, or ``except KeyError: return ""``): ``format(template,
  **arguments)`` renders every missing placeholder as that value (Python ``string.Formatter``:
  ``vformat`` asks ``get_value`` for each field, which raises KeyError unless overridden).

:func:`jinja_fallbacks` and :func:`lenient_formatter` are asked by the flow walk
(:mod:`mcplint.model.flow`) for a call that renders the arguments mapping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
import libcst as cst

from mcplint.model.module_info import dotted_name, walk

_RENDER_METHODS = frozenset({"render", "render_async"})
_FORMAT_METHODS = frozenset({"format", "vformat", "format_map"})
#: `{{ name | default('x') }}`, `{{ name|d("x") }}`, `{% set v = name | default('x') %}`
_DEFAULT_FILTER = re.compile(
    r"""\b([A-Za-z_]\w*)\s*\|\s*(?:default|d)\s*\(\s*(?:'([^']*)'|"([^"]*)")""")
#: `{{ name or 'x' }}`
_OR_FALLBACK = re.compile(r"""\{\{-?\s*([A-Za-z_]\w*)\s+or\s+(?:'([^']*)'|"([^"]*)")""")
_JINJA_SOURCES = frozenset({"from_string", "Template"})


@dataclass(frozen=True)
class TemplateFallback:
    """A name the template text fills when the context lacks it: ``value`` is the text it
    renders instead, ``node`` the string literal that says so (the defect site)."""

    name: str
    value: str
    node: cst.CSTNode


def jinja_fallbacks(info, evaluator, call: cst.Call) -> list[TemplateFallback]:
    """The fallbacks of the jinja2 template ``call`` renders (``T.render(**mapping)``, ``T``
    a module constant ``env.from_string("...")`` / ``Template("...")`` or that call itself):
    one per name a ``default`` filter or an ``or`` gives a value. Empty when the template's
    text is not a literal of the project or the module does not use jinja2."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _RENDER_METHODS:
        return []
    source = _jinja_source(info, func.value)
    if source is None or not source.args:
        return []
    literal = source.args[0].value
    found: list[TemplateFallback] = []
    for part in _string_parts(literal):
        text = evaluator.eval(part)
        if not isinstance(text, str):
            continue
        for pattern in (_DEFAULT_FILTER, _OR_FALLBACK):
            for match in pattern.finditer(text):
                value = match.group(2) if match.group(2) is not None else match.group(3)
                found.append(TemplateFallback(match.group(1), value, part))
    return found


def _jinja_source(info, template: cst.BaseExpression) -> cst.Call | None:
    """The ``from_string(...)`` / ``Template(...)`` call a template expression stands for."""
    if isinstance(template, cst.Name):
        constants = _table(info, "constants")
        template = constants.get(template.value)
    if not isinstance(template, cst.Call):
        return None
    name = (dotted_name(template.func) or "").rsplit(".", 1)[-1]
    return template if name in _JINJA_SOURCES else None


def _string_parts(literal: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The pieces of an implicitly concatenated literal (each on its own line), or the
    literal itself."""
    if isinstance(literal, cst.ConcatenatedString):
        return _string_parts(literal.left) + _string_parts(literal.right)
    return [literal]


def lenient_formatter(info, call: cst.Call) -> cst.CSTNode | None:
    """Whether ``call`` formats with a project ``string.Formatter`` subclass whose
    ``get_value`` answers for a missing key: ``F().format(t, **m)``, ``fmt.vformat(t, (), m)``
    with ``fmt = F()``, or ``render(t, **m)`` with ``render = F().format``. Returns where
    ``get_value`` answers (the ``.get(key, d)`` call or the ``return`` of its ``except
    KeyError``), else None."""
    func = call.func
    constants = _table(info, "constants")
    if isinstance(func, cst.Name):
        func = constants.get(func.value)  # `render = LenientFormatter().format`
    if not isinstance(func, cst.Attribute) or func.attr.value not in _FORMAT_METHODS:
        return None
    owner = func.value
    if isinstance(owner, cst.Name):
        owner = constants.get(owner.value)  # `formatter = LenientFormatter()`
    if not isinstance(owner, cst.Call) or not isinstance(owner.func, cst.Name):
        return None
    cls = _table(info, "classes").get(owner.func.value)
    if cls is None or not _formatter_subclass(info, cls):
        return None
    return _answer_for_missing_key(cls)


def _formatter_subclass(info, cls: cst.ClassDef) -> bool:
    """``class F(string.Formatter)`` / ``class F(Formatter)`` with ``from string import Formatter``."""
    for base in cls.bases:
        qualified = info.qualify(base.value) if hasattr(info, "qualify") else dotted_name(base.value)
        if qualified in ("string.Formatter",):
            return True
    return False


def _answer_for_missing_key(cls: cst.ClassDef) -> cst.CSTNode | None:
    """Where the class's ``get_value`` answers a key the mapping lacks instead of raising: a
    ``.get(key, default)`` read of the mapping, or a ``return`` in an ``except KeyError``."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    method = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == "get_value"), None)
    if method is None:
        return None
    for node in walk(method.body, into_nested_scopes=False):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
                and len(node.args) == 2:
            return node
        if isinstance(node, cst.ExceptHandler) and node.type is not None \
                and "KeyError" in _names(node.type):
            answer = _returned(node.body)
            if answer is not None:
                return answer
    return None


def _names(node: cst.BaseExpression) -> set[str]:
    """The exception names an ``except`` clause lists (``KeyError``, ``(KeyError, IndexError)``)."""
    if isinstance(node, cst.Tuple):
        return {dotted_name(element.value) or "" for element in node.elements}
    return {dotted_name(node) or ""}


def _returned(body: cst.BaseSuite) -> cst.Return | None:
    """The first ``return <value>`` of a block (not a re-raise)."""
    return next((node for node in walk(body, into_nested_scopes=False)
                 if isinstance(node, cst.Return) and node.value is not None), None)


def _table(info, name: str):
    """A binding table of ``info`` (``classes``, ``constants``): a lazy table loads imported
    names on lookup, and is falsy while nothing is loaded yet, so no ``or {}`` here."""
    table = getattr(info, name, None)
    return table if table is not None else {}
