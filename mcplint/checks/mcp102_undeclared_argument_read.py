"""MCP102 undeclared-argument-read: the handler reads a key that no declaration lists.

Clients send the names the server declared (``prompts/list`` arguments, a tool's
``inputSchema`` properties). A handler that reads ``Code`` or ``code_snippet`` when ``code``
was declared never sees the caller's value.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks._common import declared_names, did_you_mean, served_label
from mcplint.checks.base import Finding, Related, Rule


class UndeclaredArgumentRead(Rule):
    """Fires on each read of a key that the served declarations do not declare."""

    code = "MCP102"
    name = "undeclared-argument-read"
    summary = "The handler reads an argument name that is not declared"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            for read, suggestion, declaration in undeclared_reads(handler):
                where = served_label(handler, read.served)
                hint = f"; did you mean '{suggestion}'?" if suggestion else ""
                related = ()
                if declaration is not None:
                    related = (Related(declaration.node, f"'{suggestion}' is declared here"),)
                yield Finding(read.node, f"{where.capitalize()} reads '{read.key}', which is not declared{hint}", related)


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
