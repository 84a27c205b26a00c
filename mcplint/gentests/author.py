"""The author's block of a generated module, read back as text so a re-run keeps it.

The block holds what mcplint could not solve: ``AUTHOR_VALUES`` (a dict from
``("prompt"|"tool", item name, argument name)`` to a value, ``...`` while unset) and
``UNDECLARED_ARGUMENTS`` (``"reject"``, ``"ignore"`` or ``...``). The existing module is
parsed with :mod:`ast` and the two assignments are read with :func:`ast.literal_eval`:
nothing in it is imported or run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

BEGIN_MARKER = "# --- mcplint: author values"
END_MARKER = "# --- end of author values"
UNSET = ...


class UnreadableModule(ValueError):
    """The existing module cannot be parsed, so the author's values cannot be kept."""


@dataclass
class AuthorValues:
    """What the author filled in: ``values`` by key (unset entries left out) and the
    ``undeclared`` decision (None while unset)."""

    values: dict[tuple, Any] = field(default_factory=dict)
    undeclared: str | None = None


def read_author_values(text: str) -> AuthorValues:
    """The author's values in the module source ``text`` (empty when it has none).

    Raises :class:`UnreadableModule` when ``text`` is not valid Python: the caller must not
    overwrite a file whose values it could not read.
    """
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as error:
        raise UnreadableModule(f"cannot parse it ({type(error).__name__}: {error})") from error
    found = AuthorValues()
    for statement in tree.body:
        target, value = _assignment(statement)
        if target == "AUTHOR_VALUES":
            found.values = _filled_values(value)
        elif target == "UNDECLARED_ARGUMENTS":
            decision = _literal(value)
            found.undeclared = decision if decision in ("reject", "ignore") else None
    return found


def _assignment(statement: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id, statement.value
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and statement.value is not None:
        return statement.target.id, statement.value
    return None, None


def _filled_values(node: ast.expr | None) -> dict[tuple, Any]:
    if not isinstance(node, ast.Dict):
        return {}
    values = {}
    for key_node, value_node in zip(node.keys, node.values, strict=True):
        key, value = _literal(key_node), _literal(value_node)
        if isinstance(key, tuple) and value is not UNSET and value is not _NOT_LITERAL:
            values[key] = value
    return values


_NOT_LITERAL = object()


def _literal(node: ast.expr | None) -> Any:
    if node is None:
        return _NOT_LITERAL
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL
