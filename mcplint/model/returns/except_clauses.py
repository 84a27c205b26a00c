"""``except`` clauses: whether a clause only logs or builds error text before it returns (a
failure) or does other work first (a fallback); whether its text echoes an argument value the
``try`` body worked on; whether the ``try`` body is a probe whose ``except`` answer is a status.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import contains, dotted_name, names_bound_by, walk
from mcplint.model.returns.shapes import (
    TEXT_CALLS,
    call_name,
    status_keys,
    text_kind,
    value_kind,
)
from mcplint.model.returns.statements import is_log_call, parameter_names


def echoes_tried_value(walker, value_node: cst.BaseExpression, state) -> bool:
    """``try: value = Decimal(amount) except InvalidOperation: return f"invalid amount {amount!r}"``:
    the text names an argument value the ``try`` body worked on, so it reports that value's
    failure (fixed text alone, ``except JSONDecodeError: return "created"``, says nothing)."""
    clause = state.except_clause
    echoed = {node.value for node in walk(value_node, into_nested_scopes=False)
              if isinstance(node, cst.Name) and node.value in state.values}
    if clause is None or not echoed:
        return False
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Try) and any(handler is clause for handler in node.handlers):
            return bool(echoed & handed_to_calls(node.body))
    return False


def handed_to_calls(block: cst.CSTNode) -> set[str]:
    """Names passed to a call (``Decimal(amount)``, ``manager.read(key)``) or called on
    (``day.split()``) in ``block``: the values it worked on, not the ones it only wrote into
    its own text (``return f"Pipeline {name} created"``)."""
    names: set[str] = set()
    for node in walk(block, into_nested_scopes=False):
        if not isinstance(node, cst.Call):
            continue
        parts = [arg.value for arg in node.args]
        if isinstance(node.func, cst.Attribute):
            parts.append(node.func.value)
        for part in parts:
            if isinstance(part, cst.Name):
                names.add(part.value)
    return names


def quiet_before(walker, clause: cst.ExceptHandler, target: cst.Return, exception_names: set[str],
                  constant_names: set[str]) -> bool:
    """True when the ``except`` clause only logs or builds error text before ``target``.

    Names assigned from the exception (``msg = f"failed: {e}"``) join ``exception_names``,
    names assigned constant text join ``constant_names``. A compound statement before the
    return counts as work when it calls or awaits anything but logging and text shaping.
    """
    for statement in _statements_before(clause.body, target):
        if isinstance(statement, cst.SimpleStatementLine):
            if not all(_quiet_small(walker, small, exception_names, constant_names) for small in statement.body):
                return False
        elif _does_work(walker, statement, exception_names):
            return False
    return True


def answers_with_the_exception(walker, clause: cst.ExceptHandler, target: cst.Return,
                               value_node: cst.BaseExpression | None, exception_names: set[str],
                               constant_names: set[str]) -> bool:
    """True when ``target`` hands back text built from the caught exception alone (and fixed
    text), whatever else the clause did first: ``except Exception as e:
    audit.log_call(name, ok=False); return f"Error installing: {e}"``. The work before it
    (bookkeeping, a cleanup, an audit record) computes nothing the answer carries, so the
    answer is still the failure, not a fallback. Names the clause binds to text made of the
    exception or fixed text (``text = json.dumps(error_response(e))``) before ``target`` count
    as that text; names bound inside a compound statement do not."""
    if value_node is None:
        return False
    computed: set[str] = set()
    for statement in _statements_before(clause.body, target):
        smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
        simple = {id(small) for small in smalls if isinstance(small, (cst.Assign, cst.AnnAssign))
                  and small.value is not None}
        for small in smalls:
            if id(small) in simple:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                kind = text_kind(walker, small.value, exception_names, constant_names)
                for name in (t.value for t in targets if isinstance(t, cst.Name)):
                    exception_names.discard(name)
                    constant_names.discard(name)
                    computed.discard(name)
                    {"exception": exception_names, "constant": constant_names}.get(kind, computed).add(name)
        if not smalls or len(simple) < len(smalls):  # any other binding holds what the work computed
            computed |= _bound_names(statement) - exception_names - constant_names
    if any(isinstance(node, cst.Name) and node.value in computed for node in walk(value_node, into_nested_scopes=False)):
        return False  # `stored = cache.load(key); return f"{stored} (cached: {e})"`: a fallback
    return text_kind(walker, value_node, exception_names, constant_names) == "exception"


def _bound_names(statement: cst.CSTNode) -> set[str]:
    """Names a statement binds: assignment, loop, walrus and ``as`` targets (``with``, ``import``)."""
    names: set[str] = set()
    for node in walk(statement, into_nested_scopes=False):
        names.update(names_bound_by(node))
    return names


def _quiet_small(walker, small, exception_names, constant_names) -> bool:
    if isinstance(small, (cst.Pass, cst.Return, cst.Raise, cst.Import, cst.ImportFrom, cst.Global, cst.Nonlocal)):
        return True  # `import traceback` before `traceback.print_exc()`: no work that makes an answer
    if isinstance(small, cst.Expr):
        value = small.value.expression if isinstance(small.value, cst.Await) else small.value
        return isinstance(value, cst.Call) and (is_log_call(value.func) or _records_failure(
            walker, value, exception_names, constant_names))
    if isinstance(small, cst.AugAssign):
        return _counts_failure(small) or _extends_message(walker, small, exception_names, constant_names)
    if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
        value = small.value.expression if isinstance(small.value, cst.Await) else small.value
        if isinstance(value, cst.Call) and is_log_call(value.func):
            return True  # `_ = await ctx.error(message)`: a log notification, whatever it hands back
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        kind = text_kind(walker, small.value, exception_names, constant_names)
        if kind == "computed":
            return False
        for target in targets:
            if isinstance(target, cst.Name):
                (exception_names if kind == "exception" else constant_names).add(target.value)
        return True
    return False


#: Methods that note a failure somewhere besides the result: an error list or set
#: (``errors.append(str(e))``), a metric (``ERRORS.inc()``), a trace span
#: (``span.record_exception(e)``), an error tracker (``sentry_sdk.capture_exception(e)``), an
#: aborted transaction (``conn.rollback()``).
_RECORDING_METHODS = {"append", "add", "appendleft", "inc", "increment", "incr", "observe", "record_exception",
                      "set_status", "capture_exception", "capture_message", "rollback", "set_attribute", "set_tag"}


def _records_failure(walker, call: cst.Call, exception_names: set[str], constant_names: set[str]) -> bool:
    """``errors.append(f"{name}: {e}")``, ``ERROR_COUNT.labels("search").inc()``,
    ``span.record_exception(e)``, ``await conn.rollback()``: bookkeeping of the failure, handed
    nothing but the exception, text made of it and fixed values. It computes nothing the
    ``return`` after it sends, so the clause still hands the failure back as the result
    (a call handed anything else, ``cache.add(key, fallback)``, is work)."""
    method = call.func.attr.value if isinstance(call.func, cst.Attribute) else \
        call.func.value if isinstance(call.func, cst.Name) else None
    if method not in _RECORDING_METHODS:
        return False
    return all(not arg.star and text_kind(walker, arg.value, exception_names, constant_names) != "computed"
               for arg in call.args)


def _extends_message(walker, small: cst.AugAssign, exception_names: set[str], constant_names: set[str]) -> bool:
    """``message += f"\nDetails: {error.response.text}"``: the error text being built grows
    by more of the exception or fixed text (a name already holding such text)."""
    if not isinstance(small.operator, cst.AddAssign) or not isinstance(small.target, cst.Name) \
            or small.target.value not in exception_names | constant_names:
        return False
    kind = text_kind(walker, small.value, exception_names, constant_names)
    if kind == "exception":
        constant_names.discard(small.target.value)
        exception_names.add(small.target.value)
    return kind in ("exception", "constant")


def _counts_failure(small: cst.AugAssign) -> bool:
    """``self.error_count += 1`` / ``stats["errors"] += 1``: a counter of failures."""
    return isinstance(small.operator, cst.AddAssign) and isinstance(small.value, cst.Integer)


def _does_work(walker, statement: cst.CSTNode, exception_names: set[str] = frozenset()) -> bool:
    """Whether a compound statement of the clause calls or awaits anything but logging, text
    shaping, or methods of the caught exception itself (``error.response.json()`` reads the
    error's details for its message)."""
    for inner in walk(statement, into_nested_scopes=False):
        if isinstance(inner, cst.Await) and not (isinstance(inner.expression, cst.Call)
                                                 and is_log_call(inner.expression.func)):
            return True
        if isinstance(inner, cst.Call) and not is_log_call(inner.func) \
                and call_name(walker, inner) not in TEXT_CALLS | {"isinstance"} \
                and (dotted_name(inner.func) or "").split(".", 1)[0] not in exception_names:
            return True
    return False


def _statements_before(block: cst.BaseSuite, target: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Statements executed before ``target`` inside ``block``, descending into the one holding it."""
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    for statement in body:
        if not contains(statement, target, into_nested_scopes=False):
            yield statement
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if small is target:
                    return
                yield cst.SimpleStatementLine(body=[small])
            return
        for child in _blocks(statement):
            if contains(child, target, into_nested_scopes=False):
                yield from _statements_before(child, target)
        return


def _blocks(statement: cst.CSTNode) -> Iterator[cst.BaseSuite]:
    """The blocks of a compound statement: body, elif/else chains, handlers, cases."""
    body = getattr(statement, "body", None)
    if isinstance(body, cst.BaseSuite):
        yield body
    for handler in getattr(statement, "handlers", ()):
        yield handler.body
    for case in getattr(statement, "cases", ()):
        yield case.body
    for attribute in ("orelse", "finalbody"):
        block = getattr(statement, attribute, None)
        if isinstance(block, cst.If):
            yield from _blocks(block)
        elif block is not None and isinstance(getattr(block, "body", None), cst.BaseSuite):
            yield block.body


def reports_status(walker, clause: cst.ExceptHandler, state) -> bool:
    """``try: probe(); return "Hub OK" except Exception as e: return f"failed: {e}"``.

    When every return of the ``try`` body is a status dict (:func:`_status_report`), or constant
    text while the body hands no argument value to the work it does, the tool reports a status
    (the probe succeeded or not) rather than computing a result, and the ``except`` answer is
    that status, not a failure of the tool.
    ``try: enqueue(queue, message); return "Message enqueued"`` acts on what the caller sent:
    its constant text confirms the action, and the ``except`` answer is the action's failure.
    """
    function = getattr(walker, "_function", None) or walker.handler.function
    for node in walk(function.body, into_nested_scopes=False):  # type(...) is: see module_info.exact_types
        if type(node) is cst.Try and any(handler is clause for handler in node.handlers):
            returns = [n for n in walk(node.body, into_nested_scopes=False) if type(n) is cst.Return]
            params = parameter_names(function)
            statuses = [_status_report(walker, r.value, params) for r in returns]
            return bool(returns) and all(status or _fixed_text(walker, r.value) for r, status in zip(returns, statuses)) \
                and (any(statuses) or not handed_to_calls(node.body) & set(state.values))
    return False


def _fixed_text(walker, node: cst.BaseExpression | None) -> bool:
    """A string literal, or text content / a result around one (``[TextContent(type="text",
    text="Broker OK")]``)."""
    if _literal(node):
        return True
    if node is None or value_kind(walker, node) not in ("content", "result"):
        return False
    texts = [arg.value for inner in walk(node, into_nested_scopes=False) if isinstance(inner, cst.Call)
             for arg in inner.args if arg.keyword is not None and arg.keyword.value == "text"]
    return bool(texts) and all(_literal(text) for text in texts)


def _literal(node: cst.BaseExpression | None) -> bool:
    """A string literal, also implicitly concatenated; not when a piece is an f-string
    (``f"Cache updated: {version}" f"..."`` is text the ``try`` body computed)."""
    if isinstance(node, cst.ConcatenatedString):
        return _literal(node.left) and _literal(node.right)
    return isinstance(node, cst.SimpleString)


def _status_report(walker, node: cst.BaseExpression | None, params: set[str]) -> bool:
    """``{"status": "success", "connected": True, "bucket_connected": bucket is not None,
    "bucket_name": bucket_name}``: a dict with an outcome key whose values are literals, echoes of
    parameters or comparisons: it reports a probe's outcome and carries no computed data."""
    if not isinstance(node, cst.Dict) or not status_keys(walker, node):
        return False
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return False
        value = element.value
        if isinstance(value, cst.Name) and (value.value in params or value.value in ("True", "False", "None")):
            continue
        if _literal(value) or isinstance(value, (cst.Integer, cst.Comparison)):
            continue
        if isinstance(value, (cst.FormattedString, cst.ConcatenatedString)) \
                and text_kind(walker, value, set(), params) == "constant":
            continue
        return False
    return True
