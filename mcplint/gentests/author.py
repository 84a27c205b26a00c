"""The author's block of a generated module, read back as text so a re-run keeps it.

The block holds what mcplint could not solve: ``AUTHOR_VALUES`` (a dict from
``("prompt"|"tool", item name, argument name)`` to a value, ``...`` while unset),
``UNDECLARED_ARGUMENTS`` (``"reject"``, ``"ignore"`` or ``...``) and ``build_server``, the
function that builds the server under test. The existing module is parsed with :mod:`ast`;
the two assignments are read with :func:`ast.literal_eval`, and ``build_server`` is kept as
text when the author edited it (its text no longer has the digest mcplint wrote above it):
nothing in it is imported or run. Other functions the author put in the block are kept as
text too; a module from before ``build_server`` existed, whose ``def make_server()`` the
author edited, keeps that function as written (renamed ``make_server_kept``) and gets a
``build_server`` that calls it.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

BEGIN_MARKER = "# --- mcplint: author values"
END_MARKER = "# --- end of author values"
UNSET = ...
BUILD_FUNCTION = "build_server"
_DIGEST = re.compile(r"^# build_server \(digest ([0-9a-f]{8})\)")


class UnreadableModule(ValueError):
    """The existing module cannot be parsed, so the author's values cannot be kept."""


@dataclass
class AuthorValues:
    """What the author filled in: ``values`` by key (unset entries left out), the
    ``undeclared`` decision (None while unset) and ``build_source``, the text of a
    ``build_server`` the author edited (None when mcplint may write it again)."""

    values: dict[tuple, Any] = field(default_factory=dict)
    undeclared: str | None = None
    build_source: str | None = None
    #: The text of other functions the author keeps in the block (a migrated ``make_server``).
    kept_functions: list[str] = field(default_factory=list)


def build_digest(source: str) -> str:
    """The digest mcplint writes above the ``build_server`` it generated (``source``, its text)."""
    return hashlib.sha256(source.strip().encode()).hexdigest()[:8]


def build_marker(source: str) -> str:
    """The comment line above a generated ``build_server`` whose text is ``source``."""
    return f"# build_server (digest {build_digest(source)}): edit it freely, re-runs keep your edit."


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
    block = _block_lines(text)
    legacy = None
    for statement in tree.body:
        target, value = _assignment(statement)
        if target == "AUTHOR_VALUES":
            found.values = _filled_values(value)
        elif target == "UNDECLARED_ARGUMENTS":
            decision = _literal(value)
            found.undeclared = decision if decision in ("reject", "ignore") else None
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == BUILD_FUNCTION:
            found.build_source = _edited_function(text, statement)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and block[0] < statement.lineno < block[1]:
            found.kept_functions.append(_function_text(text, statement))
        elif _is_legacy_make_server(statement):
            legacy = statement
    if legacy is not None and found.build_source is None:
        _migrate(text, legacy, found)
    return found


#: The name an author's edited ``make_server`` of an earlier gen-tests version is kept under
#: (the module's own ``make_server`` now calls ``build_server``).
KEPT_MAKE_SERVER = "make_server_kept"
_GENERATED_MAKE_SERVER = (
    re.compile(r'\n    pytest\.skip\("mcplint could not tell how to get the server object from its module; '
               r'edit make_server"\)\s*$'),
    re.compile(r"\n    entry = os\.path\.abspath\(PATH_ENTRY\)\n    if entry not in sys\.path:\n"
               r"        sys\.path\.insert\(0, entry\)\n    module = importlib\.import_module\(SERVER_MODULE\)\n"
               r"    return module\.[A-Za-z_][A-Za-z_0-9]*(\(\))?\s*$"),
)


def _is_legacy_make_server(statement: ast.stmt) -> bool:
    """``def make_server() -> Any`` as gen-tests wrote it before ``build_server`` (synchronous,
    no parameters; today's is ``async``)."""
    return isinstance(statement, ast.FunctionDef) and statement.name == "make_server" \
        and not statement.args.args and not statement.args.kwonlyargs and not statement.args.posonlyargs


def _migrate(text: str, function: ast.FunctionDef, found: AuthorValues) -> None:
    """Keep an edited legacy ``make_server`` as the author wrote it (renamed
    :data:`KEPT_MAKE_SERVER`) and make ``build_server`` call it; an unedited one needs nothing."""
    source = _function_text(text, function)
    if any(pattern.search(source) for pattern in _GENERATED_MAKE_SERVER):
        return
    found.kept_functions.append(source.replace("def make_server(", f"def {KEPT_MAKE_SERVER}(", 1))
    found.build_source = (
        f"def {BUILD_FUNCTION}(module: Any, work_dir: Path) -> Any:\n"
        f'    """The server under test: your `make_server` from an earlier gen-tests version,\n'
        f'    kept as you wrote it (as `{KEPT_MAKE_SERVER}`)."""\n'
        f"    return {KEPT_MAKE_SERVER}()")


def _block_lines(text: str) -> tuple[int, int]:
    """The (1-based) lines of the author block's begin and end markers; (0, 0) when absent."""
    begin = end = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(BEGIN_MARKER) and not begin:
            begin = number
        elif line.startswith(END_MARKER) and begin and not end:
            end = number
    return (begin, end) if begin and end else (0, 0)


def _function_text(text: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    lines = text.splitlines()
    first = min([function.lineno, *(decorator.lineno for decorator in function.decorator_list)])
    return "\n".join(lines[first - 1:function.end_lineno])


def _edited_function(text: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The function's text when the author changed it since mcplint wrote it, else None."""
    lines = text.splitlines()
    first = min([function.lineno, *(decorator.lineno for decorator in function.decorator_list)])
    source = _function_text(text, function)
    marker = _DIGEST.match(lines[first - 2]) if first >= 2 else None
    return None if marker and marker.group(1) == build_digest(source) else source


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
