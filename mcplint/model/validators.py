"""What a pydantic model's *before* validators fill in for a key the caller left out.

pydantic runs ``@model_validator(mode="before")`` (v2) and ``@root_validator(pre=True)`` (v1)
on the raw input before field validation (pydantic 2 ``pydantic/functional_validators.py``,
``model_validator``; pydantic 1 ``pydantic/class_validators.py``, ``root_validator``). A
validator that writes a key into that input (``data.setdefault("env", "prod")``,
``data["env"] = data.get("env") or "prod"``, ``return {**DEFAULTS, **data}``) makes a field
the model declares required optional in effect: the model then never rejects a call without
it, and the value it holds is that default.
"""

from __future__ import annotations

from typing import Any, Iterator

import libcst as cst

from mcplint.model.evaluate import Evaluator
from mcplint.model.module_info import dotted_name


def before_validation_fills(evaluator: Evaluator, cls: cst.ClassDef, depth: int = 0) -> dict[str, tuple[Any, cst.CSTNode]]:
    """Key -> (the value a before validator of ``cls`` (or of a project base) supplies for it
    when the input lacks it, UNKNOWN when not evaluable; the expression that writes it, the
    defect site of that fill). Empty when it has none, or writes no key mcplint can name."""
    filled: dict[str, tuple[Any, cst.CSTNode]] = {}
    for base in cls.bases:
        parent = evaluator.info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not cls and depth < 4:
            filled.update(before_validation_fills(evaluator, parent, depth + 1))
    for function, data in _before_validators(cls):
        for key, value, node in _writes(evaluator, function, data):
            filled[key] = (value, node)
    # a field validator runs on the filled-in value and may reject it: not known to stand in
    checked = _field_validated(cls)
    return {key: entry for key, entry in filled.items() if key not in checked and "*" not in checked}


def _field_validated(cls: cst.ClassDef) -> set[str]:
    """The field names a ``@field_validator`` / ``@validator`` of the class body names."""
    names: set[str] = set()
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for statement in body:
        for decorator in statement.decorators if isinstance(statement, cst.FunctionDef) else ():
            call = decorator.decorator
            if isinstance(call, cst.Call) and (dotted_name(call.func) or "").rsplit(".", 1)[-1] in (
                    "field_validator", "validator"):
                names.update(arg.value.evaluated_value for arg in call.args
                             if arg.keyword is None and isinstance(arg.value, cst.SimpleString))
    return names


def _before_validators(cls: cst.ClassDef) -> Iterator[tuple[cst.FunctionDef, str]]:
    """The before validators of a class body, each with the name of its input parameter."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.FunctionDef) or not any(_is_before(d.decorator) for d in statement.decorators):
            continue
        params = [p.name.value for p in statement.params.params]
        if params and params[0] in ("cls", "self"):
            params = params[1:]
        if params:
            yield statement, params[0]


def _is_before(decorator: cst.BaseExpression) -> bool:
    """``@model_validator(mode="before")`` / ``@root_validator(pre=True)`` (any import spelling)."""
    if not isinstance(decorator, cst.Call):
        return False
    name = (dotted_name(decorator.func) or "").rsplit(".", 1)[-1]
    for arg in decorator.args:
        if arg.keyword is None or not isinstance(arg.value, (cst.SimpleString, cst.Name)):
            continue
        if name == "model_validator" and arg.keyword.value == "mode" and isinstance(arg.value, cst.SimpleString):
            return arg.value.evaluated_value == "before"
        if name == "root_validator" and arg.keyword.value == "pre" and isinstance(arg.value, cst.Name):
            return arg.value.value == "True"
    return False


def _writes(evaluator: Evaluator, function: cst.FunctionDef, data: str) -> Iterator[tuple[str, Any, cst.CSTNode]]:
    """The keys the validator writes into its input ``data`` and the values it writes when the
    key is missing: ``data.setdefault(k, v)``, ``data[k] = <fallback>``, ``return {**D, **data}``."""
    for node in _walk(function.body):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "setdefault" and _is_name(node.func.value, data) and len(node.args) == 2:
            key = evaluator.eval(node.args[0].value)
            if isinstance(key, str):
                yield key, evaluator.eval(node.args[1].value), node.args[1].value
        elif isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Subscript) and _is_name(target.value, data) and len(target.slice) == 1 \
                    and isinstance(target.slice[0].slice, cst.Index):
                key = evaluator.eval(target.slice[0].slice.value)
                fallback = _fallback(evaluator, node.value, data, key)
                if isinstance(key, str) and fallback is not None:
                    yield key, fallback, node.value
        elif isinstance(node, cst.Return) and isinstance(node.value, cst.Dict):
            yield from ((key, value, node.value) for key, value in _merged_entries(evaluator, node.value, data))


def _fallback(evaluator: Evaluator, value: cst.BaseExpression, data: str, key: Any) -> Any:
    """What ``data[key] = value`` puts in place of a missing key: the default of
    ``data.get(key, d)`` / ``data.get(key) or d``, or a constant. None when ``value`` needs the
    caller's value (``data[key].strip()``): that is a transformation, not a fill."""
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
        return _fallback(evaluator, value.right, data, key)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
            and _is_name(value.func.value, data):
        if len(value.args) == 2:
            default = evaluator.eval(value.args[1].value)
            return default if default is not None else None
        return None
    if any(_is_name(node, data) for node in _walk(value)):
        return None
    constant = evaluator.eval(value)
    return constant if constant is not None else None


def _merged_entries(evaluator: Evaluator, node: cst.Dict, data: str) -> Iterator[tuple[str, Any]]:
    """``return {**DEFAULTS, "k": v, **data}``: the entries before the input are defaults."""
    elements = list(node.elements)
    if not elements or not isinstance(elements[-1], cst.StarredDictElement) or not _is_name(elements[-1].value, data):
        return
    for element in elements[:-1]:
        if isinstance(element, cst.StarredDictElement):
            table = evaluator.eval(element.value)
            if isinstance(table, dict):
                yield from ((k, v) for k, v in table.items() if isinstance(k, str))
            continue
        key = evaluator.eval(element.key)
        if isinstance(key, str):
            yield key, evaluator.eval(element.value)


def _is_name(node: cst.CSTNode, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node below ``node``, nested functions and classes excluded."""
    for child in node.children:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        yield child
        yield from _walk(child)




#: Decorators of validators that run on a field's or the model's value and may reject it.
_FIELD_VALIDATORS = ("field_validator", "validator")
_MODEL_VALIDATORS = ("model_validator", "root_validator")


def rejecting_fields(evaluator: Evaluator, cls: cst.ClassDef, fields: list[str], depth: int = 0) -> list[str]:
    """The fields of ``cls`` (in ``fields`` order) that a validator of the class (or of a project
    base) may reject: a ``@field_validator("level")`` / ``@validator("level")`` whose body raises
    (``raise ValueError(...)``, ``assert``), and, for a ``@model_validator`` /
    ``@root_validator`` that raises, the fields its body mentions (``self.start``,
    ``data["end"]``, ``values.get("end")``). pydantic turns such a raise into a
    ``ValidationError`` of the call that validated the model (pydantic 2
    ``pydantic/functional_validators.py``). A validator that only returns a tidied value rejects
    nothing. Empty when none can be named."""
    rejected: set[str] = set()
    for base in cls.bases:
        parent = evaluator.info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not cls and depth < 4:
            rejected.update(rejecting_fields(evaluator, parent, fields, depth + 1))
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.FunctionDef) or not _may_reject(statement):
            continue
        for decorator in statement.decorators:
            call = decorator.decorator
            name = (dotted_name(call.func if isinstance(call, cst.Call) else call) or "").rsplit(".", 1)[-1]
            if name in _FIELD_VALIDATORS and isinstance(call, cst.Call):
                named = {arg.value.evaluated_value for arg in call.args
                         if arg.keyword is None and isinstance(arg.value, cst.SimpleString)}
                rejected.update(fields if "*" in named else named)
            elif name in _MODEL_VALIDATORS:
                rejected.update(field for field in fields if field in _mentioned(statement))
    return [field for field in fields if field in rejected]


def _may_reject(function: cst.FunctionDef) -> bool:
    """Whether a validator's body raises something or asserts (nested functions not entered)."""
    return any((isinstance(node, cst.Raise) and node.exc is not None) or isinstance(node, cst.Assert)
               for node in _walk(function.body))


def _mentioned(function: cst.FunctionDef) -> set[str]:
    """The names, attribute names and string literals a validator's body mentions: the fields
    a model validator looks at (``self.end``, ``data["end"]``, ``values.get("end")``)."""
    found: set[str] = set()
    for node in _walk(function.body):
        if isinstance(node, cst.Attribute):
            found.add(node.attr.value)
        elif isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
            found.add(node.evaluated_value)
    return found
