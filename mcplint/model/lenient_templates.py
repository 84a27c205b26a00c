"""Template engines that render a missing value as nothing.

``jinja2`` renders a name the context lacks with its default ``Undefined``: ``{{ service }}``
becomes ``""`` (Jinja docs, "Undefined Types"), so ``template.render(**arguments)`` answers a
call without a required argument with a text that silently lacks it. Only
``undefined=StrictUndefined`` makes the render raise. These functions read the CST and the
project's text; nothing is imported or run.
"""

from __future__ import annotations

import libcst as cst

_RENDER_METHODS = frozenset({"render", "render_async"})
_STRICT = b"StrictUndefined"


def lenient_render(info, call: cst.Call) -> bool:
    """Whether ``call`` is ``<template>.render(**mapping)`` / ``.render(mapping)`` in a module
    that uses jinja2, with no ``StrictUndefined`` in it or in its folder (where the
    ``Environment`` is usually made): a missing key renders as ``""``. False when unsure."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _RENDER_METHODS or len(call.args) != 1:
        return False
    imports = tuple((getattr(info, "imports", None) or {}).values())
    if not any(str(origin) == "jinja2" or str(origin).startswith("jinja2.") for origin in imports):
        return False
    if any(str(origin).rpartition(".")[2] == "StrictUndefined" for origin in imports):
        return False
    neighbours = getattr(info, "neighbours", None)
    if neighbours is not None and any(True for _ in neighbours(_STRICT)):
        return False
    return True
