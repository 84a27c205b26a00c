"""What a ``match`` on the arguments mapping binds, and where a case fills a value instead.

``match arguments:`` with mapping patterns (Python 3.10, PEP 634 "Mapping Patterns")::

    case {"service": str(service), "window": str(window)}: ...
    case {"service": str(service)}: window = "1h"
    case _: service, window = "all services", "1h"

Each mapping pattern reads its literal keys and binds the capture under each key to the
caller's value (a capture inside a class pattern, ``str(service)``, counts the same). A case
whose pattern does not hold a key but whose body assigns a constant to the local another case
binds from that key fills the value of a missing key: a default, like ``.get(k, d)``. These
functions only read the CST; the flow walker (:mod:`mcplint.model.flow`) records the facts.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst


def pattern_bindings(pattern: cst.MatchPattern) -> dict[str, tuple[str, cst.CSTNode]] | None:
    """The locals a mapping pattern binds, each with its key and the pattern element:
    ``{"service": str(service)}`` -> ``{"service": ("service", <element>)}``. An empty dict
    for a pattern that binds no key (``_``, a bare capture), None for a pattern whose keys are
    not all literal strings or that is an or-pattern (what it binds depends on the alternative)."""
    if isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
        return pattern_bindings(pattern.pattern)
    if not isinstance(pattern, cst.MatchMapping):
        return {} if isinstance(pattern, cst.MatchAs) else None
    bound: dict[str, tuple[str, cst.CSTNode]] = {}
    for element in pattern.elements:
        key = element.key
        if not isinstance(key, cst.SimpleString):
            return None
        capture = _capture(element.pattern)
        if capture is not None:
            bound[capture] = (key.evaluated_value, element)
    return bound


def pattern_keys(pattern: cst.MatchPattern) -> set[str]:
    """The literal keys a mapping pattern requires (none for ``_`` or a capture)."""
    if isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
        return pattern_keys(pattern.pattern)
    if not isinstance(pattern, cst.MatchMapping):
        return set()
    return {element.key.evaluated_value for element in pattern.elements if isinstance(element.key, cst.SimpleString)}


def filled_constants(body: cst.BaseSuite, names: set[str]) -> Iterator[tuple[str, cst.BaseExpression]]:
    """``name = <expr>`` and ``a, b = <x>, <y>`` at the top level of a case body, for the
    locals in ``names``: each local with the expression assigned to it (the caller judges
    whether it is a constant)."""
    if not isinstance(body, cst.IndentedBlock):
        statements = [body]
    else:
        statements = [s for s in body.body if isinstance(s, cst.SimpleStatementLine)]
    for line in statements:
        for small in getattr(line, "body", ()):
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            yield from _pairs(small.targets[0].target, small.value, names)


def _pairs(target: cst.BaseExpression, value: cst.BaseExpression,
           names: set[str]) -> Iterator[tuple[str, cst.BaseExpression]]:
    if isinstance(target, cst.Name):
        if target.value in names:
            yield target.value, value
        return
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) \
            and len(target.elements) == len(value.elements) \
            and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)):
        for left, right in zip(target.elements, value.elements):
            yield from _pairs(left.value, right.value, names)


def _capture(pattern: cst.MatchPattern) -> str | None:
    """The local a key's value is bound to: ``service``, ``str(service)``, ``str() as service``."""
    if isinstance(pattern, cst.MatchAs):
        return pattern.name.value if pattern.name is not None else None
    if isinstance(pattern, cst.MatchClass) and len(pattern.patterns) == 1 and not pattern.kwds:
        return _capture(pattern.patterns[0].value)
    return None
