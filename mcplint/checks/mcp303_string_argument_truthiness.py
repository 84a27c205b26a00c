"""MCP303 string-argument-truthiness: a string argument used as a boolean flag.

Prompt arguments are strings (MCP spec, server/prompts: ``arguments`` is a map of strings;
``GetPromptRequestParams.arguments: dict[str, str]``), so a flag arrives as ``"false"``,
``"no"`` or ``"0"`` — all truthy. ``if arguments.get("dry_run"):`` runs the real thing when
the user asked for a dry run. An emptiness test of free text (``if topic:``) is fine.
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from mcplint.checks._common import served_label
from mcplint.checks.base import Finding, Rule
from mcplint.model.argvalues import HandlerValues, handler_values
from mcplint.model.module_info import dotted_name, literal_value, walk

_FLAG_WORDS = {"dry_run", "dryrun", "verbose", "force", "debug", "recursive", "confirm", "confirmed", "overwrite",
               "strict", "quiet", "silent", "detailed", "enabled", "disabled", "enable", "disable", "async",
               "interactive", "preview", "draft", "private", "public", "cached", "stream", "streaming"}
_FLAG_PREFIXES = {"is", "has", "should", "can", "use", "enable", "disable", "include", "exclude", "allow", "show",
                  "hide", "skip", "with", "without", "no", "only", "force", "want", "need", "do", "dry", "keep",
                  "ignore", "return"}
# A prefix word followed by one of these names a value, not a flag (include_pattern, show_fields).
_NOUN_TAILS = {"pattern", "patterns", "path", "paths", "glob", "globs", "list", "dir", "dirs", "file", "files",
               "name", "names", "filter", "filters", "regex", "text", "fields", "field", "types", "type", "ids",
               "id", "keys", "key", "tags", "columns", "format", "prefix", "suffix", "url", "urls", "query",
               "items", "extensions", "ext", "language", "languages", "level", "mode", "count", "limit"}
_FLAG_DESCRIPTION = re.compile(r"(\byes/no\b|\byes or no\b|\btrue/false\b|\btrue or false\b|\bboolean\b|"
                               r"^\s*whether\b|\(y/n\))", re.I)
_FLAG_STRINGS = {"true", "false", "yes", "no", "on", "off", "0", "1"}


class StringArgumentTruthiness(Rule):
    """Fires on a string argument truth-tested or passed to ``bool()`` where its name,
    description or default marks it as a flag, and on one compared with ``True``/``False``.
    Silent for the emptiness test of free text (``if topic:``, ``bool(query)``) and for
    parameters the framework converts (annotated ``bool``)."""

    code = "MCP303"
    name = "string-argument-truthiness"
    summary = "A string argument is used as a boolean flag, but \"false\" is truthy"

    def check(self, model) -> Iterator[Finding]:
        for values in handler_values(model):
            seen: set[int] = set()
            for test in values.truth_tests:
                if id(test.node) in seen or not _is_string(values, test.key):
                    continue
                if test.kind in ("truth", "bool-call") and not _marked_as_flag(values, test):
                    continue  # `bool(query)`: an emptiness test of free text, like `if query:`
                seen.add(id(test.node))
                yield Finding(test.node, _message(values, test), fault=test.key)


def _is_string(values: HandlerValues, key: str) -> bool:
    """Prompt arguments are always strings; a tool's or a signature's only when annotated ``str``."""
    handler = values.handler
    if handler.style == "mapping":
        return handler.kind == "prompt"
    param = values.parameters.get(key)
    if param is None:
        return False
    if param.annotation is None:
        return handler.kind == "prompt"  # FastMCP passes the unconverted string to an untyped parameter
    return _is_str_annotation(param.annotation.annotation)


def _is_str_annotation(annotation: cst.BaseExpression) -> bool:
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        parts = [annotation.left, annotation.right]
        return any(_is_str_annotation(p) for p in parts) and all(
            _is_str_annotation(p) or (isinstance(p, cst.Name) and p.value == "None") for p in parts)
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        elements = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
        if head in ("Optional", "Annotated") and elements:
            return _is_str_annotation(elements[0])
        return False
    return dotted_name(annotation) == "str"


def _marked_as_flag(values: HandlerValues, test) -> bool:
    missing = test.value.missing
    if isinstance(missing, bool) or (isinstance(missing, str) and missing.strip().lower() in _FLAG_STRINGS
                                     and missing != ""):
        return True  # `.get("verbose", False)` or `.get("verbose", "false")`
    param = values.parameters.get(test.key)
    if param is not None and param.default is not None and _flag_literal(param.default):
        return True  # `notify: str = "no"`
    if _flag_name(test.key) and not (param is not None and _used_as_text(values.handler.function, test.key)):
        return True  # `use_case` named like a flag but compared with "api": a choice, not a flag
    description = _description(values, test)
    return bool(description and _FLAG_DESCRIPTION.search(description))


#: Methods that treat a value as text to show or parse, never as a yes/no word.
_TEXT_METHODS = {"upper", "title", "capitalize", "split", "rsplit", "startswith", "endswith", "replace", "format"}


def _used_as_text(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` compares the parameter ``name`` with a string that is no flag word
    (``use_case == "api"``, ``mode in ("fast", "safe")``) or calls a text method on it
    (``use_case.upper()``): its values are choices or text, so a truth test of it is an
    emptiness test."""
    for node in walk(function.body):
        if isinstance(node, cst.Comparison) and isinstance(node.left, cst.Name) and node.left.value == name:
            for target in node.comparisons:
                if not isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.In, cst.NotIn)):
                    continue
                words = target.comparator.elements if isinstance(target.comparator, (cst.Tuple, cst.List, cst.Set)) \
                    else [target.comparator]
                texts = [literal_value(w.value if isinstance(w, cst.BaseElement) else w) for w in words]
                if texts and all(isinstance(t, str) for t in texts) \
                        and not all(t.strip().lower() in _FLAG_STRINGS for t in texts):
                    return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and isinstance(node.func.value, cst.Name) and node.func.value.value == name \
                and node.func.attr.value in _TEXT_METHODS:
            return True
    return False


def _flag_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.SimpleString) and isinstance(literal_value(node), str):
        return literal_value(node).strip().lower() in _FLAG_STRINGS
    return False


def _flag_name(name: str) -> bool:
    words = [w for w in re.split(r"[_\-]|(?<=[a-z])(?=[A-Z])", name) if w]
    words = [w.lower() for w in words]
    if not words:
        return False
    if "_".join(words) in _FLAG_WORDS or (len(words) == 1 and words[0] in _FLAG_WORDS):
        return True
    return len(words) >= 2 and words[0] in _FLAG_PREFIXES and words[-1] not in _NOUN_TAILS


def _description(values: HandlerValues, test) -> str | None:
    for declaration in values.handler.served_declarations(test.served) or ():
        argument = declaration.argument(test.key)
        if argument is not None and argument.description:
            return argument.description
    return None


def _message(values: HandlerValues, test) -> str:
    where = served_label(values.handler, test.served)
    how = {"truth": "is truth-tested as a flag", "compare-bool": "is compared with a bool",
           "bool-call": "is passed to bool()"}[test.kind]
    return (f"Argument '{test.key}' of {where} {how}, but it arrives as a string and \"false\", \"no\" and \"0\" "
            f"are truthy; compare its lowered text with the accepted words (value.strip().lower() in (\"true\", "
            f"\"yes\", \"1\"))")
