"""Plain syntax helpers the return-site modules share: blocks that leave, empty literals,
the fixed text of an expression, statement lists of a function, parameter names, logging lines.
Nothing here looks at a handler or a walker.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, literal_value, memo_by_node, walk

_LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "print_exc"}


def leaves(block: cst.BaseSuite) -> bool:
    """The block ends with a ``return`` (or ``raise``)."""
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(body=block.body)]
    last = body[-1] if body else None
    return isinstance(last, cst.SimpleStatementLine) and bool(last.body) \
        and isinstance(last.body[-1], (cst.Return, cst.Raise))


def is_docstring_or_log(statement: cst.CSTNode) -> bool:
    """A docstring or a line that only logs (``logger.error(msg)``)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if not isinstance(small, cst.Expr):
            return False
        value = small.value.expression if isinstance(small.value, cst.Await) else small.value
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
            continue
        if not (isinstance(value, cst.Call) and is_log_call(value.func)):
            return False
    return True


def parameter_names(function: cst.FunctionDef) -> set[str]:
    """The names of ``function``'s ordinary parameters (not ``*args`` / ``**kwargs``)."""
    return {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                   *function.params.kwonly_params)}


def literal_text(node: cst.BaseExpression) -> str:
    """The fixed text pieces of ``node``: string literals and f-string text, joined."""
    parts = []
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.SimpleString):
            text = inner.evaluated_value
            parts.append(text if isinstance(text, str) else "")
        elif isinstance(inner, cst.FormattedStringText):
            parts.append(inner.value)
    return " ".join(parts)


#: memo of statement_lists, by function: each return site of a handler asks again about
#: the same function (a walk of every node of it), several times.
_STATEMENT_LISTS: dict = {}


def statement_lists(function: cst.FunctionDef) -> list[list]:
    """The statements of each indented block in ``function`` (nested scopes excluded), in
    walk order; worked out once per function (the last few are kept). Not to be modified.
    A ``return a if test else b`` adds the block of its :func:`ternary_if` after them (and the
    two blocks of that ``if``), so the questions asked of an ``if`` with a return on each side
    (which side is which, what the other side returns) are answered for it too."""
    def compute() -> list[list]:
        blocks = [list(inner.body) for inner in walk(function.body, into_nested_scopes=False)
                  if type(inner) is cst.IndentedBlock]  # not isinstance: see module_info.exact_types
        for split in ternary_ifs(function).values():
            blocks.extend(([split], list(split.body.body), list(split.orelse.body.body)))
        return blocks
    return memo_by_node(_STATEMENT_LISTS, function, compute)


_TERNARIES: dict = {}  # memo of ternary_ifs, by function (kept longer than the memos that use it)


def ternary_ifs(function: cst.FunctionDef) -> dict[int, cst.If]:
    """id of each ``return a if test else b`` of ``function`` (nested scopes excluded) -> the
    ``if test: return a`` / ``else: return b`` it means, built once per function: the same
    nodes each time they are asked for (they are not part of the module: report at the
    original ``return``)."""
    return memo_by_node(_TERNARIES, function, lambda: {
        id(node): _split_ternary(node) for node in walk(function.body, into_nested_scopes=False)
        if type(node) is cst.Return and payload_ternary(node.value) is not None}, limit=4096)


_TEXT = (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)


def payload_ternary(value: cst.BaseExpression | None) -> cst.IfExp | None:
    """The one conditional expression that decides what ``value`` carries: ``value`` itself
    (``return a if ok else b``) or the one met going down its payload, through list and tuple
    elements, dict values, call arguments and ``await`` (``[TextContent(type="text", text="Deleted"
    if ok else "Failed to delete")]``, ``{"message": "Deleted" if ok else "Delete failed"}``), a
    choice between two messages; None when there is none, more than one, or one choosing a
    field's value (``"error": op.error.message if op.error else None``): the value is then
    judged whole."""
    if value is None:
        return None
    if type(value) is cst.IfExp:
        return value
    found: list[cst.IfExp] = []
    pending = [value]
    while pending and len(found) < 2:
        node = pending.pop()
        if type(node) is cst.IfExp:
            found.append(node)  # below: only a choice between two messages decides the answer
            if not all(isinstance(side, _TEXT) for side in (node.body, node.orelse)):
                return None  # `"error": op.error.message if op.error else None`: a field's value
        elif isinstance(node, (cst.List, cst.Tuple)):
            pending.extend(e.value for e in node.elements if not isinstance(e, cst.StarredElement))
        elif isinstance(node, cst.Dict):
            pending.extend(e.value for e in node.elements if isinstance(e, cst.DictElement))
        elif isinstance(node, cst.Call):
            pending.extend(a.value for a in node.args if not a.star)
        elif isinstance(node, cst.Await):
            pending.append(node.expression)
    return found[0] if len(found) == 1 else None


def _split_ternary(node: cst.Return) -> cst.If:
    ternary = payload_ternary(node.value)

    def side(chosen: cst.BaseExpression) -> cst.IndentedBlock:
        returned = chosen if ternary is node.value else node.value.deep_replace(ternary, chosen)
        return cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Return(value=returned)])])
    return cst.If(test=ternary.test, body=side(ternary.body), orelse=cst.Else(body=side(ternary.orelse)))


def is_log_call(func: cst.BaseExpression) -> bool:
    """print(), logger.error(), ctx.info(), sys.stderr.write(), session.send_log_message() (the
    MCP log notification): reporting the failure somewhere, not work that replaces the result."""
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute):
        return False
    base = (dotted_name(func.value) or "").lower()
    if func.attr.value in ("write", "flush") and base in ("sys.stderr", "sys.stdout"):
        return True
    if func.attr.value == "send_log_message":
        return True
    return func.attr.value in _LOG_METHODS and ("log" in base or base in ("self", "ctx", "context", "traceback"))


def is_empty_literal(node: cst.BaseExpression) -> bool:
    """``[]``, ``()``, ``{}``, ``""`` or ``b""``."""
    if isinstance(node, (cst.List, cst.Tuple, cst.Dict)) and not node.elements:
        return True
    if isinstance(node, cst.SimpleString):
        try:
            return literal_value(node) in ("", b"")
        except Exception:  # noqa: BLE001 - odd literals are not empty strings
            return False
    return False


def message_texts(node: cst.BaseExpression) -> Iterator[str]:
    """The fixed text of each message in ``node``: string literals and f-strings (their
    expressions as ``{}``), looked for in lists, dict values, ``+`` and the text arguments of calls."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = node.evaluated_value
        if isinstance(text, str):
            yield text
        elif isinstance(node, cst.ConcatenatedString):  # f-strings in it: joined piece by piece
            yield "".join(next(message_texts(part), "") for part in (node.left, node.right))
    elif isinstance(node, cst.FormattedString):
        yield "".join(p.value if isinstance(p, cst.FormattedStringText) else "{}" for p in node.parts)
    elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        yield from message_texts(node.left)
    elif isinstance(node, (cst.List, cst.Tuple)):
        for element in node.elements:
            yield from message_texts(element.value)
    elif isinstance(node, cst.Dict):
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                yield from message_texts(element.value)
    elif isinstance(node, cst.Call):
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value in ("text", "content", "message", "messages"):
                yield from message_texts(arg.value)


_RETURNED: dict = {}  # memo of returned_names, by function


def returned_names(function: cst.FunctionDef | None) -> frozenset[str]:
    """The names the ``return`` statements of ``function`` (not of nested scopes) hand back in
    their values (``return text``, ``return {"rows": rows}``): the locals whose value may become
    the function's."""
    if function is None:
        return frozenset()

    def index() -> frozenset[str]:
        return frozenset(inner.value for node in walk(function.body, into_nested_scopes=False)
                         if isinstance(node, cst.Return) and node.value is not None
                         for inner in walk(node.value, into_nested_scopes=False) if isinstance(inner, cst.Name))
    return memo_by_node(_RETURNED, function, index, limit=512)
