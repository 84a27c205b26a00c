"""Results that are None exactly when the caller's value is bad, and the raise of using them.

``m = PR_URL.fullmatch(url)`` is None when ``url`` does not match; ``STYLES.get(style)`` is None
for an unknown style; ``shutil.which(program)`` is None when no such program is installed.
Using such a result as if it were there (``m.groups()``, ``m[1]``, ``STYLES.get(style).render()``)
raises where nothing is written: AttributeError for an attribute or method, TypeError
("'NoneType' object is not subscriptable") for a subscript. That is an implicit raise on the
caller's value, judged like a written ``raise`` (which JSON-RPC code it reaches the client as
is the stack's business).

The producers are a table keyed by the operation's *kind*, not by a function name:

* ``match``: the ``re`` module's matchers and a compiled pattern's (:data:`PATTERN_MATCHERS`);
* ``lookup``: ``.get(key)`` with no default on a value the model evaluates to a dict;
* ``which``: a search that answers None for a name it does not find (:data:`NONE_WHEN_NOT_FOUND`).

A name tested anywhere in the function (``if m is None``, ``if not m``, ``m and m.group(1)``,
``assert m``) is taken as handled: the walk does not follow which branch a test guards, and a
false alarm is as bad as a miss.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, walk

#: methods of ``re`` and of a compiled pattern whose result is None when nothing matches
PATTERN_MATCHERS = frozenset({"match", "fullmatch", "search"})
#: library calls (qualified) that answer None for a name they do not find
NONE_WHEN_NOT_FOUND = frozenset({"shutil.which", "importlib.util.find_spec", "mimetypes.guess_extension",
                                 "ctypes.util.find_library"})
#: what using a None result raises, by the form of the use
ATTRIBUTE_USE, SUBSCRIPT_USE = "AttributeError", "TypeError"


def optional_subject(info, evaluator, call: cst.Call, env) -> tuple[cst.BaseExpression, str] | None:
    """``(the expression whose bad value makes the result None, a label of the producer)`` when
    ``call`` is one of the producers above, else None. ``info`` qualifies names, ``evaluator``
    evaluates a ``.get`` receiver in ``env`` (it must be a dict: ``client.get(path)`` is no
    lookup)."""
    func = call.func
    args = [arg for arg in call.args if not arg.keyword and not arg.star]
    if len(args) != len(call.args) or not args:
        return None
    qualified = info.qualify(func) or ""
    if qualified in NONE_WHEN_NOT_FOUND and len(args) == 1:
        return args[0].value, f"{dotted_name(func)}()"
    if not isinstance(func, cst.Attribute):
        return None
    attr = func.attr.value
    if attr in PATTERN_MATCHERS:
        if qualified == f"re.{attr}" and len(args) >= 2:
            return args[1].value, f"{dotted_name(func)}()"
        if len(args) == 1 and _compiled_pattern(info, func.value):
            return args[0].value, f"{dotted_name(func) or attr}()"
        return None
    if attr == "get" and len(args) == 1 and isinstance(evaluator.eval(func.value, env), dict):
        return args[0].value, f"{dotted_name(func.value) or 'the table'}.get()"
    return None


#: Parsers whose result parses some parts only when they are read: qualified name -> the
#: attributes whose read raises on a bad text, and what (``urlsplit("https://api:99999/").port``
#: is ValueError "Port out of range"; the split itself never fails).
LAZY_PARSERS: dict[str, dict[str, str]] = {
    "urllib.parse.urlsplit": {"port": "ValueError"},
    "urllib.parse.urlparse": {"port": "ValueError"},
}


def lazy_subject(info, call: cst.Call) -> tuple[cst.BaseExpression, str, dict[str, str]] | None:
    """``(the parsed expression, a label, attribute -> exception)`` when ``call`` is one of
    :data:`LAZY_PARSERS` handed its text as the first positional argument, else None."""
    attrs = LAZY_PARSERS.get(info.qualify(call.func) or "")
    if attrs is None or not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    return call.args[0].value, f"{dotted_name(call.func)}()", attrs


def _compiled_pattern(info, receiver: cst.BaseExpression) -> bool:
    """A module constant ``X = re.compile(...)`` (or ``regex.compile``)."""
    name = dotted_name(receiver)
    made = info.constants.get(name) if name is not None else None
    return isinstance(made, cst.Call) and (info.qualify(made.func) or dotted_name(made.func)) in (
        "re.compile", "regex.compile")


_TESTED_MEMO: dict = {}


def tested_names(function: cst.FunctionDef) -> frozenset[str]:
    """The local names ``function`` tests anywhere: in an ``if``/``while``/``assert``/conditional
    expression's test, a boolean operation, a comparison, a ``match`` subject or a
    comprehension's condition (memoised per function node)."""
    return memo_by_node(_TESTED_MEMO, function, lambda: _tested_names(function))


def _tested_names(function: cst.FunctionDef) -> frozenset[str]:
    names: set[str] = set()
    for node in walk(function.body):
        if isinstance(node, (cst.If, cst.While, cst.IfExp, cst.Assert, cst.CompIf)):
            test = node.test
        elif isinstance(node, (cst.BooleanOperation, cst.Comparison)):
            test = node
        elif isinstance(node, cst.Match):
            test = node.subject
        else:
            continue
        names |= {n.value for n in walk(test) if isinstance(n, cst.Name)}
    return frozenset(names)
