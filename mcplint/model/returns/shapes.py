"""What a returned value is, by shape (``str``, ``dict``, ``content``, ``messages``, ``result``, ``none``,
``empty``, ``prompt-result``, ``prompt-empty``, ``error-data``, ``unknown``: :func:`value_kind`)
and what its text is built from (``exception``, ``constant``, ``computed``: :func:`text_kind`).

Project functions are looked through when they only shape what they are handed: a wrapper that
returns a result around its parameters (``_msg(text)``), a formatter (``format_error(e)``) and
an error builder (``error_response(...)``, whose every value is a failure). A dict that says it
failed (``{"success": False}``, ``{"status": "error", "message": ...}``) is a failure envelope.
Protocol background: MCP specification 2025-11-25, server/tools "Error Handling".
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import (
    dotted_name,
    literal_value,
    memo_by_node,
    plain_assignments,
    returned_values,
    walk,
)
from mcplint.model.returns.callees import judged_class, judging, project_callee
from mcplint.model.returns.echoes import reads_clock
from mcplint.model.returns.statements import (
    is_docstring_or_log,
    is_empty_literal,
    parameter_names,
)

_CONTENT_CALLS = {"TextContent", "ImageContent", "AudioContent", "EmbeddedResource", "ResourceLink"}
_PROMPT_MESSAGE_CALLS = {"PromptMessage", "UserMessage", "AssistantMessage", "Message"}
# Calls that only shape text or wrap it: they do not compute new content.
#: Calls that serialise a value to text (``json.dumps``, ``yaml.safe_dump``, ``pprint.pformat``).
_SERIALISERS = {"dumps", "safe_dump", "pformat"}
TEXT_CALLS = _SERIALISERS | {"str", "repr", "format", "dict", "list", "type", "format_exc", "join", "strip",
               "getattr", "len"} | _CONTENT_CALLS | _PROMPT_MESSAGE_CALLS | {"CallToolResult", "GetPromptResult"}


def reports_flags(node: cst.BaseExpression) -> bool:
    """A dict entry set to ``True`` / ``False`` (``"cluster_connected": False``): the answer of
    a probe reporting what it found, not the emptied shape of a result."""
    return any(isinstance(inner, cst.DictElement) and dotted_name(inner.value) in ("True", "False")
               for inner in walk(node, into_nested_scopes=False))


def hands_on_unchanged(walker, node: cst.BaseExpression, name: cst.Name) -> bool:
    """``return data``, ``str(data)``, ``[TextContent(type="text", text=data)]`` for ``data =
    helper(...)``: the helper's value is the result as it is (its text unchanged), so the
    helper's own returns are the tool's. ``json.dumps(data)`` reshapes it."""
    if node is name:
        return True
    if isinstance(node, (cst.List, cst.Tuple)):
        return len(node.elements) == 1 and hands_on_unchanged(walker, node.elements[0].value, name)
    if not isinstance(node, cst.Call):
        return False
    called = call_name(walker, node)
    if called == "str" and len(node.args) == 1:
        return hands_on_unchanged(walker, node.args[0].value, name)
    if called in _CONTENT_CALLS or called == "CallToolResult" or is_fastmcp_tool_result(walker, node):
        if _keyword(node, "isError") is not None or _keyword(node, "is_error") is not None:
            return False
        carried = _keyword(node, "text") if called in _CONTENT_CALLS else _keyword(node, "content")
        return carried is not None and hands_on_unchanged(walker, carried, name)
    return False


_ENVELOPE_KEYS = {"error", "error_type", "errorType", "success", "ok", "status", "code", "details", "detail",
                  "status_code", "statusCode",
                  "message", "msg", "reason", "hint", "suggestion", "error_message", "errorMessage",
                  "error_code", "errorCode", "errcode", "errmsg", "ret_code"}
#: ``"status"`` values that say the call failed (a job's "failed" state read by a status tool is
#: data, but then the dict carries that data, which the key test below rules out).
_FAILED_STATUS = {"error", "failed", "failure", "fail"}
#: ``"status"`` values that say the work timed out: a failure where an exception was caught (a
#: poll that gave up after the loop may be a state the tool reports, "service not ready yet").
_TIMED_OUT_STATUS = {"timeout", "timed_out", "timedout"}


_MODEL_BASES = {"BaseModel", "TypedDict", "NamedTuple"}


def _is_result_model(walker, node: cst.BaseExpression) -> bool:
    """``CheckResult(ok=False, package=package, error=str(exc))``: a call of a project class that
    only holds data (a pydantic ``BaseModel``, a ``TypedDict``, a ``NamedTuple`` or a
    ``@dataclass``): the structured result it builds, a dict on the wire."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
        return False
    if node.func.value == "cls" and judged_class() is not None:
        return _model_class(walker, judged_class())  # `return cls(ok=False, error=message)` in a classmethod
    return _model_class(walker, walker.info.classes.get(node.func.value))


_MAX_MODEL_BASES = 4  # project base classes followed to find the model base


def _model_class(walker, cls, depth: int = 0) -> bool:
    """``cls`` is a project class that only holds data: a ``@dataclass``, or derived from
    ``BaseModel`` / ``TypedDict`` / ``NamedTuple`` directly or through project bases
    (``class SessionResponse(ResponseBase)`` on ``class ResponseBase(BaseModel, ABC)``)."""
    if not isinstance(cls, cst.ClassDef):
        return False
    decorators = {(dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                  .rsplit(".", 1)[-1] for d in cls.decorators}
    if "dataclass" in decorators:
        return True
    for base in cls.bases:
        name = dotted_name(base.value) or ""
        if name.rsplit(".", 1)[-1] in _MODEL_BASES:
            return True
        parent = walker.info.classes.get(name) if depth < _MAX_MODEL_BASES else None
        if parent is not cls and _model_class(walker, parent, depth + 1):
            return True
    return False


#: Methods that turn a result object into the dict or JSON text a tool returns: pydantic 2
#: (``model_dump``, ``model_dump_json``), pydantic 1 (``dict``, ``json``), ``NamedTuple._asdict``.
_MODEL_SERIALISERS = {"dict", "model_dump", "model_dump_json", "json", "_asdict"}


def model_serialised(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``ErrorResponse(error=str(e)).dict()``, ``err.model_dump()``, ``dataclasses.asdict(failure)``:
    the object a serialising call is made on (its fields are the dict's entries, its text the
    JSON's), else None. Whether that object is a result model is the caller's question."""
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in _MODEL_SERIALISERS             and not any(arg.keyword is None for arg in node.args):
        return node.func.value
    if (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "asdict" and len(node.args) == 1:
        return node.args[0].value
    return None


def is_result_model(walker, node: cst.BaseExpression | None) -> bool:
    """Public view of the result-model test (:func:`_is_result_model`)."""
    return node is not None and _is_result_model(walker, node)


def _model_names_failure(walker, call: cst.Call) -> bool:
    """``ErrorResponse(error=...)``, ``Failure(reason=...)``, ``Err(msg)``: a result model whose
    class name says it is an error (:data:`_ERROR_WORDS`): every object of it is a failure."""
    last = dotted_name(call.func) or ""
    if last == "cls" and judged_class() is not None:
        last = judged_class().name.value  # `return cls(...)` in a classmethod of `ApiErrorResponse`
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", last.rsplit(".", 1)[-1])}
    return bool(words & _ERROR_WORDS) and words <= _ERROR_WORDS - {"errors", "failures"} | _ANSWER_WORDS


#: Words of a result class's name beside an error word that keep it an error answer
#: (``ErrorResponse``, ``ApiErrorResult``); any other (``ErrorSummary``, ``ErrorLog``,
#: ``ErrorStats``) makes it a report about errors, which is data.
_ANSWER_WORDS = {"response", "resp", "result", "reply", "payload", "answer", "output", "out", "api", "tool",
                 "message", "msg", "info", "detail", "details", "model", "schema", "dto"}


def is_failure_envelope(walker, node: cst.BaseExpression, caught: bool = False) -> bool:
    """A dict literal that says it is a failure: ``{"success": False, ...}``, ``{"ok": False, ...}``,
    ``{"error": True, "code": ..., ...}``, ``{"status": "error", "message": ...}``, or nothing but an ``"error"`` entry (and its type,
    code, status code or message): no data besides the error. An entry left empty (``"body":
    None``, ``"items": []``) is the slot of data the failure did not produce, not data. A result
    model (:func:`_is_result_model`) is judged by its keyword fields as a dict's entries, or is
    one by its class name (``ErrorResponse(error=str(e), context={...})``)."""
    if _is_result_model(walker, node):
        if _model_names_failure(walker, node):
            return True
        if any(arg.keyword is None for arg in node.args):
            return False  # positional fields: which is which is the class's business
        return _says_failed(walker, {arg.keyword.value: arg.value for arg in node.args}, caught)
    if not isinstance(node, cst.Dict):
        return False
    keys = {}
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return False
        key = walker.evaluator.eval(element.key)
        if not isinstance(key, str):
            return False
        keys[key] = element.value
    return _says_failed(walker, keys, caught)


def _says_failed(walker, keys: dict[str, cst.BaseExpression], caught: bool = False) -> bool:
    """The entries of a dict (or the fields of a result model) say it is a failure (see
    :func:`is_failure_envelope`); with ``caught`` (built in an ``except`` clause) a status that
    says the work timed out does too."""
    for flag in ("success", "ok"):
        if flag in keys and dotted_name(keys[flag]) == "False":
            return True
    if any(flag in keys and dotted_name(keys[flag]) == "True" for flag in _FAILURE_FLAGS):
        return True  # `{"error": True, "code": "INVALID_FIELDS", ...}`: flagged a failure by itself
    for name in (k for k in _CODE_KEYS if k in keys):
        code = walker.evaluator.eval(keys[name])
        if isinstance(code, int) and not isinstance(code, bool) \
                and (code < 0 or 400 <= code < 600 or (code != 0 and name in _ERROR_CODE_KEYS)):
            return not _carries_data(keys)  # `{"code": -1, "message": "Not connected"}`: an error code and its text
    status = walker.evaluator.eval(keys["status"]) if "status" in keys else None
    if isinstance(status, str) and (status.lower() in _FAILED_STATUS or caught and status.lower() in _TIMED_OUT_STATUS):
        return not _carries_data(keys)
    if "error" not in keys or _empty_slot(keys["error"]):
        return False  # `"error": None`: the slot of an error that did not happen
    return not _carries_data(keys) and not any(
        dotted_name(keys[flag]) == "True" for flag in ("success", "ok") if flag in keys)


_SUCCEEDED_STATUS = {"success", "succeeded", "ok", "completed", "done"}
#: Entries holding a result code: a negative one (``-1``) or an HTTP error status says the call failed.
_CODE_KEYS = ("code", "status_code", "statusCode", "error_code", "errcode", "ret_code")
#: Entries that hold nothing but an error's code: any value but 0 names an error (``"errcode": 40001``).
_ERROR_CODE_KEYS = {"error_code", "errcode"}
#: Entries that mark a result as a failure when they are ``True``.
_FAILURE_FLAGS = ("error",)


def declares_success(walker, node: cst.BaseExpression | None) -> bool:
    """A dict literal that says the work succeeded: ``{"success": True, ...}``, ``{"ok": True}``,
    ``{"status": "success", ...}`` or ``{"result": "ok", "warning": ...}``. Returned from an
    ``except`` clause it is a partial success on purpose (the change was saved, only a
    follow-up step failed), not an error dressed as a result."""
    if not isinstance(node, cst.Dict):
        return False
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            continue
        key = walker.evaluator.eval(element.key)
        if key in ("success", "ok") and dotted_name(element.value) == "True":
            return True
        if key in ("status", "result"):
            status = walker.evaluator.eval(element.value)
            if isinstance(status, str) and status.lower() in _SUCCEEDED_STATUS:
                return True
    return False


def _carries_data(keys: dict[str, cst.BaseExpression]) -> bool:
    """An entry besides the envelope's own (error, status, message ...) that holds a value."""
    return any(key not in _ENVELOPE_KEYS and not _empty_slot(value) for key, value in keys.items())


def _empty_slot(node: cst.BaseExpression) -> bool:
    """``None``, ``""``, ``[]``, ``{}``: a slot left empty (``False`` is a probe's answer)."""
    return dotted_name(node) == "None" or is_empty_literal(node)


#: A function name that says it builds an error: ``error_response``, ``format_error_response``,
#: ``_err``, ``makeErrorResult``, ``tool_failure``, ``handle_http_errors``, ``rejected``.
_ERROR_WORDS = {"error", "errors", "err", "fail", "failure", "failures", "failed", "rejected", "refused", "denied"}


def names_error(node: cst.BaseExpression | None) -> bool:
    """``_error("ToolTimeout", ...)``, ``self.make_error_result(...)``, ``rejected(reason)``: a call
    whose callee's name says it builds an error (:data:`_ERROR_WORDS`; not a test or a raise,
    ``is_error(...)``, ``raise_error(...)``, ``log_error(...)``)."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, (cst.Name, cst.Attribute)):
        return False
    last = node.func.value if isinstance(node.func, cst.Name) else node.func.attr.value
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", last)}
    return bool(words & _ERROR_WORDS) and not words & {"is", "has", "check", "raise", "log"}


def names_errors_only(node: cst.BaseExpression | None) -> bool:
    """``format_errors(problems)``, ``handle_http_errors(ctx, e)``: a call whose name says error
    only in the plural, which may build a list of problems as the answer (a linter's) as well as
    a failure: a failure only where the control flow says so."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, (cst.Name, cst.Attribute)):
        return False
    last = node.func.value if isinstance(node.func, cst.Name) else node.func.attr.value
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", last)}
    return bool(words & _ERROR_WORDS) and not words & _ERROR_WORDS - {"errors", "failures"}


def error_builder_kind(walker, node: cst.BaseExpression | None) -> str | None:
    """``return error_response(f"Unknown table {table}")``: a call of a project function whose
    name says it builds an error and whose body (after logging) only returns an ordinary tool
    result wrapped around its parameters: a string, a dict, text content or a ``CallToolResult``
    without ``isError`` (``def format_error_response(error): return format_text_response(
    f"Error: {error}")``); or a function (any name) whose every ``return`` is a failure envelope
    or another error builder's value, whatever it computes first (``ApiError.not_found(kind,
    key)``, ``ApiError.from_http_error(status, text)`` returning ``ApiError.create(...)``). Every
    value it builds is a failure sent as a success result. Returns the kind of that result
    (``str``, ``dict``, ``content``, ``result``), else None."""
    if not isinstance(node, cst.Call) or _project_function(walker, node) is None:
        return None
    last = node.func.value if isinstance(node.func, cst.Name) else node.func.attr.value
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", last)}
    if words & {"is", "has", "check", "raise", "log"}:
        return None
    envelope = _builds_failure_envelope(walker, node)
    if not words & _ERROR_WORDS and not envelope:
        return None
    kind = formatter_kind(walker, node)
    return "dict" if kind is None and envelope else kind  # `from_http_error(...)`: works, yet only fails


def _builds_failure_envelope(walker, call: cst.Call) -> bool:
    """``ApiError.not_found("Patent", number)``: a builder whose name does not say error but
    whose every ``return`` is a failure envelope (``{"error": True, "message": ...}``, a local
    built as one and added to) or the value of an error builder (``return ApiError.create(
    message=f"{kind} {key} not found", status_code=404)``)."""
    function = _project_function(walker, call)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return False
    _unwrapping().add(id(function))
    try:
        with judging(function):
            returns = returned_values(function)
            return bool(returns) and all(_failure_value(walker, function, value) for value in returns)
    finally:
        _unwrapping().discard(id(function))


def answers_failure_somewhere(walker, call: cst.Call) -> bool:
    """``def _to_json(ds): if ds.size > LIMIT: return json.dumps({"error": "too_large", ...})``
    then ``return json.dumps(ds.values)``: a project function that otherwise only shapes what it
    is handed (a formatter, judged where it is called) but answers a failure envelope of its own
    on some path (a dict, or one serialised): that path is a failure of the tool returning its
    value, found by walking it as a helper."""
    function = _project_function(walker, call)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return False
    return memo_by_node(_FAILS_SOMEWHERE, function, lambda: _returns_envelope(walker, function), limit=512)


_FAILS_SOMEWHERE: dict = {}  # memo of answers_failure_somewhere, by function (many tools share a formatter)


def _returns_envelope(walker, function: cst.FunctionDef) -> bool:
    """Some ``return`` of ``function`` is a failure envelope (a dict, or one serialised)."""
    _unwrapping().add(id(function))
    try:
        with judging(function):
            return any(value is not None and (is_failure_envelope(walker, value) or dumps_envelope(walker, value))
                       for value in (n.value for n in walk(function.body, into_nested_scopes=False)
                                     if isinstance(n, cst.Return)))
    finally:
        _unwrapping().discard(id(function))


def _failure_value(walker, function: cst.FunctionDef, value: cst.BaseExpression | None) -> bool:
    """A failure envelope built from the function's parameters and literals alone (an envelope
    of data it looked up, ``{"error": job.error_text}``, may be a report), or an error builder's
    value."""
    if isinstance(value, cst.Name):  # `answer = {"error": True, ...}; answer["code"] = code; return answer`
        built = plain_assignments(function).get(value.value, ())
        value = built[0] if len(built) == 1 else None
    if isinstance(value, cst.Dict) or _is_result_model(walker, value):  # `cls(ok=False, error=message)` too
        return is_failure_envelope(walker, value) \
            and text_kind(walker, value, set(), _shaped_parameters(function)) == "constant"
    return isinstance(value, cst.Call) and error_builder_kind(walker, value) is not None


def formatter_kind(walker, node: cst.BaseExpression | None) -> str | None:
    """``format_error(e)``, ``_error("rejected", status=400)``: a call of a project function that
    only shapes what it is handed. Its body (after the docstring and logging) assigns locals,
    updates them in place (``err.update(extra)``), tests (``if isinstance(e, CalledProcessError):``)
    and returns; every return is a string, a dict, text content or a ``CallToolResult`` built
    from its parameters and those locals alone, all of one kind. Returns that kind (``str``,
    ``dict``, ``content``, ``result``), else None. Its text is the call's arguments."""
    if not isinstance(node, cst.Call):
        return None
    function = _project_function(walker, node)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return None
    memo = _formatters()
    known = memo.get(id(function))
    if known is not None and known[0] is function:
        return known[1]
    _unwrapping().add(id(function))  # a formatter that calls itself is no formatter
    try:
        with judging(function):
            kind = _formatter_body_kind(walker, function)
    finally:
        _unwrapping().discard(id(function))
    if len(memo) > 4096:
        memo.clear()  # bounded: a long-running language server parses modules again and again
    memo[id(function)] = (function, kind)
    return kind


def _project_function(walker, call: cst.Call) -> cst.FunctionDef | None:
    """The project function ``call`` runs (:func:`mcplint.model.returns.callees.project_callee`)."""
    return project_callee(walker, call)


def _shaped_parameters(function: cst.FunctionDef) -> set[str]:
    """The parameters whose values a formatter shapes: every one but a method's ``self`` /
    ``cls`` (the instance's state is not what the call hands it)."""
    names = parameter_names(function)
    first = (*function.params.posonly_params, *function.params.params)[:1]
    if first and first[0].name.value in ("self", "cls"):
        names.discard(first[0].name.value)
    return names


def _annotated_kind(function: cst.FunctionDef) -> str | None:
    """``str`` or ``dict`` when ``function`` is annotated to return one (``-> dict[str, Any]``)."""
    annotation = function.returns.annotation if function.returns is not None else None
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    name = dotted_name(annotation) if annotation is not None else None
    return {"str": "str", "dict": "dict", "Dict": "dict", "typing.Dict": "dict"}.get(name or "")


def _is_parameter_method_call(node: cst.BaseExpression, known: set[str]) -> bool:
    """``e.to_dict()``: a method of something the function was handed, with nothing else passed
    but what it was handed: it shapes that value."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
        and isinstance(node.func.value, cst.Name) and node.func.value.value in known \
        and all(isinstance(arg.value, cst.Name) and arg.value.value in known or _is_literalish(arg.value)
                for arg in node.args)


def _formatters() -> dict[int, tuple[cst.FunctionDef, str | None]]:
    """Memo of :func:`formatter_kind` on this thread: id of the function -> (it, its kind)."""
    if not hasattr(_UNWRAPPING, "formatters"):
        _UNWRAPPING.formatters = {}
    return _UNWRAPPING.formatters


def _formatter_body_kind(walker, function: cst.FunctionDef) -> str | None:
    known = _shaped_parameters(function) | {p.name.value for p in (function.params.star_arg, function.params.star_kwarg)
                                          if isinstance(p, cst.Param)}
    kinds: set[str] = set()
    built: dict[str, str | None] = {}  # local -> the kind of the value it was built as
    for statement in _formatter_statements(function.body):
        if statement is None:
            return None
        if isinstance(statement, cst.If):
            continue  # its blocks come separately; the test only chooses
        for small in statement.body:
            if isinstance(small, cst.Return):
                if small.value is not None and _is_parameter_method_call(small.value, known) \
                        and _annotated_kind(function) is not None:
                    kinds.add(_annotated_kind(function))  # `-> dict: return e.to_dict()`
                    continue
                returned = _uncast(small.value)  # `return cast(ErrorPayload, tool_error(message))`
                if isinstance(returned, cst.Name) and built.get(returned.value) is not None:
                    kinds.add(built[returned.value])  # `payload = {...}; payload["k"] = v; return payload`
                    continue
                kind = value_kind(walker, returned) if returned is not None else "none"
                if kind not in ("str", "dict", "content", "result") \
                        or _shaped_text_kind(walker, returned, known) != "constant":
                    return None
                kinds.add(kind)
            elif isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                if not all(isinstance(t, cst.Name) or _sets_local_entry(t, known) for t in targets) \
                        or _shaped_text_kind(walker, small.value, known) != "constant":
                    return None
                known |= {t.value for t in targets if isinstance(t, cst.Name)}
                for target in targets:
                    if isinstance(target, cst.Name):  # rebound to another kind: not known
                        kind = value_kind(walker, small.value)
                        kind = kind if kind in ("str", "dict", "content", "result") else None
                        built[target.value] = kind if built.get(target.value, kind) == kind else None
            elif not _updates_local(small, known):
                return None
    return kinds.pop() if len(kinds) == 1 else None


def _shaped_text_kind(walker, node: cst.BaseExpression, known: set[str]) -> str:
    """:func:`text_kind` of a value a formatter builds from ``known`` (its parameters and the
    locals built from them): a field of what it was handed (``entity.key``) is that value
    shaped, and a clock reading (:func:`clock_dropped`) is no data."""
    return text_kind(walker, _helpers_as_arguments(walker, _fields_as_owners(clock_dropped(walker, node), known), known),
                     set(), set(known))


def _helpers_as_arguments(walker, node: cst.BaseExpression, known: set[str]) -> cst.BaseExpression:
    """``{"headers": _pick_headers(headers)}`` judged as ``{"headers": headers}``: a project
    function handed nothing but what the formatter was handed shapes that value further; it
    looks nothing up the formatter could report as data."""
    if not any(isinstance(inner, cst.Call) for inner in walk(node, into_nested_scopes=False)):
        return node
    return node.visit(_HelpersAsArguments(walker, known))


class _HelpersAsArguments(cst.CSTTransformer):
    """Replaces ``helper(a, b)`` of a project function (called by its plain name) whose
    arguments are all known names by its first argument."""

    def __init__(self, walker, known: set[str]) -> None:
        super().__init__()
        self.walker, self.known = walker, known

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not isinstance(original.func, cst.Name) or not original.args \
                or self.walker.info.functions.get(original.func.value) is None:
            return updated
        if all(not arg.star and isinstance(arg.value, cst.Name) and arg.value.value in self.known
               for arg in original.args):
            return original.args[0].value
        return updated


class _FieldsAsOwners(cst.CSTTransformer):
    """Replaces ``owner.field`` (a chain of plain attributes, no call) rooted at a known name by
    the name itself."""

    def __init__(self, known: set[str]) -> None:
        super().__init__()
        self.known = known

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return not _dunder_chain(node)  # `e.__class__.__name__`: text_kind reads it whole

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        root = updated.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if isinstance(root, cst.Name) and root.value in self.known and not _dunder_chain(original):
            return root
        return updated


def _dunder_chain(node: cst.Attribute) -> bool:
    """``e.__class__.__name__``: a chain naming a special attribute."""
    while isinstance(node, cst.Attribute):
        if node.attr.value.startswith("__"):
            return True
        node = node.value
    return False


def _fields_as_owners(node: cst.BaseExpression, known: set[str]) -> cst.BaseExpression:
    """``{"entity": entity.key}`` judged as ``{"entity": entity}``: the field of a handed value."""
    if not any(isinstance(inner, cst.Attribute) for inner in walk(node, into_nested_scopes=False)):
        return node
    return node.visit(_FieldsAsOwners(known))


def clock_dropped(walker, node: cst.BaseExpression) -> cst.BaseExpression:
    """A dict literal without its entries that read the clock (``"timestamp": time.time()``,
    ``"at": utc_now_iso()`` of a project function that only returns one): when the failure
    happened is no data a formatter computes. Anything else unchanged."""
    if not isinstance(node, cst.Dict):
        return node
    kept = [element for element in node.elements
            if not (isinstance(element, cst.DictElement) and _reads_clock_through(walker, element.value))]
    return node if len(kept) == len(node.elements) else node.with_changes(elements=kept)


#: Calls that turn a clock reading into a number: ``int((time.time() - start) * 1000)``.
_NUMBER_CALLS = {"int", "round", "float"}


def _reads_clock_through(walker, node: cst.BaseExpression) -> bool:
    """``datetime.now().isoformat()``, arithmetic on one (``int((time.time() - start) * 1000)``,
    the time a failed call took), or a call of a project function handed nothing whose body only
    returns such a reading (``utc_now_iso()``)."""
    if reads_clock(node):
        return True
    if isinstance(node, cst.BinaryOperation):
        sides = (node.left, node.right)
        return any(_reads_clock_through(walker, side) for side in sides) and all(
            _reads_clock_through(walker, side) or isinstance(side, (cst.Name, cst.Integer, cst.Float))
            for side in sides)
    if isinstance(node, cst.Call) and dotted_name(node.func) in _NUMBER_CALLS and node.args:
        return _reads_clock_through(walker, node.args[0].value)
    if not isinstance(node, cst.Call) or node.args:
        return False
    function = _project_function(walker, node)
    body = function.body.body if function is not None and isinstance(function.body, cst.IndentedBlock) else ()
    statements = [s for s in body if not is_docstring_or_log(s)]
    return len(statements) == 1 and isinstance(statements[0], cst.SimpleStatementLine) \
        and isinstance(statements[0].body[0], cst.Return) and statements[0].body[0].value is not None \
        and reads_clock(statements[0].body[0].value)


def _formatter_statements(block: cst.BaseSuite) -> Iterator[cst.CSTNode | None]:
    """The statements of a formatter's body, ``if`` blocks flattened; None for anything else
    (a loop, a ``try``, a nested function: real work)."""
    for statement in (block.body if isinstance(block, cst.IndentedBlock) else ()):
        if is_docstring_or_log(statement):
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif isinstance(statement, cst.If):
            yield statement
            yield from _formatter_statements(statement.body)
            orelse = statement.orelse
            while isinstance(orelse, cst.If):
                yield from _formatter_statements(orelse.body)
                orelse = orelse.orelse
            if orelse is not None:
                yield from _formatter_statements(orelse.body)
        else:
            yield None


def _updates_local(small: cst.BaseSmallStatement, known: set[str]) -> bool:
    """``err.update(extra)`` / ``parts.append(text)`` on a local built from the parameters."""
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    func = small.value.func
    return isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in known \
        and func.attr.value in ("update", "append", "extend", "setdefault") \
        and all(isinstance(arg.value, cst.Name) and arg.value.value in known or _is_literalish(arg.value)
                for arg in small.value.args)


def _uncast(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``cast(T, value)`` (``typing.cast``, which returns ``value`` unchanged) as ``value``."""
    if isinstance(node, cst.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "cast" \
            and len(node.args) == 2 and not any(a.keyword or a.star for a in node.args):
        return node.args[1].value
    return node


def _sets_local_entry(target: cst.BaseExpression, known: set[str]) -> bool:
    """``error_result["tool_name"] = tool_name``: an entry with a fixed key of a local built from
    the parameters (the value is judged by the caller)."""
    if not isinstance(target, cst.Subscript) or not isinstance(target.value, cst.Name) \
            or target.value.value not in known or len(target.slice) != 1:
        return False
    index = target.slice[0].slice
    return isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString)


def _is_literalish(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer,
                             cst.Float)) or dotted_name(node) in ("None", "True", "False")


#: Methods that serialise a whole data object (pydantic 2 and 1, dataclass-like helpers).
_WHOLE_OBJECT_METHODS = {"model_dump", "model_dump_json", "dict", "json", "to_dict", "to_json"}


def object_view(node: cst.BaseExpression) -> cst.Name | None:
    """``res.__dict__``, ``vars(res)``, ``asdict(res)``, ``res.model_dump()``, ``res.to_json()``:
    the name of the object whose every field this expression hands on (a ``Result(ok=False,
    error=...)`` a helper returned, serialised by the tool); None for anything else (``res.data``
    picks one field)."""
    if isinstance(node, cst.Attribute) and node.attr.value == "__dict__" and isinstance(node.value, cst.Name):
        return node.value
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in _WHOLE_OBJECT_METHODS \
            and isinstance(node.func.value, cst.Name) and not any(a.keyword is None for a in node.args):
        return node.func.value
    called = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
    if called in ("asdict", "vars") and len(node.args) == 1 and isinstance(node.args[0].value, cst.Name) \
            and node.args[0].keyword is None:
        return node.args[0].value
    return None


def object_view_kind(node: cst.BaseExpression | None) -> str | None:
    """What an :func:`object_view` sends: ``str`` for ``res.model_dump_json()`` / ``res.json()`` /
    ``res.to_json()``, ``dict`` for the others; None when ``node`` is no such view."""
    if node is None or object_view(node) is None:
        return None
    method = node.func.attr.value if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) else ""
    return "str" if method in ("model_dump_json", "json", "to_json") else "dict"


def pair_message(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``return False, f"Query failed: {e}"``: a helper's (outcome flag, message) pair whose flag
    is the literal ``False``; its message, which a caller that unpacks ``ok, msg = helper(...)``
    sends on as the result. None for any other value (``return True, out``, a longer tuple)."""
    if not isinstance(node, cst.Tuple) or len(node.elements) != 2:
        return None
    flag, message = node.elements
    if not isinstance(flag, cst.Element) or not isinstance(message, cst.Element) or message.value is None:
        return None
    return message.value if dotted_name(flag.value) == "False" else None


def has_error_key(walker, node: cst.BaseExpression | None) -> bool:
    """A dict literal with an ``"error"`` entry (the rest may echo arguments or be empty data)."""
    return isinstance(node, cst.Dict) and any(
        isinstance(e, cst.DictElement) and walker.evaluator.eval(e.key) in ("error", "error_message", "errorMessage")
        for e in node.elements)


def status_keys(walker, node) -> set[str]:
    """The outcome keys (``status``, ``success``, ``ok``) of a dict literal."""
    if not isinstance(node, cst.Dict):
        return set()
    keys = {walker.evaluator.eval(e.key) for e in node.elements if isinstance(e, cst.DictElement)}
    return keys & {"status", "success", "ok"}


def dumps_envelope(walker, node: cst.BaseExpression) -> bool:
    """``[TextContent(type="text", text=json.dumps({"status": "error", "message": ...}))]``,
    ``format_response({"status_code": 0, "body": None, "error": error})``: the text is a failure
    envelope serialised, or shaped by a project formatter (:func:`formatter_kind`)."""
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.Call) and inner.args and is_failure_envelope(walker, inner.args[0].value) \
                and (call_name(walker, inner) in _SERIALISERS or formatter_kind(walker, inner) is not None):
            return True
    return False


# -- classification of the returned value --------------------------------------------------------
def is_text_content_dict(node: cst.Dict) -> bool:
    """``{"type": "text", "text": ...}``: text content written as a dict. The SDK's pydantic
    models validate it into ``TextContent`` (mcp 1.x low-level ``call_tool`` builds
    ``CallToolResult(content=list(results))`` from what the handler returns), so a list of them
    is content, not a list of arbitrary dicts."""
    keys = {_string(e.key): e.value for e in node.elements if isinstance(e, cst.DictElement)}
    return _string(keys.get("type")) == "text" and "text" in keys


def _string(node: cst.BaseExpression | None) -> str | None:
    """The text of a plain string literal, else None."""
    if type(node) is not cst.SimpleString:
        return None
    value = literal_value(node)
    return value if isinstance(value, str) else None


def value_kind(walker, node: cst.BaseExpression | None) -> str:
    """The shape of a returned value: ``none``, ``empty``, ``str``, ``dict``, ``dict-list`` (a list
    of dict literals, ``[{"error": ...}]``), ``content``, ``messages`` (a list of prompt messages),
    ``result``, ``result-error``, ``prompt-result``, ``prompt-empty``, ``error-data`` or ``unknown``."""
    if node is None or (isinstance(node, cst.Name) and node.value == "None"):
        return "none"
    if is_empty_literal(node) or (isinstance(node, (cst.List, cst.Tuple)) and not node.elements):
        return "empty"
    if is_text(walker, node):
        return "str"
    if isinstance(node, cst.Dict) or (isinstance(node, cst.Call) and dotted_name(node.func) == "dict") \
            or _is_result_model(walker, node):
        return "dict"
    if isinstance(node, (cst.List, cst.Tuple)):
        if all(isinstance(el, cst.Element) and isinstance(el.value, cst.Dict) for el in node.elements):
            return "content" if all(is_text_content_dict(el.value) for el in node.elements) else "dict-list"
        kinds = {call_name(walker, el.value) for el in node.elements if isinstance(el, cst.Element)}
        if kinds and kinds <= _CONTENT_CALLS:
            return "content"
        if node.elements and all(isinstance(el, cst.Element) and value_kind(walker, el.value) == "messages"
                                 for el in node.elements):
            return "messages"  # `[PromptMessage(...)]`, `[_user(text)]`: messages without the GetPromptResult
        return "unknown"
    wrapped = wrapper_return(walker, node)
    if wrapped is not None:  # `_msg(text)`: what the helper builds from the text
        flagged = _flag_passed(walker, node, wrapped)
        return flagged if flagged is not None else value_kind(walker, wrapped)
    formatted = formatter_kind(walker, node)
    if formatted is not None:  # `format_error(e)`: text shaped from its arguments
        return formatted
    name = call_name(walker, node)
    if name in _CONTENT_CALLS:
        return "content"
    if name in _PROMPT_MESSAGE_CALLS:
        return "messages"
    if name == "CallToolResult" or is_fastmcp_tool_result(walker, node):
        flag = _keyword(node, "isError") or _keyword(node, "is_error")
        if flag is None or (isinstance(flag, cst.Name) and flag.value == "False"):
            return "result"
        return "result-error" if isinstance(flag, cst.Name) and flag.value == "True" else "unknown"
    if name == "GetPromptResult":
        messages = _keyword(node, "messages")
        return "prompt-empty" if isinstance(messages, (cst.List, cst.Tuple)) and not messages.elements else "prompt-result"
    if name == "ErrorData":
        return "error-data"
    return "unknown"


def result_class(walker, node: cst.BaseExpression | None) -> str | None:
    """How a message names the class of a value :func:`value_kind` calls ``result``, as the
    code wrote it: ``"ToolResult"`` (fastmcp's), ``"CallToolResult"`` (mcp's), with the local
    name when it differs (``"ToolResult (imported as TR)"``); through the helpers that build
    it (``_failed(exc)``). None for anything else."""
    if not isinstance(node, cst.Call):
        return None
    wrapped = wrapper_return(walker, node)
    if wrapped is not None:
        return result_class(walker, wrapped)
    if is_fastmcp_tool_result(walker, node):
        name = "ToolResult"
    elif call_name(walker, node) == "CallToolResult":
        name = "CallToolResult"
    else:
        return None
    written = (dotted_name(node.func) or name).rsplit(".", 1)[-1]
    return name if written == name else f"{name} (imported as {written})"


def is_fastmcp_tool_result(walker, node: cst.BaseExpression) -> bool:
    """``ToolResult(content=..., is_error=...)`` of fastmcp (``fastmcp/tools/base.py`` 3.x/4.x,
    ``fastmcp/tools/tool.py`` 2.x, which has no ``is_error``): a tool result a fastmcp tool (or
    a ``Tool`` subclass's ``run``) may return; not a project class of that name."""
    if not isinstance(node, cst.Call):
        return False
    qualified = walker.info.qualify(node.func) or ""
    return qualified.startswith("fastmcp") and qualified.rsplit(".", 1)[-1] == "ToolResult"


def text_kind(walker, node: cst.BaseExpression, exception_names: set[str], constant_names: set[str]) -> str:
    """``exception``, ``constant`` or ``computed``: what the text of ``node`` is built from."""
    known = exception_names | constant_names | {"None", "True", "False"}
    for payload in payload_nodes(walker, node):
        if isinstance(payload, cst.Name) and payload.value not in known:
            return "computed"
        if isinstance(payload, (cst.Attribute, cst.Subscript, cst.Call)) and not _mentions(payload, exception_names) \
                and not _class_name_of(payload, known):
            return "computed"
    if _mentions(node, exception_names):
        return "exception"
    for inner in walk(node, into_nested_scopes=False):
        if isinstance(inner, cst.Await):
            return "computed"
        if isinstance(inner, cst.Call) and call_name(walker, inner) not in TEXT_CALLS \
                and wrapper_return(walker, inner) is None and formatter_kind(walker, inner) is None \
                and not _is_result_model(walker, inner) and not is_fastmcp_tool_result(walker, inner):
            return "computed"
    return "constant"


def _class_name_of(node: cst.BaseExpression, names: set[str]) -> bool:
    """``type(e).__name__`` / ``e.__class__.__name__`` of a known name: the name of its class,
    as fixed as the value it is taken from (``error_type = type(e).__name__`` in a formatter)."""
    if not (isinstance(node, cst.Attribute) and node.attr.value == "__name__"):
        return False
    owner = node.value
    if isinstance(owner, cst.Call) and dotted_name(owner.func) == "type" and len(owner.args) == 1:
        owner = owner.args[0].value
    elif isinstance(owner, cst.Attribute) and owner.attr.value == "__class__":
        owner = owner.value
    else:
        return False
    return isinstance(owner, cst.Name) and owner.value in names


def wrapper_return(walker, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``_msg(f"Unknown prompt {name}")`` on a module-level function whose body only returns a
    result wrapped around its parameters (``return GetPromptResult(messages=[PromptMessage(...,
    TextContent(text=text))])``, ``return [TextContent(type="text", text=text)]``), or only hands
    its parameters on to such a function (``def error_response(e): return text_response(f"Error:
    {e}")``): the result expression in the end; its text is the call's arguments. None for any
    other call."""
    if not isinstance(node, cst.Call):
        return None
    function = _project_function(walker, node)
    if function is None or not isinstance(function.body, cst.IndentedBlock) or id(function) in _unwrapping():
        return None
    _unwrapping().add(id(function))  # a wrapper that calls itself is no wrapper
    try:
        with judging(function):
            return _wrapped_result(walker, function)
    finally:
        _unwrapping().discard(id(function))


_UNWRAPPING = threading.local()


def _unwrapping() -> set[int]:
    """The wrapper functions being looked through on this thread (against cycles)."""
    if not hasattr(_UNWRAPPING, "ids"):
        _UNWRAPPING.ids = set()
    return _UNWRAPPING.ids


def _wrapped_result(walker, function: cst.FunctionDef) -> cst.BaseExpression | None:
    body = list(function.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) \
            and isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1 \
            or not isinstance(body[0].body[0], cst.Return) or body[0].body[0].value is None:
        return None
    returned = body[0].body[0].value
    if not isinstance(returned, (cst.Call, cst.List)):
        return None
    params = _shaped_parameters(function)
    kind = "result" if _flag_parameter(returned, params) is not None else value_kind(walker, returned)
    if kind not in ("prompt-result", "messages", "content", "result", "result-error") \
            or text_kind(walker, returned, set(), params) != "constant":
        return None
    inner = wrapper_return(walker, returned)
    return inner if inner is not None else returned


def _flag_parameter(returned: cst.BaseExpression, params: set[str]) -> str | None:
    """``error`` for ``CallToolResult(..., is_error=error)`` (or fastmcp's ``ToolResult(...,
    is_error=error)``) whose flag is the wrapper's parameter."""
    if not isinstance(returned, cst.Call) \
            or (dotted_name(returned.func) or "").rsplit(".", 1)[-1] not in ("CallToolResult", "ToolResult"):
        return None
    flag = _keyword(returned, "isError") or _keyword(returned, "is_error")
    return flag.value if isinstance(flag, cst.Name) and flag.value in params else None


def _flag_passed(walker, call: cst.Call, wrapped: cst.BaseExpression) -> str | None:
    """``_text(f"Could not compute: {exc}")`` on ``def _text(text, *, error=False): return
    CallToolResult(..., is_error=error)``: ``result`` when the call leaves the flag at its
    ``False`` default or passes ``False``, ``result-error`` when it passes ``True``, None when
    the flag is not a parameter or its value is not known."""
    function = walker.info.functions.get(call.func.value) if isinstance(call.func, cst.Name) else None
    if function is None:
        return None
    flag = _flag_parameter(wrapped, parameter_names(function))
    if flag is None:
        return None
    positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    passed = None
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if (arg.keyword is not None and arg.keyword.value == flag) or \
                (arg.keyword is None and index < len(positional) and positional[index] == flag):
            passed = arg.value
    if passed is None:
        param = next(p for p in (*function.params.posonly_params, *function.params.params,
                                 *function.params.kwonly_params) if p.name.value == flag)
        passed = param.default
    value = dotted_name(passed) if passed is not None else None
    return {"False": "result", "True": "result-error"}.get(value or "")


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    return any(isinstance(inner, cst.Name) and inner.value in names for inner in walk(node, into_nested_scopes=False))


def payload_nodes(walker, node: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The expressions that become the text or data of a return value."""
    if isinstance(node, (cst.List, cst.Tuple)):
        for element in node.elements:
            yield from payload_nodes(walker, element.value)
    elif isinstance(node, cst.Dict):
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                yield from payload_nodes(walker, element.value)
            else:
                yield element.value
    elif isinstance(node, cst.Call) and (wrapper_return(walker, node) is not None
                                         or formatter_kind(walker, node) is not None
                                         or _is_result_model(walker, node)):
        for arg in node.args:
            yield from payload_nodes(walker, arg.value)
    elif isinstance(node, cst.Call):
        name = call_name(walker, node)
        if (name in TEXT_CALLS and name not in ("format", "join")) or is_fastmcp_tool_result(walker, node):
            # A prompt's description is the label its messages carry, not their content: with
            # the messages given, they alone are what the client reads as the prompt
            # (`GetPromptResult(description=template.description, messages=[...f"Error: {e}"])`).
            labelled = name == "GetPromptResult" and _keyword(node, "messages") is not None
            for arg in node.args:
                if labelled and arg.keyword is not None and arg.keyword.value == "description":
                    continue
                if arg.keyword is None or arg.keyword.value in ("text", "content", "messages", "description",
                                                                "structuredContent", "structured_content"):
                    yield from payload_nodes(walker, arg.value)
        elif name not in TEXT_CALLS and not is_fastmcp_tool_result(walker, node):
            yield node  # data computed by a call: a report, not only the error
    elif isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
        yield node
    elif isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
        # `result_text or "No result"`: the value itself whenever it has text (a failure's
        # message always has); a fixed fallback adds nothing of its own
        yield from payload_nodes(walker, node.left)
        if not isinstance(node.right, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            yield from payload_nodes(walker, node.right)


def is_text(walker, node: cst.BaseExpression) -> bool:
    """A string: a literal, an f-string, ``+`` / ``%`` on one, ``"...".format()``, ``str()``, ``dumps()``."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Modulo)):
        return is_text(walker, node.left) or is_text(walker, node.right)
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("format", "join"):
            return is_text(walker, node.func.value)
        return call_name(walker, node) in _SERIALISERS | {"str", "repr"}
    return False


def call_name(walker, node: cst.BaseExpression) -> str | None:
    """The last part of the called name (qualified through the imports), or None."""
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute):
        qualified = walker.info.qualify(node.func) or ""
        return qualified.rsplit(".", 1)[-1] if qualified else node.func.attr.value
    qualified = walker.info.qualify(node.func) or dotted_name(node.func) or ""
    return qualified.rsplit(".", 1)[-1] or None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None
