"""Valid sample values for prompt arguments and tool properties, solved from the source.

A value is either solved (:class:`Solved`: the value and where it came from, for the comment
beside it in the generated module) or :data:`UNSOLVED`, which sends it to the author block.
Nothing here runs the linted code: the inputs are a tool's ``inputSchema`` as the contract
exports it and the text of a parameter's annotation and default.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from mcplint.gentests.regex import regex_sample

#: The plain string sent for an argument that reaches no check or conversion.
SAMPLE_TEXT = "sample"


@dataclass(frozen=True)
class Solved:
    """A valid value and ``source``, a few words on how it was found (``enum``, ``default``...)."""

    value: Any
    source: str


class _Unsolved:
    """The marker for a value mcplint could not solve."""

    def __repr__(self) -> str:
        return "UNSOLVED"


UNSOLVED = _Unsolved()

_FORMAT_SAMPLES = {
    "uri": "https://example.com/", "url": "https://example.com/", "email": "user@example.com",
    "date": "2024-01-01", "date-time": "2024-01-01T00:00:00Z", "uuid": "00000000-0000-4000-8000-000000000000",
}


def schema_value(schema: Any, definitions: dict | None = None, depth: int = 0) -> Solved | _Unsolved:
    """A value valid for the JSON schema ``schema`` (a tool property), or UNSOLVED.

    Solved from ``const``, ``enum``, ``default``, ``examples``, then the type (``string``,
    ``integer``, ``number``, ``boolean``, ``array`` (one item when the items solve), ``object`` with its required
    properties, ``null``); ``anyOf``/``oneOf`` take the first branch that solves;
    ``$ref`` is followed into ``$defs``. A string ``pattern`` or bounds mcplint does not
    solve give UNSOLVED rather than a value that may be invalid.
    """
    definitions = definitions if definitions is not None else {}
    if not isinstance(schema, dict) or depth > 8:
        return UNSOLVED
    if "$ref" in schema:
        target = definitions.get(str(schema["$ref"]).rsplit("/", 1)[-1])
        return schema_value(target, definitions, depth + 1)
    for key, source in (("const", "const"), ("enum", "enum"), ("default", "default"), ("examples", "example")):
        if key in schema:
            value = schema[key]
            if key in ("enum", "examples"):
                if not isinstance(value, list) or not value:
                    continue
                value = value[0]
            return Solved(value, source)
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key) or ():
            if isinstance(branch, dict) and branch.get("type") == "null":
                continue
            solved = schema_value(branch, definitions, depth + 1)
            if isinstance(solved, Solved):
                return solved
    return _typed_value(schema, definitions, depth)


def _typed_value(schema: dict, definitions: dict, depth: int) -> Solved | _Unsolved:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "string":
        if "pattern" in schema:
            return _pattern_value(schema)
        if "minLength" in schema and schema["minLength"] > len(SAMPLE_TEXT):
            return UNSOLVED
        fmt = schema.get("format")
        if fmt in _FORMAT_SAMPLES:
            return Solved(_FORMAT_SAMPLES[fmt], f"format {fmt}")
        return UNSOLVED if fmt else Solved(SAMPLE_TEXT, "type string")
    if kind in ("integer", "number"):
        return _number(schema, kind)
    if kind == "boolean":
        return Solved(True, "type boolean")
    if kind == "null":
        return Solved(None, "type null")
    if kind == "array":  # one item where the items solve: code often rejects an empty list
        item = schema_value(schema.get("items"), definitions, depth + 1)
        count = max(schema.get("minItems", 0), 1 if schema.get("maxItems", 1) >= 1 else 0)
        if isinstance(item, Solved):
            return Solved([item.value] * count, "type array")
        return Solved([], "type array") if schema.get("minItems", 0) <= 0 else UNSOLVED
    if kind == "object" or "properties" in schema:
        return _object(schema, definitions, depth)
    return UNSOLVED


def _pattern_value(schema: dict) -> Solved | _Unsolved:
    """A sample of a string schema's ``pattern`` within its length bounds (a sample
    ``re.fullmatch`` accepts is also found by the schema's unanchored search)."""
    sample = regex_sample(schema["pattern"])
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    if sample is None or "format" in schema or len(sample) < low or (high is not None and len(sample) > high):
        return UNSOLVED
    return Solved(sample, "pattern")


def _number(schema: dict, kind: str) -> Solved | _Unsolved:
    low = schema.get("minimum", schema.get("exclusiveMinimum"))
    value = 1 if low is None else (int(low) + 1 if "exclusiveMinimum" in schema and "minimum" not in schema else low)
    high = schema.get("maximum", schema.get("exclusiveMaximum"))
    if high is not None and value >= high and not ("maximum" in schema and value == high):
        return UNSOLVED
    if kind == "integer" and not float(value).is_integer():
        return UNSOLVED
    return Solved(int(value) if kind == "integer" else value, f"type {kind}")


def _object(schema: dict, definitions: dict, depth: int) -> Solved | _Unsolved:
    properties = schema.get("properties") or {}
    value = {}
    for name in schema.get("required") or ():
        solved = schema_value(properties.get(name), definitions, depth + 1)
        if not isinstance(solved, Solved):
            return UNSOLVED
        value[name] = solved.value
    return Solved(value, "type object")


_LITERAL = re.compile(r"^(?:typing\.|typing_extensions\.|t\.)?Literal\[(.*)\]$", re.S)
_OPTIONAL = re.compile(r"^(?:typing\.)?Optional\[(.*)\]$", re.S)
_ANNOTATED = re.compile(r"^(?:typing\.|typing_extensions\.)?Annotated\[(.*)\]$", re.S)
_EXAMPLE = re.compile(r"""\be\.?g\.?,?\s*[:(]?\s*["'`]([^"'`\n]{1,80})["'`]""", re.I)


def annotation_value(annotation: str | None, default: str | None) -> Solved | _Unsolved:
    """The string a client sends for a prompt parameter of a function-style prompt.

    ``annotation`` and ``default`` are source text (None when absent). Prompt arguments are
    strings on the wire and the framework converts them (FRAMEWORKS.md §2, §5): a literal
    string default is sent as is, ``Literal[...]`` gives its first value, ``int``/``float``/
    ``bool`` a number or ``"true"``, ``str`` or no annotation the plain sample. Anything
    else is UNSOLVED.
    """
    if default is not None:
        value = _literal(default)
        if isinstance(value, str):
            return Solved(value, "default")
    text = _strip_wrappers((annotation or "str").strip())
    literal = _LITERAL.match(text)
    if literal:
        first = _literal(literal.group(1).split(",")[0].strip())
        return Solved(str(first), "Literal") if isinstance(first, (str, int)) else UNSOLVED
    simple = {"str": Solved(SAMPLE_TEXT, "str"), "int": Solved("1", "int"), "float": Solved("1.5", "float"),
              "bool": Solved("true", "bool")}
    return simple.get(text, UNSOLVED)


def _strip_wrappers(text: str) -> str:
    for _ in range(4):
        annotated = _ANNOTATED.match(text)
        if annotated:
            text = annotated.group(1).split(",")[0].strip()
            continue
        optional = _OPTIONAL.match(text)
        if optional:
            text = optional.group(1).strip()
            continue
        parts = [part.strip() for part in text.split("|")]
        if len(parts) > 1 and "None" in parts and "[" not in text:
            text = next(part for part in parts if part != "None")
            continue
        break
    return text


def description_example(description: str | None) -> Solved | _Unsolved:
    """A quoted example in an argument's description (``e.g. "staging"``), or UNSOLVED."""
    match = _EXAMPLE.search(description or "")
    return Solved(match.group(1), "description example") if match else UNSOLVED


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return UNSOLVED
