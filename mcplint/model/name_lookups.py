"""Project helpers that look a requested name up and answer None exactly when it is unknown.

``found = find_prompt(name, arguments)`` on ``def find_prompt(name, arguments): prompt =
PROMPTS.get(name); if not prompt: return None; return {...}``: the handler's later ``if not
found: raise ...`` is its unknown-name path, although the lookup happens in another function
(often in another module: a prompt registry next to the templates). The low-level SDK passes
any name to the handler (``../shared/FRAMEWORKS.md`` §1 and §3), and the MCP specification
(server/prompts, "Error Handling") wants that path answered with -32602.

A helper qualifies only when its control flow says so: every ``return None`` (or bare
``return``) is the whole body of a test that the name's lookup failed (``not prompt``,
``prompt is None``, ``name not in PROMPTS``), every other ``return`` hands back a value that
is never None, and the function cannot fall off its end. A helper that returns None on other
paths too (a blank template, a disabled entry) says nothing about the name.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, walk


def name_parameter(function: cst.FunctionDef, call: cst.Call, is_name, method: bool) -> str | None:
    """The parameter of ``function`` that ``call`` hands the requested name to (``is_name``
    tells an argument that is the name), or None. ``method``: the call passes ``self`` first."""
    params = [*function.params.posonly_params, *function.params.params]
    if method and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    for index, arg in enumerate(call.args):
        if arg.star or not is_name(arg.value):
            continue
        if arg.keyword is not None:
            return arg.keyword.value
        return params[index].name.value if index < len(params) else None
    return None


def none_when_unknown(function: cst.FunctionDef, parameter: str) -> bool:
    """Whether ``function`` returns None exactly on the paths where its lookup of ``parameter``
    found nothing (see the module docstring)."""
    if not isinstance(function.body, cst.IndentedBlock) or not _ends_in_exit(function.body.body):
        return False
    lookups = _lookup_locals(function, parameter)
    none_returns = 0
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Yield):
            return False  # a generator: its value is never None
        if not isinstance(node, cst.If):
            continue
        if _returns_none_only(node.body) and _failed_lookup_test(node.test, parameter, lookups):
            none_returns += 1
    returned = [node for node in walk(function.body, into_nested_scopes=False) if isinstance(node, cst.Return)]
    empty = [node for node in returned if node.value is None or _is_none(node.value)]
    return none_returns > 0 and len(empty) == none_returns


def _lookup_locals(function: cst.FunctionDef, parameter: str) -> set[str]:
    """Locals assigned a lookup of ``parameter`` that is None when it finds nothing
    (``TABLE.get(name)``, ``TABLE.get(name, None)``, ``next((... if p.name == name), None)``)."""
    found = set()
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and _is_lookup(node.value, parameter):
            found.add(node.targets[0].target.value)
    return found


def _is_lookup(value: cst.BaseExpression, parameter: str) -> bool:
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" and value.args \
            and dotted_name(value.args[0].value) == parameter:
        return len(value.args) == 1 or _is_none(value.args[1].value)
    if dotted_name(value.func) == "next" and len(value.args) == 2 and _is_none(value.args[1].value) \
            and isinstance(value.args[0].value, cst.GeneratorExp):
        search = value.args[0].value
        return any(_compares_with(check.test, parameter) for check in search.for_in.ifs)
    return False


def _compares_with(test: cst.BaseExpression, parameter: str) -> bool:
    """``p.name == name`` (either side)."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.Equal):
        return False
    return parameter in (dotted_name(test.left), dotted_name(test.comparisons[0].comparator))


def _failed_lookup_test(test: cst.BaseExpression, parameter: str, lookups: set[str]) -> bool:
    """``not prompt`` / ``prompt is None`` on a lookup local, or ``name not in TABLE``."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return isinstance(test.expression, cst.Name) and test.expression.value in lookups
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if isinstance(target.operator, cst.Is) and _is_none(target.comparator):
        return isinstance(test.left, cst.Name) and test.left.value in lookups
    return isinstance(target.operator, cst.NotIn) and dotted_name(test.left) == parameter \
        and dotted_name(target.comparator) is not None


def _returns_none_only(body: cst.BaseSuite) -> bool:
    """The branch only returns None (a log call before it allowed)."""
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    *before, last = body.body
    if not _is_none_return(last):
        return False
    return all(isinstance(s, cst.SimpleStatementLine) and all(_is_log(small) for small in s.body) for s in before)


def _is_none_return(statement: cst.BaseStatement) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    return isinstance(small, cst.Return) and (small.value is None or _is_none(small.value))


def _is_log(small: cst.BaseSmallStatement) -> bool:
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    name = dotted_name(small.value.func) or ""
    return name.rsplit(".", 1)[-1] in {"debug", "info", "warning", "warn", "error", "exception", "log"}


def _ends_in_exit(statements) -> bool:
    """The last statement returns or raises: the function cannot fall off its end (an implicit None)."""
    if not statements:
        return False
    last = statements[-1]
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], (cst.Return, cst.Raise)) \
        and not (isinstance(last.body[-1], cst.Return) and last.body[-1].value is None)


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"
