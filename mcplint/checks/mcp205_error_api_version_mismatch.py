"""MCP205 error-api-version-mismatch: the mcp 1.x error API on mcp 2.x, or the reverse.

mcp 1.x: ``McpError(ErrorData(code=..., message=...))``; mcp 2.x removed ``McpError`` and
raises ``MCPError(code=..., message=..., data=None)`` (SDK ``mcp/shared/exceptions.py``,
v1.29.0 and 2.x; ``../shared/FRAMEWORKS.md``, "Error-code constants and exception classes").
Each spelling fails on the other major: the import with ``ImportError``, a call of the
wrong shape with ``TypeError``. Reported only when the pinned mcp major or the server's
registration API fixes the major (:func:`mcplint.model.error_api.mcp_major`).
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.checks.base import Finding, FixPlan, ImportEdit, NodeEdit, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.error_api import (
    ErrorApiUse,
    ErrorConstruction,
    ErrorImport,
    McpMajor,
    error_data_fields,
    mcp_major,
    scan_error_api,
)

_EXCEPTIONS_MODULE = "mcp.shared.exceptions"
_SIMPLE = (cst.Name, cst.Attribute, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString, cst.Integer)


class ErrorApiVersionMismatch(Rule):
    """Fires on an import or a call of ``McpError``/``MCPError`` that the file's mcp major
    rejects; silent when the major is unknown or the imports sit in a compatibility shim."""

    code = "MCP205"
    name = "error-api-version-mismatch"
    summary = "McpError(ErrorData(...)) on mcp 2.x, or MCPError(code=...) on mcp 1.x"

    def check(self, model) -> Iterator[Finding]:
        major = mcp_major(model)
        if major is None:
            return
        use = scan_error_api(model)
        if use.guarded:
            return
        for item in use.imports:
            if item.package == "mcp" and item.class_name != _class_for(major.major):
                yield _import_finding(item, major, use)
        for construction in use.constructions:
            if _wrong(construction, major.major):
                yield _construction_finding(model, construction, major, use)


def _class_for(major: int) -> str:
    return "McpError" if major == 1 else "MCPError"


def _wrong(construction: ErrorConstruction, major: int) -> bool:
    """Whether the call fails on ``major``: a class it lacks, or the other major's shape."""
    if construction.package == "mcp" and construction.class_name != _class_for(major):
        return True
    wrong_shape = "code-message" if major == 1 else "error-data"
    return construction.shape == wrong_shape


# -- imports --------------------------------------------------------------------------------
def _renamed_import(item: ErrorImport, use: ErrorApiUse, major: int) -> str:
    """What the imported name becomes: the right class, keeping the local name when it is
    used other than in a call this rule rewrites (``except McpError:``)."""
    right = _class_for(major)
    unfixable = any(c.local == item.local and c.shape == "other" for c in use.constructions)
    if item.alias.asname is not None or not (use.other_uses.get(item.local) or unfixable):
        return right
    return f"{right} as {item.local}"


def _import_finding(item: ErrorImport, major: McpMajor, use: ErrorApiUse) -> Finding:
    right = _class_for(major.major)
    new = _renamed_import(item, use, major.major)
    message = (f"`{item.class_name}` does not exist in mcp {major.major}.x ({major.reason}): "
               f"`from {item.qualified.rsplit('.', 1)[0]} import {item.class_name}` fails with ImportError; "
               f"import `{right}`")
    fix = FixPlan(title=f"Import `{new}`", edits=(NodeEdit(item.name_node, new if item.alias.asname is None else right),))
    return Finding(item.name_node, message, fix=fix)


# -- calls ----------------------------------------------------------------------------------
def _construction_finding(model, construction: ErrorConstruction, major: McpMajor, use: ErrorApiUse) -> Finding:
    message = _message(construction, major)
    fix = _fix(model, construction, major.major, use)
    return Finding(construction.call, message, fix=fix)


def _message(construction: ErrorConstruction, major: McpMajor) -> str:
    where = f"mcp {major.major}.x ({major.reason})"
    if major.major == 2:
        idiom = "raise `MCPError(code=..., message=...)`"
        if construction.class_name == "McpError" and construction.package == "mcp":
            return f"`McpError` is the mcp 1.x error class and does not exist on {where}; {idiom}"
        return (f"`{construction.class_name}(ErrorData(...))` is the mcp 1.x call shape: on {where} it fails with "
                f"TypeError (missing `message`) and the client never receives the code it names; {idiom}")
    idiom = "raise `McpError(ErrorData(code=..., message=...))`"
    if construction.class_name == "MCPError" and construction.package == "mcp":
        return f"`MCPError` is the mcp 2.x error class and does not exist on {where}; {idiom}"
    return (f"`{construction.class_name}({_written_shape(construction)})` is the mcp 2.x call shape: on {where} McpError "
            f"takes one ErrorData, so the call fails with TypeError (mcp 1.0/1.1: builds an McpError without `.error`) "
            f"and the client never receives the code it names; {idiom}")


def _written_shape(construction: ErrorConstruction) -> str:
    """``code=..., message=...`` or ``code, message`` as the call spells its arguments."""
    keywords = any(arg.keyword is not None for arg in construction.call.args)
    return "code=..., message=..." if keywords else "code, message"


def _fix(model, construction: ErrorConstruction, major: int, use: ErrorApiUse) -> FixPlan | None:
    callee, imports = _callee(model, construction, major, use)
    if callee is None:
        return None
    code = model.module.code_for_node
    if major == 2:
        fields = construction.fields or error_data_fields(model.info, construction.error_data)
        if fields:
            text = f"{callee}({_keywords(code, fields)})"
        elif construction.error_data is not None:
            text = f"{callee}.from_error_data({code(construction.error_data)})"
            fields = {"error": construction.error_data}
        else:
            return None
    elif construction.shape == "error-data":
        fields = {"error": construction.error_data}  # MCPError(ErrorData(...)): only the class changes
        text = f"{callee}({code(construction.error_data)})"
    else:
        fields = construction.fields
        if not fields:
            return None
        error_data, more = _error_data_name(model)
        imports += more
        text = f"{callee}({error_data}({_keywords(code, fields)}))"
    safe = all(isinstance(value, _SIMPLE) or _is_negative_int(value) for value in fields.values()) \
        and "#" not in code(construction.call)
    applicability = Applicability.SAFE if safe else Applicability.UNSAFE
    return FixPlan(title=f"Use `{_short(text)}`",
                   edits=(NodeEdit(construction.call, text), *imports), applicability=applicability)


def _callee(model, construction: ErrorConstruction, major: int, use: ErrorApiUse):
    """The callee text for the right API and the imports it needs; (None, ()) if unknown."""
    written = model.module.code_for_node(construction.call.func)
    right = _class_for(major)
    if construction.package == "fastmcp" or construction.class_name == right:
        return written, ()  # fastmcp's re-export, or the right class called with the wrong shape
    if "." in written:
        return written.rsplit(".", 1)[0] + "." + right, ()  # ``mcp.McpError`` -> ``mcp.MCPError``
    item = next((i for i in use.imports if i.local == construction.local), None)
    if item is None:
        return None, ()
    renamed = _renamed_import(item, use, major)
    if item.alias.asname is not None:
        return construction.local, ()  # the import fix re-points the alias
    if renamed == right:
        return right, ()  # the import fix imports the right class under its own name
    return right, (ImportEdit(_EXCEPTIONS_MODULE, right),)


def _error_data_name(model) -> tuple[str, tuple[ImportEdit, ...]]:
    """How this module can spell mcp 1.x ``ErrorData``, and the import it needs."""
    for local, target in model.info.imports.items():
        if target in ("mcp.types.ErrorData", "mcp.ErrorData"):
            return local, ()
    for local, target in model.info.imports.items():
        if target == "mcp.types":
            return f"{local}.ErrorData", ()
    return "ErrorData", (ImportEdit("mcp.types", "ErrorData"),)


def _short(text: str) -> str:
    """``MCPError(code=..., message=...)``: the fix title names the form, not the arguments."""
    head, _, rest = text.partition("(")
    if rest.startswith(("ErrorData(", "types.ErrorData(")) or "ErrorData(" in rest.split(",", 1)[0]:
        return f"{head}(ErrorData(code=..., message=...))"
    if head.endswith(".from_error_data"):
        return f"{head}(...)"
    return f"{head}(code=..., message=...)"


def _keywords(code, fields: dict[str, cst.BaseExpression]) -> str:
    order = [name for name in ("code", "message", "data") if name in fields]
    return ", ".join(f"{name}={code(fields[name])}" for name in order)


def _is_negative_int(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
        and isinstance(node.expression, cst.Integer)
