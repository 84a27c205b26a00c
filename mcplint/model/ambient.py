"""Ambient values: what the server process's own environment answers in place of an argument.

``arguments.get("service") or os.environ.get("DEFAULT_SERVICE", "api")``,
``owner = getpass.getuser()`` under ``if owner is None:``, ``(locale.getlocale()[0] or "en")[:2]``,
``datetime.date.today().isoformat()``: a value the handler computes from the process (its
environment variables, locale, user, host, working directory, clock) when the caller left a
required argument out. Such a value is a default like a literal one (MCP101), only not known
statically. These library calls answer without failing in practice, so unlike an arbitrary call
they cannot be what rejects the missing argument.

Where the call itself names its own fallback (``os.environ.get(NAME, "api")``, ``os.getenv(NAME,
"api")``) or answers something known when the environment is unset (``locale.getlocale()`` ->
``(None, None)``), that is a *witness*: a value the default takes on a machine where nothing is
configured. A later check the witness passes (``if service not in KNOWN: raise``, with ``"api"``
in ``KNOWN``) does not reject the default; the default then stands in for the argument.

Sources: CPython 3.12 documentation of ``os.environ``/``os.getenv`` (a mapping; ``get`` answers
its default), ``locale.getlocale`` (``(None, None)`` when no locale is set), ``getpass.getuser``,
``os.getcwd``, ``pathlib.Path.home``/``cwd``, ``socket.gethostname``, ``platform.node``,
``datetime``/``time`` clocks, ``uuid.uuid4``, ``tempfile.gettempdir``.
"""

from __future__ import annotations

from typing import Any, Callable

import libcst as cst

#: Queries of the process environment that answer a value (qualified names). ``os.environ``
#: reads are the ``.get`` form: a subscript ``os.environ[NAME]`` raises KeyError when unset.
_ENVIRONMENT_GETTERS = {"os.environ.get", "os.getenv", "os.environ.setdefault"}
_LOCALE_QUERIES = {"locale.getlocale", "locale.getdefaultlocale"}
_PROCESS_QUERIES = {
    "getpass.getuser", "os.getlogin", "os.getcwd", "os.getcwdb", "socket.gethostname", "socket.getfqdn",
    "platform.node", "pathlib.Path.cwd", "pathlib.Path.home", "os.path.expanduser", "tempfile.gettempdir",
    "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today", "datetime.date.today",
    "time.time", "time.strftime", "time.localtime", "time.gmtime", "uuid.uuid4", "uuid.uuid1",
}
#: Methods that reshape a value without failing on text (``.lower()``, ``.strip()``,
#: ``.isoformat()``, ``.name`` of a path): the value stays ambient.
_RESHAPING = {
    "lower", "upper", "strip", "lstrip", "rstrip", "title", "casefold", "replace", "split", "rsplit", "partition",
    "isoformat", "strftime", "date", "resolve", "expanduser", "absolute", "as_posix",
}


def is_ambient(node: cst.BaseExpression, qualify: Callable[[cst.BaseExpression], str | None]) -> bool:
    """Whether ``node`` computes its value from the process environment (a call of
    :data:`_ENVIRONMENT_GETTERS`, :data:`_LOCALE_QUERIES` or :data:`_PROCESS_QUERIES`,
    possibly reshaped by a method of :data:`_RESHAPING`, an index, a slice, ``str()``, or
    combined with constants by ``or``, ``+``, ``/`` (a path) or an f-string). ``qualify`` resolves a callee through the
    module's imports (``ModuleInfo.qualify``)."""
    return _ambient(node, qualify, 0)


def _ambient(node: cst.BaseExpression, qualify, depth: int) -> bool:
    if depth > 8:  # a bounded shape: a fallback expression, not a program
        return False
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
        sides = (node.left, node.right)
        return any(_ambient(side, qualify, depth + 1) for side in sides) \
            and all(_ambient(side, qualify, depth + 1) or _literal(side) for side in sides)
    if isinstance(node, cst.FormattedString):  # `f"report-{date.today()}"`
        parts = [part.expression for part in node.parts if isinstance(part, cst.FormattedStringExpression)]
        return any(_ambient(part, qualify, depth + 1) for part in parts) \
            and all(_ambient(part, qualify, depth + 1) or _literal(part) for part in parts)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Divide)):
        # `"user-" + getpass.getuser()`, `Path.home() / "notes"`
        sides = (node.left, node.right)
        return any(_ambient(side, qualify, depth + 1) for side in sides) \
            and all(_ambient(side, qualify, depth + 1) or _literal(side) for side in sides)
    if isinstance(node, cst.Subscript):
        return _ambient(node.value, qualify, depth + 1)
    if isinstance(node, cst.Attribute):  # `Path.home().name`, `datetime.now().year`
        return isinstance(node.value, cst.Call) and _ambient(node.value, qualify, depth + 1)
    if not isinstance(node, cst.Call):
        return False
    name = qualify(node.func) or ""
    if name in _ENVIRONMENT_GETTERS or name in _LOCALE_QUERIES or name in _PROCESS_QUERIES:
        return True
    if name == "str" and len(node.args) == 1:
        return _ambient(node.args[0].value, qualify, depth + 1)
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in _RESHAPING:
        return _ambient(node.func.value, qualify, depth + 1)
    return False


def _literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.Integer, cst.Float, cst.ConcatenatedString))


def witness(node: cst.BaseExpression, qualify: Callable[[cst.BaseExpression], str | None],
            evaluate: Callable[[cst.BaseExpression], Any], unknown: Any) -> Any:
    """The value ``node`` (an :func:`is_ambient` expression) takes where nothing is configured:
    each environment getter replaced by its own fallback (None without one), each locale query
    by ``(None, None)``; then evaluated with ``evaluate``. ``unknown`` when a process query
    (user, host, clock) decides the value or the result is not a plain constant."""
    replacements: dict[cst.CSTNode, cst.BaseExpression] = {}
    for call in _calls(node):
        name = qualify(call.func) or ""
        if name in _ENVIRONMENT_GETTERS:
            fallback = [arg.value for arg in call.args[1:2] if arg.keyword is None and not arg.star]
            replacements[call] = fallback[0] if fallback else cst.Name("None")
        elif name in _LOCALE_QUERIES:
            replacements[call] = cst.Tuple([cst.Element(cst.Name("None")), cst.Element(cst.Name("None"))])
        elif name in _PROCESS_QUERIES:
            return unknown
    if not replacements:
        return unknown
    value = evaluate(_replace(node, replacements))
    return value if isinstance(value, (str, int, float, bool)) else unknown


def _calls(node: cst.CSTNode) -> list[cst.Call]:
    found: list[cst.Call] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            found.append(current)
        stack.extend(current.children)
    return found


def _replace(node: cst.BaseExpression, replacements: dict[cst.CSTNode, cst.BaseExpression]) -> cst.BaseExpression:
    """``node`` with each replaced call swapped (outermost first: an inner getter inside a
    replaced one is gone with it)."""
    for old, new in replacements.items():
        node = node.deep_replace(old, new)  # (identity match: one already swapped out is no longer found)
    return node
