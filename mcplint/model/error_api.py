"""Which MCP error API a module uses, and which mcp major version the project runs on.

mcp 1.x raises protocol errors as ``McpError(ErrorData(code=..., message=...))``; mcp 2.x
removed ``McpError`` and raises ``MCPError(code=..., message=..., data=None)``
(``../shared/FRAMEWORKS.md``, "Error-code constants and exception classes"; SDK
``mcp/shared/exceptions.py`` at v1.29.0 and at 2.x). Each spelling fails on the other major:
the import raises ``ImportError``, a call of the wrong shape ``TypeError``/``AttributeError``.
fastmcp re-exports the class as ``fastmcp.exceptions.McpError`` (mcp's ``McpError`` on
fastmcp 2/3, an alias of ``MCPError`` on fastmcp 4), so that import works on both majors
and only the call shape can be wrong.

The scan walks every node of the module, so it runs only for modules that import one of the
error classes (or the ``mcp``/``fastmcp`` package itself).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from mcplint.model.facts import FileModel, Stack
from mcplint.model.module_info import dotted_name, fast_children

ERROR_CLASSES = ("McpError", "MCPError")
_PACKAGES = ("mcp", "fastmcp")

#: The mcp major each stack's registration API exists on (FRAMEWORKS.md §1-7).
_STACK_MAJOR = {
    Stack.MCP1_LOWLEVEL: 1, Stack.MCP1_FASTMCP: 1, Stack.FASTMCP2: 1, Stack.FASTMCP3: 1,
    Stack.MCP2_LOWLEVEL: 2, Stack.MCP2_MCPSERVER: 2, Stack.FASTMCP4: 2,
}


@dataclass(frozen=True)
class McpMajor:
    """The mcp major version a file runs on and why (``"pinned in uv.lock"``...)."""

    major: int
    reason: str


@dataclass
class ErrorImport:
    """``from <module> import McpError`` (or ``MCPError``) of an mcp/fastmcp module.

    ``alias`` is the ``ImportAlias`` node, ``name_node`` its imported name, ``local`` the
    name it binds, ``qualified`` what it stands for (``mcp.shared.exceptions.McpError``).
    """

    alias: cst.ImportAlias
    name_node: cst.BaseExpression
    local: str
    qualified: str

    @property
    def class_name(self) -> str:
        """``McpError`` or ``MCPError``."""
        return self.qualified.rsplit(".", 1)[-1]

    @property
    def package(self) -> str:
        """``mcp`` or ``fastmcp``."""
        return self.qualified.split(".", 1)[0]


@dataclass
class ErrorConstruction:
    """A call of an MCP error class with its arguments sorted by meaning.

    ``shape``: ``error-data`` (one positional argument, the mcp 1.x form; ``error_data``
    holds it), ``code-message`` (``code``/``message``/``data`` keywords or positionals, the
    mcp 2.x form) or ``other`` (anything else: ``**kwargs``, a lone string).
    ``local`` is the name the callee starts with (``McpError`` or ``mcp``).
    """

    call: cst.Call
    class_name: str
    package: str
    local: str
    shape: str
    error_data: cst.BaseExpression | None = None
    fields: dict[str, cst.BaseExpression] = field(default_factory=dict)


@dataclass
class ErrorApiUse:
    """Every error-class import and construction of a module.

    ``guarded`` is true when one of those imports sits inside ``try``/``if`` (a
    compatibility shim for both majors): rules then stay silent. ``other_uses`` counts,
    per local name, the uses that are not constructions (``except McpError``, annotations).
    """

    imports: list[ErrorImport] = field(default_factory=list)
    constructions: list[ErrorConstruction] = field(default_factory=list)
    guarded: bool = False
    other_uses: dict[str, int] = field(default_factory=dict)


def mcp_major(model: FileModel) -> McpMajor | None:
    """The mcp major version the file runs on, when the pins or the API shape fix it.

    The pinned mcp version (or the one a pinned fastmcp implies; config ``mcp-version``
    wins) and the registration API of every server must agree; when they disagree or none
    says anything, the answer is None and rules stay silent.
    """
    found: dict[int, str] = {}
    pin = getattr(model.pins, "mcp", None)
    if pin is not None:
        version = f"{pin.major}.{pin.minor}" if pin.minor is not None else f"{pin.major}.x"
        found.setdefault(pin.major, _pin_reason(version, pin.source))
    for server in model.servers:
        major = _STACK_MAJOR.get(server.stack)
        if major is not None:
            reason = server.stack_reason.split(" (", 1)[0] if server.stack_reason else f"the {server.stack.value} API"
            found.setdefault(major, reason)
    if len(found) != 1:
        return None
    (major, reason), = found.items()
    return McpMajor(major, reason)


def _pin_reason(version: str, source: str) -> str:
    """``2.3 pinned in uv.lock``, ``implied by fastmcp 4``, ``2.x set by mcp-version in the config``."""
    if source.startswith("implied"):
        return source
    if source == "config":
        return f"{version} set by mcp-version in the config"
    return f"{version} pinned in {source}"


def scan_error_api(model: FileModel) -> ErrorApiUse:
    """Collect the module's error-class imports and constructions (empty when it imports none)."""
    info = model.info
    use = ErrorApiUse()
    if info is None or not _may_use_error_classes(info.imports, model.module):
        return use
    stack: list[tuple[cst.CSTNode, bool]] = [(model.module, False)]
    construction_funcs: set[int] = set()
    class_names = _local_class_names(info.imports)
    while stack:
        node, guarded = stack.pop()
        kind = type(node)  # exact types: isinstance against libcst's ABC-based classes is slow
        if kind is cst.ImportFrom:
            _record_imports(node, guarded, use)
            continue
        if kind is cst.Call and _may_name_error_class(node.func, class_names):
            construction = _construction(info, node)
            if construction is not None:
                use.constructions.append(construction)
                construction_funcs.add(id(node.func))
        elif kind is cst.Name and id(node) not in construction_funcs:
            use.other_uses[node.value] = use.other_uses.get(node.value, 0) + 1
        inner_guard = guarded or kind is cst.Try or kind is cst.If
        stack.extend((child, inner_guard) for child in fast_children(node, tokens=False))
    return use


def _local_class_names(imports: dict[str, str]) -> frozenset[str]:
    """The names a bare ``Name(...)`` call may build an error class through: the classes'
    own names and every local name imported as one of them (``import ... as E``)."""
    aliases = {local for local, target in imports.items() if target.rsplit(".", 1)[-1] in ERROR_CLASSES}
    return frozenset(ERROR_CLASSES) | aliases


def _may_name_error_class(func: cst.BaseExpression, class_names: frozenset[str]) -> bool:
    """A cheap test before qualifying a call's callee: :meth:`ModuleInfo.qualify` ends in
    the callee's last attribute, or for a bare name in its import target's last part."""
    kind = type(func)
    if kind is cst.Attribute:
        return func.attr.value in ERROR_CLASSES
    return kind is cst.Name and func.value in class_names


def _may_use_error_classes(imports: dict[str, str], module: cst.Module) -> bool:
    """An error class imported by name, or a top-level ``import mcp`` (for ``mcp.McpError``).

    ``import mcp.server.stdio`` also binds ``mcp`` but is not counted: it is in nearly every
    low-level server, and walking every node of each costs about as much as the parse.
    """
    if any(target.rsplit(".", 1)[-1] in ERROR_CLASSES for target in imports.values()):
        return True
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Import) and any(
                        isinstance(alias.name, cst.Name) and alias.name.value in _PACKAGES for alias in small.names):
                    return True
    return False


def _record_imports(node: cst.ImportFrom, guarded: bool, use: ErrorApiUse) -> None:
    if node.module is None or node.relative or isinstance(node.names, cst.ImportStar):
        return
    module = dotted_name(node.module) or ""
    if module.split(".", 1)[0] not in _PACKAGES:
        return
    for alias in node.names:
        name = dotted_name(alias.name) or ""
        if name not in ERROR_CLASSES:
            continue
        local = dotted_name(alias.asname.name) if alias.asname is not None else name
        use.imports.append(ErrorImport(alias=alias, name_node=alias.name, local=local or name,
                                       qualified=f"{module}.{name}"))
        use.guarded = use.guarded or guarded


def _construction(info, call: cst.Call) -> ErrorConstruction | None:
    qualified = info.qualify(call.func) or ""
    class_name = qualified.rsplit(".", 1)[-1]
    package = qualified.split(".", 1)[0]
    if class_name not in ERROR_CLASSES or package not in _PACKAGES or qualified == class_name:
        return None
    local = (dotted_name(call.func) or "").split(".", 1)[0]
    construction = ErrorConstruction(call=call, class_name=class_name, package=package, local=local, shape="other")
    if any(arg.star for arg in call.args):
        return construction
    positional = [arg.value for arg in call.args if arg.keyword is None]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if len(positional) == 1 and not keywords and _is_error_data_like(info, positional[0]):
        construction.shape, construction.error_data = "error-data", positional[0]
        return construction
    if keywords.keys() <= {"error"} and len(positional) + len(keywords) == 1 and "error" in keywords:
        construction.shape, construction.error_data = "error-data", keywords["error"]
        return construction
    fields = dict(zip(("code", "message", "data"), positional))
    if len(positional) <= 3 and not (fields.keys() & keywords.keys()) and keywords.keys() <= {"code", "message", "data"}:
        fields.update(keywords)
        if {"code", "message"} <= fields.keys():
            construction.shape, construction.fields = "code-message", fields
    return construction


def construction_of(info, call: cst.Call) -> ErrorConstruction | None:
    """The :class:`ErrorConstruction` of one call, or None when it builds no MCP error class."""
    return _construction(info, call)


def _is_error_data_like(info, node: cst.BaseExpression) -> bool:
    """An ``ErrorData(...)`` call, or a plain variable (it holds one in the 1.x idiom).

    A string, number or f-string is not: ``McpError("text")`` is a different mistake.
    """
    if isinstance(node, cst.Call):
        return (info.qualify(node.func) or "").rsplit(".", 1)[-1] == "ErrorData"
    return isinstance(node, (cst.Name, cst.Attribute, cst.Subscript))


def error_data_fields(info, node: cst.BaseExpression | None) -> dict[str, cst.BaseExpression] | None:
    """``{"code": ..., "message": ..., "data": ...}`` of a literal ``ErrorData(...)`` call."""
    if not isinstance(node, cst.Call) or (info.qualify(node.func) or "").rsplit(".", 1)[-1] != "ErrorData":
        return None
    if any(arg.star or arg.keyword is None for arg in node.args):
        return None
    fields = {arg.keyword.value: arg.value for arg in node.args}
    if not fields.keys() <= {"code", "message", "data"} or not {"code", "message"} <= fields.keys():
        return None
    return fields


@dataclass
class RunCall:
    """``<server>.run(...)`` with a ``raise_exceptions=`` keyword.

    ``stack`` is the stack of the server it runs (None when the receiver is not a server of
    this file but the call has the low-level shape: an initialization-options argument).
    """

    call: cst.Call
    flag: cst.Arg
    stack: Stack | None


def server_run_calls(model: FileModel) -> list[RunCall]:
    """Low-level ``Server.run(read, write, init_options, raise_exceptions=...)`` calls.

    Only ``run`` of a low-level server exists with that flag (mcp 1.x and 2.x
    ``mcp/server/lowlevel/server.py``; fastmcp's own ``run`` has none, its wrapped
    low-level server is ``mcp._mcp_server``). The walk visits statements and the calls of
    expression statements, assignments and returns, never every node.
    """
    servers = {server.variable: server for server in model.servers}
    found: list[RunCall] = []
    for small in _small_statements(model.module.body):
        value = getattr(small, "value", None)
        for call in _calls_of(value):
            run = _run_call(call, servers)
            if run is not None:
                found.append(run)
    return found


def _small_statements(body) -> list[cst.BaseSmallStatement]:
    smalls = []
    stack = list(reversed(body))
    while stack:
        statement = stack.pop()
        if isinstance(statement, cst.SimpleStatementLine):
            smalls.extend(statement.body)
            continue
        if isinstance(statement, cst.BaseSmallStatement):  # from a one-line suite: ``if x: run()``
            smalls.append(statement)
            continue
        for block in _blocks_of(statement):
            stack.extend(reversed(block))
    return smalls


def _blocks_of(statement) -> list[list]:
    blocks = []
    for name in ("body", "orelse", "finalbody"):
        part = getattr(statement, name, None)
        while part is not None:
            inner = part.body if not isinstance(part, cst.IndentedBlock) else part
            if isinstance(inner, cst.IndentedBlock):
                blocks.append(list(inner.body))
            elif isinstance(inner, (list, tuple)):
                blocks.append(list(inner))
            part = part.orelse if isinstance(part, cst.If) else None
    for handler in getattr(statement, "handlers", ()):
        if isinstance(handler.body, cst.IndentedBlock):
            blocks.append(list(handler.body.body))
    for case in getattr(statement, "cases", ()):
        if isinstance(case.body, cst.IndentedBlock):
            blocks.append(list(case.body.body))
    return blocks


def _calls_of(value) -> list[cst.Call]:
    """The call of ``value`` (through ``await``) and calls among its arguments, one level."""
    if isinstance(value, cst.Await):
        value = value.expression
    if not isinstance(value, cst.Call):
        return []
    inner = [arg.value.expression if isinstance(arg.value, cst.Await) else arg.value for arg in value.args]
    return [value, *(node for node in inner if isinstance(node, cst.Call))]


def _run_call(call: cst.Call, servers: dict) -> RunCall | None:
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value != "run":
        return None
    flag = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "raise_exceptions"), None)
    if flag is None:
        return None
    receiver = dotted_name(call.func.value) or ""
    server = servers.get(receiver)
    if server is not None and server.stack.is_lowlevel:
        return RunCall(call, flag, server.stack)
    owner, _, attr = receiver.rpartition(".")
    if attr == "_mcp_server" and owner in servers and not servers[owner].stack.is_lowlevel:
        return RunCall(call, flag, servers[owner].stack)
    if server is None and any(_is_init_options(arg.value) for arg in call.args if arg.keyword is None):
        return RunCall(call, flag, None)
    return None


def _is_init_options(node: cst.BaseExpression) -> bool:
    """``server.create_initialization_options(...)`` or ``InitializationOptions(...)``."""
    if not isinstance(node, cst.Call):
        return False
    name = dotted_name(node.func) or ""
    return name.rsplit(".", 1)[-1] in ("create_initialization_options", "InitializationOptions")


__all__ = [
    "ERROR_CLASSES",
    "ErrorApiUse",
    "ErrorConstruction",
    "ErrorImport",
    "McpMajor",
    "RunCall",
    "construction_of",
    "error_data_fields",
    "mcp_major",
    "scan_error_api",
    "server_run_calls",
]
