"""MCP102 undeclared-argument-read: the handler reads a key that no declaration lists.

Clients send the names the server declared (``prompts/list`` arguments, a tool's
``inputSchema`` properties). A handler that reads ``Code`` or ``code_snippet`` when ``code``
was declared never sees the caller's value.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._common import declared_names, did_you_mean, served_label
from mcplint.checks.base import Finding, FixPlan, NodeEdit, Related, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.module_info import fast_children, literal_value, walk


class UndeclaredArgumentRead(Rule):
    """Fires on each read of a key that the served declarations do not declare."""

    code = "MCP102"
    name = "undeclared-argument-read"
    summary = "The handler reads an argument name that is not declared"

    def check(self, model) -> Iterator[Finding]:
        fallbacks = None
        for _server, handler in model.handlers():
            places: dict[tuple, list[Related]] = {}  # (key, statement) -> the finding's related places
            findings = []
            for read, suggestion, declaration in undeclared_reads(handler):
                if read.form == "contains":
                    continue  # `if "issue_url" in args: raise ...` rejects an old spelling on purpose;
                    # a value read of the key is reported at that read
                fallbacks = fallbacks if fallbacks is not None else _or_fallbacks(model)
                if _is_legacy_fallback(handler, read, fallbacks):
                    continue
                place = (read.key, id(read.statement) if read.statement is not None else id(read.node))
                if place in places:  # `[args[k] for k in KEYS if args.get(k)]`: one key, one place, one fault
                    places[place].append(Related(read.node, f"'{read.key}' is read here too"))
                    continue
                where = served_label(handler, read.served)
                hint = f"; did you mean '{suggestion}'?" if suggestion else ""
                related = ()
                if declaration is not None:
                    related = (Related(declaration.node, f"'{suggestion}' is declared here"),)
                if read.origin is not None:  # a model field: the name to change is written there
                    related += (Related(read.origin, f"the field that takes '{read.key}'"),)
                verb = "read" if where.startswith(f"{handler.kind}s ") else "reads"  # prompts 'a', 'b' read
                message = f"{where.capitalize()} {verb} '{read.key}', which is not declared{hint}"
                places[place] = more = list(related)
                findings.append((read, message, more, suggestion))
            for read, message, related, suggestion in findings:
                yield Finding(read.node, message, tuple(related), fix=rename_fix(read, suggestion), fault=read.key)


def _or_fallbacks(model) -> dict[int, list[cst.CSTNode]]:
    """For each later operand of an ``or`` chain (by ``id``), the operands before it, in the
    file and in the project modules its model read (a helper may hold the read)."""
    found: dict[int, list[cst.CSTNode]] = {}
    stack: list[cst.CSTNode] = [model.module, *model.foreign_modules.values()]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            found[id(node.right)] = _or_operands(node.left)
        stack.extend(fast_children(node, tokens=False))
    return found


def _or_operands(node: cst.CSTNode) -> list[cst.CSTNode]:
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
        return _or_operands(node.left) + _or_operands(node.right)
    return [node]


def _is_legacy_fallback(handler, read, fallbacks: dict[int, list[cst.CSTNode]]) -> bool:
    """``args.get("force") or args.get("refresh")``: an old spelling read only as a fallback
    for a declared key, so no caller value is lost."""
    earlier = fallbacks.get(id(read.node))
    if not earlier:
        return False
    names = declared_names(handler.served_declarations(read.served) or []) or set()
    return any(other.key in names and any(other.node is node for node in earlier) for other in handler.reads)


def _folded(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def rename_fix(read, suggestion: str | None) -> FixPlan | None:
    """Replace the key's string literal with the declared name, when the two differ only in
    case or separators (``Code``/``code``, ``file-name``/``file_name``) and the read holds
    exactly one literal of the key (a key from a constant may be used elsewhere: no fix).

    UNSAFE: the handler then reads the value callers send for the declared name instead of
    never finding the key, so a default or error path it always took stops being taken; and
    on the stacks that pass undeclared keys through (low-level servers, fastmcp 3/4 drop them
    silently) a caller that sent the misspelt key loses its value.
    """
    if suggestion is None or _folded(suggestion) != _folded(read.key) or not suggestion.isprintable():
        return None
    if read.form == "contains":
        return None  # `if "issue_url" in args: raise ...` may reject the old spelling on purpose
    literals = [node for node in _strings(read.node) if literal_value(node) == read.key]
    if len(literals) != 1 or "\\" in suggestion:
        return None
    literal = literals[0]
    quote = literal.quote
    if quote[0] in suggestion or "\\" in literal.value:
        return None
    content = f"{literal.prefix}{quote}{suggestion}{quote}"
    return FixPlan(f"Read '{suggestion}'", (NodeEdit(literal, content),), Applicability.UNSAFE)


def _strings(node: cst.CSTNode):
    """Every plain (non-bytes) string literal under ``node``."""
    return (current for current in walk(node)
            if isinstance(current, cst.SimpleString) and "b" not in current.prefix.lower())


def undeclared_reads(handler):
    """Yield ``(read, suggested name or None, declaration of the suggestion or None)``.

    Shared with MCP103, which stays silent for a declared name already suggested here.
    """
    unread = unread_names(handler)
    seen: set[tuple[int, str]] = set()
    for read in handler.reads:
        declarations = handler.served_declarations(read.served)
        if not declarations or any(d.style == "explicit" for d in declarations):
            continue  # Prompt(arguments=[...], fn=f): MCP103 reports the mismatch at the declaration
        names = declared_names(declarations)
        if names is None or read.key in names or (id(read.node), read.key) in seen:
            continue
        seen.add((id(read.node), read.key))
        suggestion = did_you_mean(read.key, names, unread & names)
        declaration = None
        for candidate in declarations:
            declaration = declaration or (candidate.argument(suggestion) if suggestion else None)
        yield read, suggestion, declaration


def unread_names(handler) -> set[str]:
    """Declared names that no read of the handler touches."""
    read_keys = {read.key for read in handler.reads}
    names: set[str] = set()
    for declaration in handler.declarations or ():
        for argument in declaration.arguments or ():
            if argument.name not in read_keys:
                names.add(argument.name)
    return names
