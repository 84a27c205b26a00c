"""Classify what a ``raise`` raises and what an ``except`` catches, from source alone.

Exception classes are known by name: the builtins, the SDK's ``McpError`` (mcp 1.x,
``mcp/shared/exceptions.py``) and ``MCPError`` (mcp 2.x), fastmcp's exceptions
(``fastmcp/exceptions.py``) and pydantic's ``ValidationError``. A module-local factory such
as ``def invalid_params(msg): return McpError(...)`` is followed; a project exception class
is judged by its bases. Anything imported from elsewhere is ``unknown`` and rules stay silent.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.error_api import construction_of, error_data_fields
from mcplint.model.evaluate import UNKNOWN, Evaluator, ObjectValue, bind_arguments
from mcplint.model.facts import ErrorKind
from mcplint.model.module_info import ModuleInfo, dotted_name, walk

# Builtin exception -> its parent, enough of the hierarchy to judge ``except`` clauses.
_PARENTS = {
    "KeyError": "LookupError", "IndexError": "LookupError", "LookupError": "Exception",
    "ValueError": "Exception", "UnicodeError": "ValueError", "UnicodeDecodeError": "UnicodeError",
    "TypeError": "Exception", "RuntimeError": "Exception", "NotImplementedError": "RuntimeError",
    "AssertionError": "Exception", "AttributeError": "Exception", "OSError": "Exception",
    "IOError": "Exception", "FileNotFoundError": "OSError", "PermissionError": "OSError",
    "FileExistsError": "OSError", "IsADirectoryError": "OSError", "ConnectionError": "OSError",
    "TimeoutError": "OSError", "ArithmeticError": "Exception", "ZeroDivisionError": "ArithmeticError",
    "Exception": "BaseException", "NameError": "Exception", "StopIteration": "Exception",
    "PermissionDenied": "Exception", "JSONDecodeError": "ValueError", "InvalidOperation": "ArithmeticError",
    "ZoneInfoNotFoundError": "KeyError", "TOMLDecodeError": "ValueError",
}
GENERIC_BUILTINS = frozenset(_PARENTS) - {"BaseException"}
_FASTMCP_ERRORS = {"PromptError", "ToolError", "NotFoundError", "ResourceError", "FastMCPError",
                   "DisabledError", "ClientError", "AuthorizationError", "InsufficientScopeError",
                   "ResourceSecurityError"}

# The frameworks' own exception classes -> their base (read from mcp 1.30.0
# ``mcp/server/fastmcp/exceptions.py``, mcp 2.3.0 ``mcp/server/mcpserver/exceptions.py`` and
# fastmcp 2.14.7 / 3.4.11 / 4.2.3 ``fastmcp/exceptions.py``). Every chain ends at Exception: none
# of them is a ValueError, so ``except ValueError`` does not catch fastmcp's ValidationError.
_SDK_FASTMCP_PARENTS = {"FastMCPError": "Exception", "ValidationError": "FastMCPError",
                        "ResourceError": "FastMCPError", "ToolError": "FastMCPError", "InvalidSignature": "Exception"}
_SDK_MCPSERVER_PARENTS = {"MCPServerError": "Exception", "ResourceError": "MCPServerError",
                          "ResourceNotFoundError": "ResourceError", "UnexpectedResourceError": "ResourceError",
                          "ToolError": "MCPServerError", "UnexpectedToolError": "ToolError",
                          "InvalidSignature": "Exception"}
_FASTMCP_PARENTS = {"FastMCPError": "Exception", "ValidationError": "FastMCPError", "ResourceError": "FastMCPError",
                    "ToolError": "FastMCPError", "PromptError": "FastMCPError", "AuthorizationError": "FastMCPError",
                    "InsufficientScopeError": "AuthorizationError", "InvalidSignature": "Exception",
                    "ClientError": "Exception", "NotFoundError": "Exception", "DisabledError": "Exception",
                    "ResourceSecurityError": "NotFoundError"}
_MCP_ERROR_PARENTS = {"McpError": "Exception", "MCPError": "Exception", "UrlElicitationRequiredError": "MCPError",
                      "NoBackChannelError": "MCPError"}
_MAX_FACTORY_DEPTH = 3


# Library exceptions with a builtin parent, kept out of GENERIC_BUILTINS (their raises are
# classified by where they come from): pydantic's ValidationError is a ValueError.
_LIBRARY_PARENTS = {"ValidationError": "ValueError"}


def framework_lineage(qualified: str) -> tuple[str, ...] | None:
    """The bases of a framework exception class named by its qualified name, nearest first
    (``("FastMCPError", "Exception")`` for ``fastmcp.exceptions.PromptError``); None when
    ``qualified`` names no exception class of the SDK or of fastmcp."""
    if qualified.startswith("mcp.server.mcpserver"):
        table = _SDK_MCPSERVER_PARENTS
    elif qualified.startswith("mcp.server.fastmcp"):
        table = _SDK_FASTMCP_PARENTS
    elif qualified.startswith("fastmcp."):
        table = _FASTMCP_PARENTS
    elif qualified.startswith("mcp."):
        table = _MCP_ERROR_PARENTS
    else:
        return None
    last = qualified.rsplit(".", 1)[-1]
    if last not in table:
        return None
    chain = []
    parent = table.get(last)
    while parent is not None and parent not in chain:
        chain.append(parent)
        parent = table.get(parent)
    return tuple(chain)


def error_caught_by(error: ErrorKind, caught: str) -> bool:
    """Whether ``except caught`` catches ``error`` (``*`` = bare): by its ancestors when the
    source says what they are (a project class's bases, a framework class's known chain), else
    by its name as :func:`is_subclass_name` judges it."""
    if not error.ancestors:
        return is_subclass_name(error.name, caught)
    if caught in ("*", "BaseException", error.name):
        return True
    return any(ancestor == caught or (ancestor not in _LIBRARY_PARENTS and is_subclass_name(ancestor, caught))
               for ancestor in error.ancestors)


def is_subclass_name(name: str, caught: str) -> bool:
    """True when an exception named ``name`` is caught by ``except caught`` (``*`` = bare)."""
    if caught in ("*", "BaseException") or name == caught:
        return True
    if name in _LIBRARY_PARENTS:
        return is_subclass_name(_LIBRARY_PARENTS[name], caught)
    if caught == "Exception" and name not in ("BaseException", "KeyboardInterrupt", "SystemExit"):
        return True
    parent = _PARENTS.get(name)
    while parent is not None:
        if parent == caught:
            return True
        parent = _PARENTS.get(parent)
    return False


def handler_catches(info: ModuleInfo, handler: cst.ExceptHandler) -> list[str]:
    """Class names an ``except`` clause catches (last dotted part); ``["*"]`` when bare."""
    if handler.type is None:
        return ["*"]
    nodes = [el.value for el in handler.type.elements] if isinstance(handler.type, cst.Tuple) else [handler.type]
    names = []
    for node in nodes:
        dotted = dotted_name(node)
        if dotted:
            names.append(dotted.rsplit(".", 1)[-1])
    return names


def classify_raise(info: ModuleInfo, evaluator: Evaluator, exc: cst.BaseExpression, depth: int = 0,
                   env: dict | None = None) -> ErrorKind | None:
    """What ``raise exc`` raises; None when ``exc`` is a variable (a re-raise of a caught error).
    ``env`` binds names in ``exc`` (a factory's parameters, from the call that raised it)."""
    callee = exc.func if isinstance(exc, cst.Call) else exc
    name = dotted_name(callee)
    if name is None:
        return None
    head = name.split(".")[0]
    if name in info.functions and isinstance(exc, cst.Call):
        return _classify_factory(info, evaluator, info.functions[name], depth, exc, env)
    builder = _class_builder(info, callee) if isinstance(exc, cst.Call) else None
    if builder is not None:  # `raise Errors.invalid(msg)`: a static or class method that builds it
        method, bound_first = builder
        return _classify_factory(info, evaluator, method, depth, exc, env, skip_first=bound_first)
    qualified = info.qualify(callee) or name
    last = qualified.rsplit(".", 1)[-1]
    if last == "ErrorData" and qualified.startswith("mcp") and isinstance(exc, cst.Call):
        return ErrorKind("generic", "TypeError", broken=ERROR_DATA_RAISED)
    if last == "McpError" and qualified.startswith("mcp") and _built_from_text(evaluator, exc):
        # mcp 1.x `McpError(error: ErrorData)` reads `error.message`: built from a string it
        # raises AttributeError instead, a plain exception (mcp/shared/exceptions.py).
        return ErrorKind("generic", last)
    if last in ("McpError", "MCPError"):
        return _mcp_error_kind(info, evaluator, exc, last, env)
    lineage = framework_lineage(qualified)
    if last == "ValidationError" and qualified.startswith("fastmcp"):
        return ErrorKind("fastmcp-validation", last, ancestors=lineage or ())
    if last == "ValidationError" and qualified.startswith("pydantic"):
        return ErrorKind("pydantic-validation", last)
    if last in _FASTMCP_ERRORS and qualified.startswith("fastmcp"):
        return ErrorKind("fastmcp-error", last, ancestors=lineage or ())
    if lineage is not None and qualified.startswith("mcp.server."):
        return ErrorKind("sdk-error", last, ancestors=lineage)
    if name in info.classes:
        return _classify_class(info, evaluator, info.classes[name], depth)
    if last in GENERIC_BUILTINS and head not in info.imports:
        return ErrorKind("generic", last)
    if head not in info.imports and head not in info.constants and name[:1].islower():
        return None  # a local variable holding an exception: a re-raise
    return ErrorKind("unknown", last)


def classify_method_builder(info: ModuleInfo, evaluator: Evaluator, method: cst.FunctionDef,
                            call: cst.Call) -> ErrorKind | None:
    """``raise self.invalid(msg)`` on ``def invalid(self, message): return McpError(...)``: what
    an instance method of the handler's own class builds, its ``self`` bound by Python."""
    return _classify_factory(info, evaluator, method, 0, call, None, skip_first=True)


def _class_builder(info: ModuleInfo, callee: cst.BaseExpression) -> tuple[cst.FunctionDef, bool] | None:
    """``Errors.invalid`` where ``Errors`` is a project class (this module's or one it imports)
    and ``invalid`` a ``@staticmethod`` or ``@classmethod`` of it: the method, and whether the
    class is bound to its first parameter. An instance method needs an instance: None."""
    if not isinstance(callee, cst.Attribute):
        return None
    owner = info.classes.get(dotted_name(callee.value) or "")
    if owner is None or not isinstance(owner.body, cst.IndentedBlock):
        return None
    for statement in owner.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == callee.attr.value:
            kinds = {dotted_name(d.decorator) for d in statement.decorators}
            if "staticmethod" in kinds:
                return statement, False
            if "classmethod" in kinds:
                return statement, True
    return None


def _classify_factory(info, evaluator, function: cst.FunctionDef, depth: int, call: cst.Call,
                      env: dict | None, skip_first: bool = False) -> ErrorKind | None:
    """``raise prompt_error(msg)`` on ``def prompt_error(message, code=INTERNAL_ERROR): return
    McpError(ErrorData(code=code, ...))``: what the factory returns, its parameters bound to the
    call's arguments (the code a default parameter carries included). ``skip_first``: a class
    method, whose first parameter is the class."""
    if depth >= _MAX_FACTORY_DEPTH:
        return ErrorKind("unknown", function.name.value)
    inner_env = _bound_parameters(evaluator, function, call, env, skip_first)
    kinds = []
    for node in _returns(function.body):
        if node.value is None:
            continue
        kind = classify_raise(info, evaluator, node.value, depth + 1, inner_env)
        kinds.append(kind or ErrorKind("unknown", function.name.value))
    if not kinds or any(k.category != kinds[0].category for k in kinds):
        return ErrorKind("unknown", function.name.value)
    return kinds[0]


def _bound_parameters(evaluator, function: cst.FunctionDef, call: cst.Call, env: dict | None,
                      skip_first: bool = False) -> dict | None:
    """The factory's parameters bound to the evaluated arguments of ``call`` (UNKNOWN where an
    argument is not known; ``skip_first``: the first parameter is bound by Python, ``cls``);
    None when the call does not fit the signature."""
    if any(arg.star for arg in call.args):
        return None
    args = [UNKNOWN] if skip_first else []
    args += [evaluator.eval(arg.value, env or {}) for arg in call.args if arg.keyword is None]
    kwargs = {arg.keyword.value: evaluator.eval(arg.value, env or {}) for arg in call.args if arg.keyword is not None}
    return bind_arguments(function, args, kwargs, evaluator)


def _classify_class(info, evaluator, node: cst.ClassDef, depth: int) -> ErrorKind:
    """A project exception class, judged by its bases: a subclass of McpError/MCPError is an
    MCP error, of a framework exception that framework's kind, of builtins a generic one; any
    other base (a library class) leaves it unknown. ``ancestors`` keeps the bases' names (and
    theirs), so that ``except ValueError`` is seen to catch ``class BadInput(ValueError)``."""
    category, code = "generic", None
    ancestors: list[str] = []
    for base in node.bases:
        dotted = dotted_name(base.value)
        if dotted is None:
            continue
        if dotted in info.classes and depth < _MAX_FACTORY_DEPTH:
            inner = _classify_class(info, evaluator, info.classes[dotted], depth + 1)
            ancestors += [inner.name, *inner.ancestors]
            if inner.category != "generic":
                category, code = inner.category, inner.code
            continue
        qualified = info.qualify(base.value) or dotted
        last = qualified.rsplit(".", 1)[-1]
        lineage = framework_lineage(qualified)
        if last in ("McpError", "MCPError"):
            return ErrorKind("mcp", node.name.value, None, ancestors=(*ancestors, last, *(lineage or ())))
        if last == "ValidationError" or (last not in GENERIC_BUILTINS and lineage is None):
            return ErrorKind("unknown", node.name.value)
        if lineage is not None:
            category = "sdk-error" if qualified.startswith("mcp.") else "fastmcp-error"
        ancestors += [last, *(lineage or ())]
    return ErrorKind(category, node.name.value, code, ancestors=tuple(dict.fromkeys(ancestors)))


#: Why a raise of these shapes raises TypeError instead (checked on mcp 1.30.0 and 2.3.0: the
#: client receives the TypeError's text as code 0, or -32603 on mcp 2.x 2026-07-28 connections).
ERROR_DATA_RAISED = "ErrorData is the error's payload, not an exception, so raising it fails with TypeError"
ERROR_DATA_POSITIONAL = ("ErrorData is a pydantic model that takes keyword arguments only (code=..., message=...), "
                         "so building it fails with TypeError")
ERROR_CODE_TEXT = ("ErrorData's code is an integer, so pydantic rejects this text code with a ValidationError "
                   "before the error is raised")
_MCP2_NEEDS_CODE_MESSAGE = ("on mcp 2.x the class is MCPError(code, message, data=None), so this call fails with "
                            "TypeError (missing 'message')")
_MCP1_NEEDS_ERROR_DATA = ("on mcp 1.x McpError takes one ErrorData, so building it from code and message fails "
                          "with TypeError")


def _mcp_error_kind(info, evaluator, exc: cst.BaseExpression, last: str, env: dict | None) -> ErrorKind:
    """``McpError(...)``/``MCPError(...)``: an MCP error with its code, unless the call's shape
    raises TypeError on the major version whose class it builds (``fails_on``) or on every one
    (``ErrorData(INVALID_PARAMS, "text")``: a positional ErrorData). The major a name stands for:
    ``MCPError`` exists on mcp 2.x only and ``mcp``'s ``McpError`` on 1.x only (each import fails
    on the other, MCP205's finding); fastmcp's ``McpError`` is 1.x's class on fastmcp 2/3 and an
    alias of ``MCPError`` on fastmcp 4 (verified: fastmcp 4.2.3 sends -32603 'Error rendering
    prompt ...: MCPError.__init__() missing 1 required positional argument' for
    ``McpError(ErrorData(...))`` in a prompt)."""
    code = _error_code(evaluator, exc, env)
    construction = construction_of(info, exc) if isinstance(exc, cst.Call) else None
    if construction is None or any(arg.star for arg in construction.call.args):
        return ErrorKind("mcp", last, code)
    if construction.shape == "error-data" and _positional_error_data(info, construction.error_data):
        return ErrorKind("generic", "TypeError", broken=ERROR_DATA_POSITIONAL)
    if isinstance(_code_value(info, evaluator, construction, env), str):
        # ErrorData's code is an int: pydantic rejects "INVALID_PARAM" before anything is raised
        return ErrorKind("pydantic-validation", "ValidationError", broken=ERROR_CODE_TEXT)
    builds_mcp2 = construction.class_name == "MCPError" or construction.package == "fastmcp"
    builds_mcp1 = construction.class_name == "McpError"
    call = construction.call
    if construction.shape == "error-data" and builds_mcp2:
        return ErrorKind("mcp", last, code, fails_on=2, broken=_MCP2_NEEDS_CODE_MESSAGE)
    if construction.shape == "code-message" and builds_mcp1:
        return ErrorKind("mcp", last, code, fails_on=1, broken=_MCP1_NEEDS_ERROR_DATA)
    if construction.shape == "other" and builds_mcp2 and _lacks_code_or_message(call):
        return ErrorKind("mcp", last, code, fails_on=2, broken=_MCP2_NEEDS_CODE_MESSAGE)
    return ErrorKind("mcp", last, code)


def _code_value(info, evaluator, construction, env: dict | None):
    """The value of the code an MCP error construction names (``code=`` of MCPError or of its
    ErrorData), UNKNOWN when it names none the evaluator knows."""
    if construction.shape == "code-message":
        node = construction.fields.get("code")
    else:
        node = (error_data_fields(info, construction.error_data) or {}).get("code")
    return evaluator.eval(node, env or {}) if node is not None else UNKNOWN


def _positional_error_data(info, node: cst.BaseExpression | None) -> bool:
    """``ErrorData(INVALID_PARAMS, "text")``: a literal ErrorData call with a positional argument."""
    return isinstance(node, cst.Call) and (info.qualify(node.func) or "").rsplit(".", 1)[-1] == "ErrorData" \
        and any(arg.keyword is None and not arg.star for arg in node.args)


def _lacks_code_or_message(call: cst.Call) -> bool:
    """``MCPError("text")`` or ``MCPError(message="text")``: mcp 2.x's MCPError needs both a code
    and a message (positional or by keyword)."""
    positional = [arg for arg in call.args if arg.keyword is None]
    keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
    given = set(("code", "message", "data")[:len(positional)]) | keywords
    return not {"code", "message"} <= given


def _error_code(evaluator: Evaluator, exc: cst.BaseExpression, env: dict | None = None) -> int | None:
    """The JSON-RPC code of ``McpError(ErrorData(code=...))`` or ``MCPError(code=...)``."""
    if not isinstance(exc, cst.Call):
        return None
    for arg in exc.args:
        if arg.keyword is not None and arg.keyword.value == "code":
            value = evaluator.eval(arg.value, env or {})
            return value if isinstance(value, int) and not isinstance(value, bool) else None
        if arg.keyword is None:
            value = evaluator.eval(arg.value, env or {})
            if isinstance(value, ObjectValue) and value.kind == "ErrorData":
                code = value.get("code")
                return code if isinstance(code, int) else None
            if isinstance(value, int):
                return value
    return None


def _built_from_text(evaluator: Evaluator, exc: cst.BaseExpression) -> bool:
    """``McpError(str(e))`` / ``McpError(f"...")``: the first argument is text, not ErrorData."""
    if not isinstance(exc, cst.Call) or not exc.args or exc.args[0].keyword is not None or exc.args[0].star:
        return False
    first = exc.args[0].value
    if isinstance(first, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(first, cst.Call) and dotted_name(first.func) == "str":
        return True
    return isinstance(evaluator.eval(first), str)


def _returns(block: cst.CSTNode):
    return (node for node in walk(block, into_nested_scopes=False) if isinstance(node, cst.Return))


__all__ = ["ERROR_CODE_TEXT", "ERROR_DATA_POSITIONAL", "ERROR_DATA_RAISED", "GENERIC_BUILTINS", "UNKNOWN", "classify_method_builder", "error_caught_by",
           "classify_raise", "framework_lineage", "handler_catches", "is_subclass_name"]
