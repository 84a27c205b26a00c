"""Files whose lint cannot report anything, told from CPython's ``ast`` before libcst parses them.

Most files that mention ``mcp`` in a real project hold no server at all: tool modules, data
models, clients, tests. Their lint parses them with libcst, links their project imports and
looks for servers, only to find none (on the development corpus, 270 of 436 files and 40 %
of a cold run). :func:`cannot_report` tells many of them apart on the tree CPython's ``ast``
already built for the engine's syntax pre-check, so the engine can skip the rest of the lint.

The test mirrors the entry conditions of the model (:mod:`mcplint.model.servers`,
:mod:`mcplint.model.registrations`, :mod:`mcplint.model.error_api`): every finding of a
rule hangs on a server this file constructs or registers on, or on the MCP error classes.
A file can only be *silent* when it has none of:

* a decorator ``@<x>.<method>`` / ``@<x>.<method>(...)`` with a method a server offers
  (``SERVER_DECORATORS``), or a bare ``@name`` that the file assigns (``deco = mcp.prompt()``);
* a decorator imported from a module that may be the project's own (``from .app import
  safe_tool`` ... ``@safe_tool(timeout=60)``, ``from pkg import app`` ... ``@app.safe_prompt``):
  a project decorator may register what it decorates
  (:mod:`mcplint.model.registering_decorators`); the standard library and a few common
  packages whose decorators never do are told apart by name;
* a call of a call (``mcp.prompt(name=...)(fn)``, ``server.get_prompt()(handler)``), or a
  method call that registers or changes a server's surface (``add_*``, ``remove_*``,
  ``tool``, ``prompt``, ``resource``, ``completion``, ``mount``, ``import_server``);
* an ``on_*=`` keyword (``Server(on_get_prompt=...)``) or a call of a server class by name
  (``Server``, ``FastMCP``, ``MCPServer``);
* the text ``McpError`` / ``MCPError`` (MCP205) or ``raise_exceptions`` (MCP208).

A server constructed through a factory or a project subclass in a file that registers
nothing on it has no handler, so no handler rule can fire on it; the rules that judge such
a server alone (MCP003, against a configured version) are kept by the engine's own
conditions (:func:`mcplint.engine` keeps the full lint when a version is configured).
``# noqa`` comments are still judged by the engine (MCP001), with no findings to suppress.
``tests/test_prescreen.py`` checks that every fixture with an expected finding is kept.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator

from mcplint.model.servers import SERVER_DECORATORS

__all__ = ["cannot_report"]

#: Text that keeps the full lint whatever the tree holds: the MCP error classes (MCP205
#: reads their imports and calls with no server) and the low-level ``run`` flag (MCP208).
_TOKENS = (b"McpError", b"MCPError", b"raise_exceptions")
_TEXT_TOKENS = tuple(token.decode() for token in _TOKENS)
#: Method calls that register on a server or change its prompt list (besides ``add_*`` and
#: ``remove_*``): ``mcp.tool(fn)``, ``mcp.prompt(fn)``, fastmcp's composition.
_REGISTERING_METHODS = frozenset({"tool", "prompt", "resource", "completion", "mount", "import_server"})
#: The server classes' own names (``servers.CONSTRUCTORS``), called by name or attribute.
_SERVER_CLASSES = frozenset({"Server", "FastMCP", "MCPServer"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
#: Packages whose decorators never register on an MCP server (the frameworks' own are read
#: by their method names), besides the standard library.
_FOREIGN_DECORATORS = frozenset({
    "pydantic", "pytest", "click", "typer", "fastapi", "starlette", "attr", "attrs", "tenacity",
    "typing_extensions", "cachetools", "backoff", "deprecated", "numba", "mcp", "fastmcp",
})


def cannot_report(tree: ast.Module, text: str | bytes) -> bool:
    """Whether no rule can report anything in the file of ``tree`` (CPython's parse of
    ``text``): True only when none of the shapes in the module docstring occurs. A false
    True would lose findings, so every doubt answers False."""
    tokens = _TOKENS if isinstance(text, bytes) else _TEXT_TOKENS
    if any(token in text for token in tokens):
        return False
    decorator_names: list[str] = []
    decorator_heads: set[str] = set()
    assigned: set[str] = set()
    imported: set[str] = set()
    for node in _nodes(tree):
        kind = type(node)
        if kind is ast.Call:
            if _may_register(node):
                return False
        elif kind in _FUNCTIONS:
            for decorator in node.decorator_list:
                target = decorator.func if type(decorator) is ast.Call else decorator
                if type(target) is ast.Attribute and target.attr in SERVER_DECORATORS:
                    return False
                if type(target) is ast.Name and target is decorator:
                    decorator_names.append(target.id)
                head = _head(target)
                if head is not None:
                    decorator_heads.add(head)
        elif kind is ast.Name and type(node.ctx) is ast.Store:
            assigned.add(node.id)
        elif kind is ast.ImportFrom and _may_be_project(node.module, node.level):
            imported.update(alias.asname or alias.name for alias in node.names)
    return not any(name in assigned for name in decorator_names) and not decorator_heads & imported


def _head(target: ast.expr) -> str | None:
    """The first name of a decorator expression (``safe_tool``, ``app`` of ``app.safe_prompt``)."""
    while type(target) is ast.Attribute:
        target = target.value
    return target.id if type(target) is ast.Name else None


def _may_be_project(module: str | None, level: int) -> bool:
    """Whether ``from <module> import ...`` may import from the project itself."""
    if level:
        return True
    top = (module or "").split(".")[0]
    return bool(top) and top not in sys.stdlib_module_names and top not in _FOREIGN_DECORATORS


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes ``ast.walk`` yields, in another order, reading each node's fields directly
    (``ast.walk``'s generator per node cost about half of the prescreen), except the
    expression contexts and operators (``Load``, ``Store``, ``Add``...: leaves the prescreen
    never asks about, and a third of the nodes)."""
    node_type = ast.AST
    fields = _WALKED_FIELDS
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        kind = type(node)
        names = fields.get(kind)
        if names is None:
            names = fields[kind] = tuple(name for name in kind._fields if name not in _LEAF_FIELDS)
        for name in names:
            value = getattr(node, name, None)
            if type(value) is list:
                pending.extend([item for item in value if isinstance(item, node_type)])
            elif isinstance(value, node_type):
                pending.append(value)


#: Fields that only ever hold an expression context or an operator (leaf nodes).
_LEAF_FIELDS = frozenset({"ctx", "op", "ops"})
_WALKED_FIELDS: dict[type, tuple[str, ...]] = {}  # each node class's fields but those


def _may_register(call: ast.Call) -> bool:
    """A call that may register on a server, construct one by its class's name, or hand
    ``on_*`` handlers to a constructor."""
    func = call.func
    kind = type(func)
    if kind is ast.Call:
        return True
    if kind is ast.Attribute:
        name = func.attr
        if name in _REGISTERING_METHODS or name in _SERVER_CLASSES or name.startswith(("add_", "remove_")):
            return True
    elif kind is ast.Name and func.id in _SERVER_CLASSES:
        return True
    return any(keyword.arg is not None and keyword.arg.startswith("on_") for keyword in call.keywords)
