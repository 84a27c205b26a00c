"""What the fix producers of MCP201 and MCP202 share: the stack's -32602 raise spelled for
this module, string literals, and where a statement can be inserted.

The -32602 idiom per stack is ``../shared/FRAMEWORKS.md`` (each section's "Idiomatic -32602"
line; :func:`mcplint.model.stacks.idiomatic_invalid_params` words it for messages).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Iterable, Iterator

import libcst as cst

from mcplint.checks.base import ImportEdit
from mcplint.model.facts import Stack
from mcplint.model.module_info import ModuleInfo, build_module_info, fast_children

# Where each name of an idiom may come from (first: where a new import takes it from).
_SOURCES = {
    "McpError": ("mcp.shared.exceptions.McpError", "mcp.McpError"),
    "MCPError": ("mcp.MCPError", "mcp.shared.exceptions.MCPError"),
    "ErrorData": ("mcp.types.ErrorData",),
    "INVALID_PARAMS": ("mcp.types.INVALID_PARAMS", "mcp_types.INVALID_PARAMS", "mcp_types.jsonrpc.INVALID_PARAMS"),
    "ValidationError": ("fastmcp.exceptions.ValidationError",),
}

# Stacks whose -32602 idiom is code (the others get a display-only note).
# Stacks where ErrorHandlingMiddleware maps a ValueError to -32602 (fastmcp 2/3, unpinned fastmcp).
_MIDDLEWARE_MAPS = (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP)
_CODE_IDIOM = (Stack.MCP1_LOWLEVEL, Stack.MCP1_FASTMCP, Stack.MCP2_LOWLEVEL, Stack.MCP2_MCPSERVER, Stack.FASTMCP4)


@dataclass(frozen=True)
class Spelled:
    """An expression as this module can write it, and the imports it needs."""

    code: str
    imports: tuple[ImportEdit, ...] = ()


class Names:
    """How to refer to a library name from one module without shadowing anything."""

    def __init__(self, module: cst.Module) -> None:
        self.info: ModuleInfo = build_module_info(module)

    def bound(self, name: str) -> bool:
        """Whether ``name`` is bound at module level (import, def, class, constant) or may be."""
        info = self.info
        return (info.star_import or name in info.imports or name in info.functions
                or name in info.classes or name in info.constants)

    def spell(self, name: str) -> Spelled | None:
        """``name`` (a key of ``_SOURCES``) as an existing binding (``types.ErrorData``), else
        as a new ``from ... import`` when the bare name is free; None when it is taken."""
        sources = _SOURCES[name]
        imports = self.info.imports.items()
        for qualified in sources:
            for local, target in imports:
                if target == qualified:
                    return Spelled(local)
        for qualified in sources:
            parent, _, last = qualified.rpartition(".")
            for local, target in imports:
                if target == parent:
                    return Spelled(f"{local}.{last}")
        if self.bound(name):
            return None
        module = sources[0].rpartition(".")[0]
        return Spelled(name, (ImportEdit(module, name),))

    def builtin_free(self, name: str) -> bool:
        """Whether ``name`` still means the builtin exception of that name here."""
        value = getattr(builtins, name, None)
        return isinstance(value, type) and issubclass(value, BaseException) and not self.bound(name)


def _join(*parts: Spelled) -> tuple[ImportEdit, ...]:
    return tuple(edit for part in parts for edit in part.imports)


def invalid_params_raise(names: Names, stack: Stack, middleware: bool | None, message: str) -> Spelled | None:
    """The exception expression that this stack sends as -32602, with ``message`` (source text
    of a str expression) as its message; None when the stack has none in code, or a name it
    needs is taken in this module. On mcp 1.x FastMCP the expression keeps the intent but the
    stack still sends code 0 (callers make that fix display-only)."""
    if stack in (Stack.MCP1_LOWLEVEL, Stack.MCP1_FASTMCP):
        error, data, code = names.spell("McpError"), names.spell("ErrorData"), names.spell("INVALID_PARAMS")
        if None in (error, data, code):
            return None
        return Spelled(f"{error.code}({data.code}(code={code.code}, message={message}))", _join(error, data, code))
    if stack in (Stack.MCP2_LOWLEVEL, Stack.MCP2_MCPSERVER):
        error, code = names.spell("MCPError"), names.spell("INVALID_PARAMS")
        if None in (error, code):
            return None
        return Spelled(f"{error.code}(code={code.code}, message={message})", _join(error, code))
    if stack is Stack.FASTMCP4:
        error = names.spell("ValidationError")
        return None if error is None else Spelled(f"{error.code}({message})", error.imports)
    if stack in _MIDDLEWARE_MAPS and middleware and names.builtin_free("ValueError"):
        return Spelled(f"ValueError({message})")
    return None


def string_literal(text: str) -> str:
    """``text`` as a double-quoted Python string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"'


def as_message(node: cst.BaseExpression, module: cst.Module) -> str:
    """Source text of ``node`` as a str message: string literals as written, else ``str(...)``."""
    code = module.code_for_node(node)
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        if isinstance(node, cst.SimpleString) and "b" in node.prefix.lower():
            return f"str({code})"
        return code
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "str" \
            and len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star:
        return code  # already `str(error)`
    return f"str({code})"


# -- where a statement can go ---------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """The body-level statement holding a node, and that statement's indentation.

    ``in_header`` is true when the node lies in the statement itself (a simple statement, or
    an ``if``/``while`` test, a ``for`` iterable, ``with`` items), so code inserted before the
    statement runs before the node; ``scoped`` when it lies in a lambda or comprehension.
    """

    statement: cst.CSTNode
    indent: str
    in_header: bool
    scoped: bool


_SCOPES = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def locate(module: cst.Module, targets: Iterable[cst.CSTNode]) -> dict[int, Place]:
    """For each target node (by ``id``) found in ``module``, its :class:`Place`; one walk."""
    wanted = {id(target) for target in targets}
    found: dict[int, Place] = {}
    if wanted:
        _walk_body(module.body, "", module.default_indent, wanted, found)
    return found


def _walk_body(body, indent: str, unit: str, wanted: set[int], found: dict[int, Place]) -> None:
    for statement in body:
        if len(found) == len(wanted):
            return  # everything placed: the rest of the module need not be walked
        if _holds_any(statement, wanted):  # cheap test first: most statements hold no target
            for node, header, scoped in _header_nodes(statement):
                if id(node) in wanted and id(node) not in found:
                    found[id(node)] = Place(statement, indent, header, scoped)
        for block in _blocks(statement):
            _walk_body(block.body, indent + (block.indent if block.indent is not None else unit), unit, wanted, found)


def _header_parts(statement: cst.CSTNode) -> tuple[list[cst.CSTNode], list[cst.CSTNode]]:
    """(nodes code may be inserted before, other non-suite parts) of one statement."""
    if isinstance(statement, cst.SimpleStatementLine):
        return [statement], []
    if isinstance(statement, (cst.If, cst.While)):
        return [statement.test], []
    if isinstance(statement, cst.For):
        return [statement.iter], [statement.target]
    if isinstance(statement, cst.With):
        return list(statement.items), []
    return [], []


def _holds_any(statement: cst.CSTNode, wanted: set[int]) -> bool:
    """Whether a node outside the statement's suites is wanted."""
    good, other = _header_parts(statement)
    stack = [*good, *other, *_suite_free_children(statement)]
    while stack:
        node = stack.pop()
        if id(node) in wanted:
            return True
        stack.extend(fast_children(node, tokens=False))
    return False


def _header_nodes(statement: cst.CSTNode) -> Iterator[tuple[cst.CSTNode, bool, bool]]:
    """Every node of the statement outside its suites: ``(node, in_header, scoped)``."""
    good, other = _header_parts(statement)
    for root in good:
        yield from _descend(root, True, False)
    for root in other:
        yield from _descend(root, False, False)
    seen = {id(node) for node in (*good, *other)}
    for node in _suite_free_children(statement):
        if id(node) not in seen:
            yield from _descend(node, False, False)


def _suite_free_children(statement: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Expression parts of a compound statement that are neither its header nor its suites
    (an ``elif`` test, decorators, except clauses): reached, but nothing is inserted for them."""
    if isinstance(statement, cst.SimpleStatementLine):
        return
    stack = list(fast_children(statement, tokens=False))
    while stack:
        child = stack.pop()
        if isinstance(child, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            if isinstance(child, cst.SimpleStatementSuite):
                yield child
            continue
        if isinstance(child, (cst.If, cst.Else, cst.ExceptHandler, cst.Finally, cst.ExceptStarHandler, cst.MatchCase)):
            stack.extend(fast_children(child, tokens=False))
            continue
        yield child


def _descend(root: cst.CSTNode, header: bool, scoped: bool) -> Iterator[tuple[cst.CSTNode, bool, bool]]:
    """``root`` and every node below it (iteratively: expressions may nest deeply)."""
    stack = [(root, scoped)]
    while stack:
        node, in_scope = stack.pop()
        yield node, header, in_scope
        inner = in_scope or isinstance(node, _SCOPES)
        stack.extend((child, inner) for child in fast_children(node, tokens=False))


def _blocks(statement: cst.CSTNode) -> Iterator[cst.IndentedBlock]:
    """The indented blocks directly inside a compound statement (elif/else/except/finally too),
    in source order; iterative, since a recursive generator costs each block of an ``elif``
    chain of n branches n frames."""
    stack = [iter(fast_children(statement, tokens=False))]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif isinstance(child, cst.IndentedBlock):
            yield child
        elif isinstance(child, (cst.If, cst.Else, cst.ExceptHandler, cst.Finally, cst.ExceptStarHandler,
                                cst.MatchCase)):
            stack.append(iter(fast_children(child, tokens=False)))
