"""Valid tool arguments solved from a function signature, for a tool whose ``inputSchema``
the contract cannot render (a pydantic-model or Enum parameter, fastmcp not pinned).

The FastMCP family builds the schema from the signature with pydantic (fastmcp
``ParsedFunction``, mcp 1.x ``func_metadata``), so a value pydantic accepts for the
annotation is a valid argument: ``str`` a sample, ``int`` 1, ``float`` 1.5, ``bool`` true,
``list``/``dict`` empty, ``Optional[X]``/``X | None`` null, ``Literal`` its first value, a
project ``Enum`` its first member's value, a project pydantic model or dataclass an object of
its required fields (solved the same way). A constrained annotation (``Annotated[...,
Field(ge=...)]``, ``= Field(gt=...)``) or anything else is UNSOLVED: the author fills it in.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from mcplint.gentests.values import SAMPLE_TEXT, UNSOLVED, Solved
from mcplint.model.evaluate import Evaluator
from mcplint.model.module_info import dotted_name, suite_statements

_EMPTY = cst.Module(body=[])
_SIMPLE = {"str": SAMPLE_TEXT, "int": 1, "float": 1.5, "bool": True, "list": [], "List": [], "dict": {},
           "Dict": {}, "Any": SAMPLE_TEXT}
_FIELD_DOCS = {"description", "title", "examples", "alias"}
_MAX_DEPTH = 4


def signature_value(param: cst.Param, evaluator: Evaluator | None, depth: int = 0) -> Solved | Any:
    """A valid JSON value for the required tool parameter ``param``, or UNSOLVED."""
    if evaluator is None or param.annotation is None:
        return UNSOLVED
    if param.default is not None and not _plain_field(param.default):
        return UNSOLVED  # Field(ge=1) and the like: a constraint mcplint does not solve here
    return _value(param.annotation.annotation, evaluator, depth)


def _value(node: cst.BaseExpression, evaluator: Evaluator, depth: int) -> Any:
    if depth > _MAX_DEPTH:
        return UNSOLVED
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        if "None" in (_code(node.left), _code(node.right)):
            return Solved(None, "annotation")
        return UNSOLVED
    if isinstance(node, cst.Subscript):
        return _generic(node, evaluator, depth)
    name = dotted_name(node) or ""
    base = name.rsplit(".", 1)[-1]
    if base in _SIMPLE and name in (base, f"typing.{base}"):
        return Solved(_SIMPLE[base], "annotation")
    cls = evaluator.info.classes.get(name)
    if isinstance(cls, cst.ClassDef):
        return _class_value(cls, evaluator, depth)
    return UNSOLVED


def _generic(node: cst.Subscript, evaluator: Evaluator, depth: int) -> Any:
    head = (dotted_name(node.value) or "").rsplit(".", 1)[-1]
    elements = [element.slice.value for element in node.slice if isinstance(element.slice, cst.Index)]
    if head == "Optional" or head == "Union" and any(_code(e) == "None" for e in elements):
        return Solved(None, "annotation")
    if head in ("list", "List", "Sequence", "set", "Set"):
        return Solved([], "annotation")
    if head in ("dict", "Dict", "Mapping"):
        return Solved({}, "annotation")
    if head == "Literal" and elements:
        value = evaluator.eval(elements[0])
        return Solved(value, "Literal") if isinstance(value, (str, int, bool)) else UNSOLVED
    if head == "Annotated" and elements:
        extras = elements[1:]
        if all(isinstance(e, cst.Call) and _plain_field(e) for e in extras):
            return _value(elements[0], evaluator, depth)
    return UNSOLVED


def _class_value(cls: cst.ClassDef, evaluator: Evaluator, depth: int) -> Any:
    bases = {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in cls.bases}
    if "Enum" in bases or "StrEnum" in bases or "IntEnum" in bases:
        return _enum_value(cls, evaluator)
    decorators = {(dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                  for d in cls.decorators}
    if "BaseModel" not in bases and not decorators & {"dataclass", "dataclasses.dataclass"}:
        return UNSOLVED
    value = {}
    for statement in suite_statements(cls.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            if "ClassVar" in _code(small.annotation.annotation):
                continue
            if small.value is not None and not (isinstance(small.value, cst.Call) and _required_field(small.value)):
                continue  # has a default
            if small.value is not None and not _plain_field(small.value):
                return UNSOLVED
            solved = _value(small.annotation.annotation, evaluator, depth + 1)
            if not isinstance(solved, Solved):
                return UNSOLVED
            value[small.target.value] = solved.value
    return Solved(value, f"model {cls.name.value}")


def _enum_value(cls: cst.ClassDef, evaluator: Evaluator) -> Any:
    for statement in suite_statements(cls.body):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign):
                    value = evaluator.eval(small.value)
                    return Solved(value, f"enum {cls.name.value}") if isinstance(value, (str, int)) else UNSOLVED
    return UNSOLVED


def _field_call(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "Field"


def _plain_field(node: cst.BaseExpression) -> bool:
    """``Field(...)`` with documentation keywords only (no bound, pattern or length)."""
    if not _field_call(node):
        return False
    return all(arg.keyword is None or arg.keyword.value in _FIELD_DOCS | {"default", "default_factory"}
               for arg in node.args)


def _required_field(node: cst.Call) -> bool:
    """``Field(...)`` / ``Field(description=...)``: no default."""
    if not _field_call(node):
        return False
    keywords = {arg.keyword.value for arg in node.args if arg.keyword is not None}
    positional = [arg.value for arg in node.args if arg.keyword is None]
    return not keywords & {"default", "default_factory"} and (not positional or isinstance(positional[0], cst.Ellipsis))


def _code(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node).strip()
