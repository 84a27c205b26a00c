"""libcst's parse without libcst's re-validation of the nodes its own parser built.

Every libcst node checks its fields when it is constructed (``cst.CSTNode.__post_init__`` calls
``_validate``: whitespace against regular expressions, parentheses balanced, names not
empty...). That is right for nodes a program builds, but the parser only builds nodes of
text it has just accepted, and the checks cost about a fifth of a parse (measured on the
development corpus, ``benchmarks/README.md``); libcst's own source notes the same ("PERF: It
might make more sense to move validation work into the visitor, which would allow us to
avoid validating the tree when parsing a file", libcst 1.x ``_nodes/base.py``).

:func:`parse_module` therefore parses with validation switched off for the calling thread
only: nodes the analysis builds itself (a synthetic ``cst.Integer(str(value))`` may be
invalid, and the model relies on libcst saying so), and nodes other threads of the language
server build meanwhile, are validated as before.
"""

from __future__ import annotations

import threading

import libcst as cst

_STATE = threading.local()  # ``parsing``: whether this thread is inside parse_module
_validate_on_construction = cst.CSTNode.__post_init__


def _post_init(node: cst.CSTNode) -> None:
    """libcst's construction check, except for the nodes of a :func:`parse_module` call."""
    if not getattr(_STATE, "parsing", False):
        _validate_on_construction(node)


cst.CSTNode.__post_init__ = _post_init


def parse_module(source: str | bytes, config: cst.PartialParserConfig | None = None) -> cst.Module:
    """``libcst.parse_module(source, config)`` (the same tree, the same exceptions), without
    validating the nodes the parser builds (see the module docstring)."""
    outer = getattr(_STATE, "parsing", False)
    _STATE.parsing = True
    try:
        return cst.parse_module(source, config) if config is not None else cst.parse_module(source)
    finally:
        _STATE.parsing = outer
