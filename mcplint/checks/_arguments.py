"""Prompt-argument declarations as MCP401 and MCP402 see them: each literal once."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.model.module_info import literal_value


def prompt_arguments(model) -> Iterator[tuple[object, object, object]]:
    """Yield ``(server, declaration, argument)`` for every declared prompt argument.

    An argument literal shared by several prompts (a module constant, a helper's return)
    is yielded once, with the first prompt that uses it.
    """
    seen: set[int] = set()
    for server, handler in model.handlers():
        if handler.kind != "prompt":
            continue
        for declaration in handler.declarations or ():
            for argument in declaration.arguments or ():
                key = id(argument.literal if argument.literal is not None else argument.node)
                if key in seen:
                    continue
                seen.add(key)
                yield server, declaration, argument


def literal_entry(literal: cst.CSTNode, key: str) -> cst.BaseExpression | None:
    """The value given for ``key`` in a ``PromptArgument(...)`` call or an argument dict."""
    if isinstance(literal, cst.Call):
        for arg in literal.args:
            if arg.keyword is not None and arg.keyword.value == key:
                return arg.value
        return None
    if isinstance(literal, cst.Dict):
        for element in literal.elements:
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                    and literal_value(element.key) == key:
                return element.value
    return None


def last_value(literal: cst.CSTNode) -> cst.CSTNode | None:
    """The last argument value of a call, or the last value of a dict literal."""
    if isinstance(literal, cst.Call) and literal.args:
        return literal.args[-1].value
    if isinstance(literal, cst.Dict) and literal.elements:
        return literal.elements[-1].value
    return None


def where(declaration) -> str:
    """``of prompt 'review'`` for messages."""
    return f"of prompt '{declaration.name}'" if declaration.name else "of this prompt"
