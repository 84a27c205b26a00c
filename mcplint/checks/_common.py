"""Small queries on the MCP model that several rules share."""

from __future__ import annotations

import difflib

from mcplint.model.facts import ArgumentDecl, Declaration, HandlerModel


def is_required_everywhere(handler: HandlerModel, key: str, served) -> ArgumentDecl | None:
    """The declaration of ``key`` when every declaration serving ``served`` requires it.

    None when any of them does not declare it, declares it optional, or is unknown: a
    default may then be meant for that prompt, and the rules stay silent.
    """
    declarations = handler.served_declarations(served)
    if not declarations:
        return None
    found = None
    for declaration in declarations:
        if declaration.arguments is None:
            return None
        argument = declaration.argument(key)
        if argument is None or argument.required is not True:
            return None
        found = found or argument
    return found


def declared_names(declarations: list[Declaration]) -> set[str] | None:
    """Every argument name the declarations declare; None when any list is unknown."""
    names: set[str] = set()
    for declaration in declarations:
        if declaration.arguments is None:
            return None
        names.update(argument.name for argument in declaration.arguments)
    return names


def did_you_mean(key: str, candidates: set[str], unread: set[str]) -> str | None:
    """The declared name a misspelt ``key`` most likely meant.

    Case-only and separator-only differences win; then the closest spelling; then the one
    never-read declared name contained in the key or containing it (``code`` for ``code_snippet``).
    """
    def folded(name: str) -> str:
        return name.replace("_", "").replace("-", "").lower()

    for name in sorted(candidates):
        if folded(name) == folded(key):
            return name
    close = difflib.get_close_matches(key, sorted(candidates), n=1, cutoff=0.75)
    if close:
        return close[0]
    related = [name for name in sorted(unread) if name.lower() in key.lower() or key.lower() in name.lower()]
    if len(related) == 1:
        return related[0]
    return None


def kind_word(handler: HandlerModel) -> str:
    """``prompt`` or ``tool``, for messages."""
    return handler.kind


def served_label(handler: HandlerModel, served) -> str:
    """``prompt 'deploy'`` / ``prompts 'a', 'b'`` for messages."""
    declarations = handler.served_declarations(served) or []
    # a registry's keys; a made-up name stands for a key built at run time (flow._built_table)
    names = [d.name for d in declarations if d.name] or sorted(n for n in served or () if not n.startswith("\0"))
    if not names:
        return f"the {handler.kind} handler"
    plural = "s" if len(names) > 1 else ""
    return f"{handler.kind}{plural} " + ", ".join(f"'{n}'" for n in names)
