"""MCP106 duplicate-declaration: two prompts (tools) or two arguments with the same name.

Prompt and argument names are case-sensitive identifiers of the contract (MCP specification,
server/prompts: ``Prompt.name``, ``PromptArgument.name``). Two entries with one name, or with
names that differ only in case, show up twice in a client while the server can serve only one
of them; ``code`` and ``Code`` become two input fields of which the handler reads one.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Related, Rule


class DuplicateDeclaration(Rule):
    """Fires at the second of two declarations whose names are equal or differ only in case.

    Prompt and tool names are compared across one server (its list handler, or all its
    ``@mcp.prompt`` / ``add_prompt`` registrations); argument names within one prompt.
    Two registrations in different branches of one ``if``/``else`` never both run and are
    not duplicates.
    """

    code = "MCP106"
    name = "duplicate-declaration"
    summary = "Two prompts, tools or prompt arguments share a name (or differ only in case)"

    def check(self, model) -> Iterator[Finding]:
        branches = _branch_paths(model.module)
        reported: set[int] = set()  # nodes already reported as a duplicate name
        for server in model.servers:
            for kind in ("prompt", "tool"):
                declarations = _declarations(server, kind)
                yield from _duplicate_names(declarations, kind, branches, reported, server.stack.is_lowlevel)
                if kind == "prompt":
                    for declaration in declarations:
                        yield from _duplicate_arguments(declaration)


def _declarations(server, kind: str) -> list:
    found, seen = [], set()
    handlers = server.handlers + (server.signature_tools if kind == "tool" else [])
    for handler in handlers:
        if handler.kind != kind:
            continue
        for declaration in handler.declarations or ():
            if declaration.name is not None and id(declaration) not in seen:
                seen.add(id(declaration))
                found.append(declaration)
    return found


def _duplicate_names(declarations, kind: str, branches: dict[int, tuple], reported: set[int],
                     listed: bool = True) -> Iterator[Finding]:
    first_by_key: dict[tuple, list] = {}
    # Source order, so "the second" is the later one: the model lists decorated prompts
    # before add_prompt(...) calls; declarations outside the walk keep the model's order.
    ordered = sorted(declarations, key=lambda d: branches.get(id(d.node), (float("inf"),))[0])
    for declaration in ordered:
        key = (declaration.name.casefold(), _version(declaration))
        earlier = [d for d in first_by_key.get(key, ()) if not _exclusive(d, declaration, branches)]
        first_by_key.setdefault(key, []).append(declaration)
        if not earlier or id(declaration.node) in reported:
            continue
        reported.add(id(declaration.node))
        first = earlier[0]
        yield Finding(declaration.node, _message(kind, declaration.name, first.name, "on this server", listed),
                      (Related(first.node, f"first declaration of {kind} '{first.name}'"),))


def _duplicate_arguments(declaration) -> Iterator[Finding]:
    first_by_key: dict[str, object] = {}
    for argument in declaration.arguments or ():
        key = argument.name.casefold()
        first = first_by_key.setdefault(key, argument)
        if first is argument:
            continue
        where = f"of prompt '{declaration.name}'"
        yield Finding(argument.node, _message("argument", argument.name, first.name, where),
                      (Related(first.node, f"first declaration of argument '{first.name}'"),))


def _message(kind: str, name: str, first: str, where: str, listed: bool = True) -> str:
    """``listed``: the server's own list handler returns both (low-level ``Server``); a
    FastMCP-family registry keeps one entry per name (mcp 1.x ``PromptManager.add_prompt``
    keeps the first and logs a warning; fastmcp's duplicate setting decides)."""
    if name == first and not listed:
        return (f"{kind.capitalize()} '{name}' is registered twice {where}: the framework keeps one "
                f"of the two functions, so the other is never served")
    if name == first:
        return (f"{kind.capitalize()} '{name}' is declared twice {where}: clients list it twice "
                f"but only one declaration can be served")
    return (f"{kind.capitalize()} '{name}' {where} differs from '{first}' only in case: clients show "
            f"both, names are case-sensitive, and a caller picking one may reach the other")


def _version(declaration) -> str | None:
    """The ``version=`` of a decorator registration (fastmcp 3+ serves one name in several
    versions, ``@mcp.prompt(version="2.0")``), as source text; None without one."""
    node = declaration.node
    if isinstance(node, cst.Decorator) and isinstance(node.decorator, cst.Call):
        for arg in node.decorator.args:
            if arg.keyword is not None and arg.keyword.value == "version":
                return cst.Module([]).code_for_node(arg.value)
    return None


def _exclusive(first, second, branches: dict[int, tuple]) -> bool:
    """True when the two declarations sit in different branches of one ``if`` (never both run)."""
    a, b = branches.get(id(first.node)), branches.get(id(second.node))
    if a is None or b is None:
        return False
    a, b = a[1], b[1]
    for (if_a, branch_a), (if_b, branch_b) in zip(a, b):
        if if_a != if_b:
            return False
        if branch_a != branch_b:
            return True
    return False


def _branch_paths(module: cst.Module) -> dict[int, tuple]:
    """For each decorator (and each argument of a call statement such as ``add_prompt(...)``)
    at any depth: ``(order, branches)``, its rank in source order and the ``if`` branches that
    enclose it.

    A statement-level walk only (no expression nodes), as ``../shared/PERFORMANCE.md`` asks.
    """
    paths: dict[int, tuple] = {}
    _walk_statements(list(module.body), (), paths)
    return paths


def _walk_statements(statements: list, path: tuple, paths: dict[int, tuple]) -> None:
    for statement in statements:
        if isinstance(statement, cst.FunctionDef):
            for decorator in statement.decorators:
                paths[id(decorator)] = (len(paths), path)
            _walk_statements(_block(statement.body), path, paths)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:  # ``mcp.add_prompt(Prompt(...))``: its argument
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                    paths[id(small.value)] = (len(paths), path)  # ``mcp.add_tool(fn, ...)``: the call
                    for arg in small.value.args:
                        paths[id(arg.value)] = (len(paths), path)
        elif isinstance(statement, cst.If):
            branch, index = statement, 0
            while branch is not None:
                _walk_statements(_block(branch.body), path + ((id(statement), index),), paths)
                index += 1
                orelse = branch.orelse
                if isinstance(orelse, cst.If):
                    branch = orelse
                    continue
                if orelse is not None:
                    _walk_statements(_block(orelse.body), path + ((id(statement), index),), paths)
                branch = None
        elif isinstance(statement, (cst.ClassDef, cst.With, cst.For, cst.While, cst.Try)):
            _walk_statements(_block(statement.body), path, paths)


def _block(suite) -> list:
    return list(suite.body) if isinstance(suite, cst.IndentedBlock) else []
