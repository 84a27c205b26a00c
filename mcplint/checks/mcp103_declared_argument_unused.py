"""MCP103 declared-argument-unused: a declared argument the handler never reads.

The caller fills in every declared argument; one the handler never reads is dropped on
the floor, usually because the handler reads it under another name.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._common import did_you_mean
from mcplint.checks.base import Finding, Related, Rule
from mcplint.checks.mcp102_undeclared_argument_read import undeclared_reads
from mcplint.checks.mcp105_declared_prompt_unhandled import unhandled_declarations
from mcplint.model.module_info import fast_children, literal_value


class DeclaredArgumentUnused(Rule):
    """Fires at the declaration of each argument no read of its handler touches.

    Silent when the mapping escapes to code mcplint cannot follow, when the name appears as
    a string literal anywhere in the handler (a loop over names, say), and when MCP102
    already suggested this name for a misspelt read.
    """

    code = "MCP103"
    name = "declared-argument-unused"
    summary = "A declared argument is never read by its handler"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            if handler.escaped or handler.declarations is None:
                continue
            suggested = {suggestion for _, suggestion, _ in undeclared_reads(handler) if suggestion}
            mentioned: set[str] | None = None  # walks the whole handler: only when needed
            unhandled = {id(d) for d in unhandled_declarations(handler)}  # MCP105 reports those
            for declaration in handler.declarations:
                if id(declaration) in unhandled:
                    continue
                for argument in declaration.arguments or ():
                    if argument.name in suggested or _is_read(handler, declaration.name, argument.name):
                        continue
                    mentioned = _mentioned_names(handler.function) if mentioned is None else mentioned
                    if argument.name in mentioned:
                        continue
                    what = f"{handler.kind} '{declaration.name}'" if declaration.name else f"the {handler.kind}"
                    if declaration.style == "explicit":
                        yield _explicit_mismatch(handler, declaration, argument, what)
                        continue
                    yield Finding(argument.node, f"Argument '{argument.name}' is declared for {what} but never read: "
                                                 f"the caller's value is dropped")


def _explicit_mismatch(handler, declaration, argument, what: str) -> Finding:
    """``Prompt(arguments=[...], fn=f)`` declaring a name ``f`` has no parameter for."""
    params = {p.name.value: p for p in handler.function.params.params}
    declared = {a.name for a in declaration.arguments or ()}
    spare = set(params) - declared
    suggestion = did_you_mean(argument.name, spare, spare)
    hint = f"; did you mean '{suggestion}'?" if suggestion else ""
    related = (Related(params[suggestion], f"parameter '{suggestion}' of {handler.function.name.value}"),) if suggestion else ()
    return Finding(argument.node, f"Argument '{argument.name}' is declared for {what} but its function "
                                  f"{handler.function.name.value}() takes no such parameter: every call fails{hint}", related)


def _is_read(handler, prompt_name, key: str) -> bool:
    for read in handler.reads:
        if read.key == key and (read.served is None or prompt_name in read.served):
            return True
    return False


def _mentioned_names(function: cst.FunctionDef) -> set[str]:
    """String literals in the handler, and for signature handlers, names used in nested code."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleString):
            try:
                value = literal_value(node)
            except Exception:  # noqa: BLE001 - odd literals are simply not names
                continue
            if isinstance(value, str):
                found.add(value)
        elif isinstance(node, (cst.FunctionDef, cst.Lambda)):
            found.update(n.value for n in _names(node))
            continue
        stack.extend(fast_children(node, tokens=False))
    return found


def _names(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            yield current
        stack.extend(fast_children(current, tokens=False))
