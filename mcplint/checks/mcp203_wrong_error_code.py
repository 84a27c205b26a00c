"""MCP203 wrong-error-code: a caller error raised as ``McpError``/``MCPError`` with the wrong code.

MCP spec (server/prompts, "Error Handling"; server/tools, "Protocol Errors"): an unknown
prompt or tool name and a missing or invalid prompt argument are JSON-RPC -32602 Invalid
params. ``INTERNAL_ERROR`` (-32603) tells the client the server broke; 0 is no JSON-RPC code
at all; ``METHOD_NOT_FOUND`` (-32601) says ``prompts/get`` itself does not exist. What the
client receives per stack: ``../shared/FRAMEWORKS.md``, "Verified behaviour: prompts/get".
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.checks.base import Finding, FixPlan, ImportEdit, NodeEdit, Related, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.error_api import construction_of, error_data_fields
from mcplint.model.evaluate import ERROR_CODES
from mcplint.model.facts import ServerModel, Stack
from mcplint.model.module_info import contains, dotted_name, walk
from mcplint.model.stacks import INVALID_PARAMS, LABELS, raised_on

_CODE_NAMES = {value: name for name, value in ERROR_CODES.items()}


class WrongErrorCode(Rule):
    """Fires on an ``McpError``/``MCPError`` raise whose control flow makes it a caller error
    (unknown name, failed argument check) when its code is known and is not -32602, and on mcp
    2.x low-level on a returned ``ErrorData`` in the same place (the stack sends it as that error).

    Prompt handlers on every stack; tool handlers only for an unknown tool name on mcp 2.x
    low-level, where a tool exception is a JSON-RPC error (tool argument errors are MCP207's).
    """

    code = "MCP203"
    name = "wrong-error-code"
    summary = "A caller error is raised as McpError/MCPError with a code other than -32602"

    def check(self, model) -> Iterator[Finding]:
        reported: set[int] = set()  # a helper's ErrorData returned by several branches: once
        for server, handler in model.handlers():
            for site in handler.raises:
                if site.reason is None or site.error.category != "mcp" or site.error.code is None \
                        or raised_on(server.stack, site.error) is not site.error:
                    continue  # not an MCP error, or one whose construction fails on this stack
                if site.error.code == INVALID_PARAMS:
                    continue
                if handler.kind == "tool" and not (site.reason == "unknown-name" and server.stack is Stack.MCP2_LOWLEVEL):
                    continue
                yield Finding(site.node, _message(server, handler, site), fix=_fix(model, site.node))
                built = _builder_construction(model.info, site.node)
                if built is not None and id(built) not in reported:  # and where the code is written, once
                    reported.add(id(built))
                    yield Finding(built, _builder_message(server, handler, site), (Related(site.node, "raised here"),))
            if server.stack is Stack.MCP2_LOWLEVEL and model.info is not None:
                yield from _returned_error_data(model, server, handler, reported)


def _returned_error_data(model, server: ServerModel, handler, reported: set[int]) -> Iterator[Finding]:
    """mcp 2.x low-level sends a returned ``ErrorData`` as that JSON-RPC error (FRAMEWORKS.md,
    "mcp 2.x low-level": "It may also return types.ErrorData, which is sent as that error"):
    ``return ErrorData(code=INTERNAL_ERROR, ...)`` on the branch of a failed argument check or an
    unknown prompt name, written in the handler or in a project helper whose value it returns
    (``return missing("ticket")``, reported at the helper's ``ErrorData``)."""
    for site in handler.returns:
        if site.failure not in ("argument", "unknown-name") or not isinstance(site.node, cst.Return):
            continue
        if handler.kind == "tool" and site.failure != "unknown-name":
            continue  # a tool's argument errors are MCP207's
        found = _error_data_returned(model.info, site.node.value)
        if found is None:
            continue
        node, code = found
        if code is None or code == INVALID_PARAMS or id(node) in reported:
            continue
        reported.add(id(node))
        if site.failure == "unknown-name":
            what = f"An unknown {handler.kind} name"
        else:
            what = f"An invalid or missing argument '{site.key}'" if site.key else "An invalid or missing argument"
        message = (f"{what} is returned as ErrorData with code {code_label(code)}, {_meaning(code)}; a caller "
                   f"error is -32602 Invalid params ({LABELS[server.stack]} sends a returned ErrorData as that "
                   f"error with its code); use code=INVALID_PARAMS")
        related = (Related(site.node, "the handler returns it here"),) if node is not site.node.value else ()
        yield Finding(node, message, related)


def _builder_construction(info, node: cst.CSTNode) -> cst.CSTNode | None:
    """``raise bad_input("...")`` where ``bad_input`` is a project function (any module) whose
    one ``return`` builds the error: the call in it that sets ``code=`` (``ErrorData(code=...)``
    or ``MCPError(code=...)``), where the wrong code is written and fixed once for every raise
    of the builder; the value of a module constant that call names as its code, when it is one
    (``BAD_ARGUMENT = INVALID_REQUEST``). None for a raise that builds its error itself."""
    if info is None or not isinstance(node, cst.Raise) or not isinstance(node.exc, cst.Call):
        return None
    function = _builder_function(info, node.exc.func)
    if not isinstance(function, cst.FunctionDef):
        return None
    returned = _only_return(function)
    if returned is None:
        return None
    call = next((call for call in walk(returned) if isinstance(call, cst.Call) and _code_argument(call) is not None),
                None)
    code = _code_argument(call) if call is not None else None
    parameters = {param.name.value for param in (*function.params.params, *function.params.kwonly_params)}
    if code is None or any(isinstance(n, cst.Name) and n.value in parameters for n in walk(code)):
        return None  # the code comes from the raise (`desk_error(msg, code=...)`): the raise is the place
    named = info.constants.get(code.value) if isinstance(code, cst.Name) else None
    if isinstance(named, (cst.Name, cst.Attribute, cst.Integer, cst.UnaryOperation)):
        return named  # `BAD_ARGUMENT = INVALID_REQUEST` then `code=BAD_ARGUMENT`: the constant is where it is written
    return call


def _builder_function(info, func: cst.BaseExpression) -> cst.FunctionDef | None:
    """A project function ``bad_input`` or a static/class method ``Errors.unknown_prompt`` of a
    project class (any module) that a raise calls, or None."""
    if isinstance(func, cst.Name):
        found = info.functions.get(func.value)
        return found if isinstance(found, cst.FunctionDef) else None
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in info.classes:
        body = info.classes[func.value.value].body
        return next((s for s in getattr(body, "body", ()) if isinstance(s, cst.FunctionDef)
                     and s.name.value == func.attr.value), None)
    return None


def _error_data_returned(info, value: cst.BaseExpression | None) -> tuple[cst.Call, int | None] | None:
    """(the ``ErrorData(...)`` call, its code when known) for ``ErrorData(code=..., ...)`` or a
    call of a project function (any module) whose one ``return`` is such a call."""
    call = _error_data_call(value)
    if call is None and isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        function = info.functions.get(value.func.value)
        call = _error_data_call(_only_return(function)) if isinstance(function, cst.FunctionDef) else None
    if call is None:
        return None
    return call, _code_value(_code_argument(call))


def _only_return(function: cst.FunctionDef) -> cst.BaseExpression | None:
    """The value of ``function``'s one ``return`` (nested scopes aside), or None."""
    returns = [node for node in walk(function.body, into_nested_scopes=False) if isinstance(node, cst.Return)]
    return returns[0].value if len(returns) == 1 else None


def _code_argument(call: cst.Call) -> cst.BaseExpression | None:
    """The ``code=`` keyword's value of ``call``, or None."""
    return next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "code"), None)


def _error_data_call(node: cst.BaseExpression | None) -> cst.Call | None:
    if isinstance(node, cst.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "ErrorData":
        return node
    return None


def _code_value(node: cst.BaseExpression | None) -> int | None:
    """``INTERNAL_ERROR`` / ``types.INTERNAL_ERROR`` (an SDK constant's name) or an integer literal."""
    if node is None:
        return None
    name = (dotted_name(node) or "").rsplit(".", 1)[-1]
    if name in ERROR_CODES:
        return ERROR_CODES[name]
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
            and isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return None


def code_label(code: int) -> str:
    """``INTERNAL_ERROR (-32603)``, ``0``, or ``-32000`` for a code without an SDK constant."""
    name = _CODE_NAMES.get(code)
    return f"{name} ({code})" if name else str(code)


def _message(server: ServerModel, handler, site) -> str:
    if site.reason == "unknown-name":
        what = f"An unknown {handler.kind} name"
    elif site.key:
        what = f"An invalid or missing argument '{site.key}'"
    else:
        what = "An invalid or missing argument"
    received = _received(server, handler, site.error.code)
    if site.through is not None:  # a boundary's `except` re-raised the caller error with this code
        what = f"{what} raises {site.through[0]}, which {site.through[1]} re-raises as"
        return (f"{what} {site.error.name} with code {code_label(site.error.code)}, {_meaning(site.error.code)}; "
                f"a caller error is -32602 Invalid params ({received}); use code=INVALID_PARAMS")
    return (f"{what} raises {site.error.name} with code {code_label(site.error.code)}, {_meaning(site.error.code)}; "
            f"a caller error is -32602 Invalid params ({received}); use code=INVALID_PARAMS")


def _builder_message(server: ServerModel, handler, site) -> str:
    """MCP203's message at an error builder's construction, for the first caller error raising it."""
    first = _message(server, handler, site)
    return (f"This error builder sets code {code_label(site.error.code)} for the caller errors raised with it "
            f"({first[0].lower()}{first[1:]})")


def _meaning(code: int) -> str:
    """What the client concludes from ``code`` (JSON-RPC 2.0 §5.1)."""
    if code == 0:
        return "which is no JSON-RPC error code at all"
    if code == -32603:
        return "which blames the server, not the request"
    if code == -32601:
        return "which says the method itself does not exist"
    if -32768 <= code <= -32000:
        return "which does not say the parameters were wrong"
    return "a code outside JSON-RPC's reserved set that clients cannot interpret"


def _received(server: ServerModel, handler, code: int) -> str:
    """What the client gets on this stack for an McpError with ``code`` in this handler."""
    stack = server.stack
    if handler.kind == "prompt":
        if stack is Stack.MCP1_FASTMCP:
            return "mcp 1.x FastMCP sends code 0 for any prompt error, see MCP206"
        if stack in (Stack.FASTMCP2, Stack.FASTMCP3):
            sent = {True: "-32603", False: "code 0"}.get(server.error_middleware, "code 0 (-32603 under ErrorHandlingMiddleware)")
            return f"{LABELS[stack]} sends {sent} for any McpError in a prompt, see MCP206"
        if stack is Stack.FASTMCP:
            return f"fastmcp 4.x sends {code}; fastmcp 2.x/3.x send code 0 for any prompt error"
    return f"{LABELS[stack]} sends {code}"


def _fix(model, node: cst.CSTNode) -> FixPlan | None:
    """Replace the code expression of ``raise McpError(ErrorData(code=X, ...))`` /
    ``raise MCPError(code=X, ...)`` with INVALID_PARAMS, spelt like ``X``; None when the
    raise goes through a helper or the code is not written in the call."""
    if model.info is None or not isinstance(node, cst.Raise) or not isinstance(node.exc, cst.Call):
        return None
    if model.foreign_modules and not _in_module(model.module, node):
        return None  # a raise in a helper of another module: the edit would belong to that file
    construction = construction_of(model.info, node.exc)
    if construction is None:
        return None
    fields = construction.fields or error_data_fields(model.info, construction.error_data) or {}
    code = fields.get("code")
    if code is None:
        return None
    text, imports = _invalid_params_spelling(model.info, code)
    return FixPlan(title="Use code INVALID_PARAMS (-32602)", edits=(NodeEdit(code, text), *imports),
                   applicability=Applicability.UNSAFE)


def _in_module(module: cst.Module, target: cst.CSTNode) -> bool:
    return contains(module, target)


def _invalid_params_spelling(info, code: cst.BaseExpression) -> tuple[str, tuple[ImportEdit, ...]]:
    """``types.INVALID_PARAMS`` for ``types.INTERNAL_ERROR``, ``INVALID_PARAMS`` (imported from
    the module the old constant came from) for a bare constant, ``-32602`` for a number."""
    if isinstance(code, cst.Attribute) and code.attr.value in ERROR_CODES:
        prefix = info.module.code_for_node(code.value)
        return f"{prefix}.INVALID_PARAMS", ()
    if isinstance(code, cst.Name) and code.value in ERROR_CODES:
        source = info.imports.get(code.value, "mcp.types.INVALID_PARAMS").rsplit(".", 1)[0]
        return "INVALID_PARAMS", (ImportEdit(source, "INVALID_PARAMS"),)
    return "-32602", ()
