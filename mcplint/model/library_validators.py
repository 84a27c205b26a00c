"""Calls of schema libraries that raise when the data they are handed does not validate.

``jsonschema.validate(arguments, SCHEMA)`` raises ``jsonschema.ValidationError`` (a plain
``Exception`` subclass, ``jsonschema/exceptions.py``) on a missing required key or a bad value;
so do ``Draft7Validator(SCHEMA).validate(arguments)`` and the other ``*Validator`` classes.
``fastjsonschema.validate(SCHEMA, data)`` and the function ``fastjsonschema.compile(SCHEMA)``
returns raise ``JsonSchemaValueException`` (a ``ValueError``); a ``voluptuous.Schema(...)``
object called on the data raises ``MultipleInvalid``; ``load``/``loads`` of a project class
derived from ``marshmallow.Schema`` raise ``marshmallow.ValidationError``. Nothing is written
at the call, but when the data is a prompt's or tool's arguments, that exception is the
caller's error: in a prompt it should be -32602 Invalid params, and it reaches the client as
code 0 or -32603 unless the code catches it (``../shared/FRAMEWORKS.md``, "Verified behaviour").

``cerberus.Validator.validate`` and marshmallow's ``Schema.validate`` return the errors instead
of raising, so they are no such call. Only names resolved through the module's imports count
(a project function called ``validate`` is followed as project code instead). Nothing is run.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.module_info import dotted_name, walk


@dataclass(frozen=True)
class LibraryValidation:
    """A library call that validates ``data`` and raises ``error`` (the exception class's
    name) when it does not validate; ``label`` names the call for messages."""

    label: str
    error: str
    data: cst.BaseExpression
    schema: cst.BaseExpression | None = None  # a JSON Schema the data is checked against, when one is


#: qualified function -> (the exception it raises, the position and keyword of the data, of the schema)
_FUNCTIONS = {
    "jsonschema.validate": ("ValidationError", 0, "instance", 1, "schema"),
    "jsonschema.validators.validate": ("ValidationError", 0, "instance", 1, "schema"),
    "fastjsonschema.validate": ("JsonSchemaValueException", 1, "data", 0, "definition"),
}
#: What catches each raised class besides itself (its library bases and the builtins above them).
_CAUGHT_BY = {
    "ValidationError": {"ValidationError", "_Error", "Exception", "BaseException", "*"},
    "JsonSchemaValueException": {"JsonSchemaValueException", "JsonSchemaException", "ValueError", "Exception",
                                 "BaseException", "*"},
    "MultipleInvalid": {"MultipleInvalid", "Invalid", "Error", "Exception", "BaseException", "*"},
}


def library_validation(info, function: cst.FunctionDef | None, call: cst.Call) -> LibraryValidation | None:
    """The validation ``call`` makes when it is one of the library calls above (the receiver of
    a method or the called object resolved through a local of ``function`` bound once, or a
    module-level name, to the library's constructor); None for any other call."""
    if not _imports_a_library(info):
        return None  # most modules: no call of theirs can be one of these
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value not in ("validate", "load", "loads"):
        return None
    qualified = info.qualify(func) or ""
    if qualified in _FUNCTIONS:
        error, position, keyword, schema_position, schema_keyword = _FUNCTIONS[qualified]
        data = _argument(call, position, keyword)
        schema = _argument(call, schema_position, schema_keyword)
        return LibraryValidation(f"{dotted_name(func)}()", error, data, schema) if data is not None else None
    maker = _made_by(info, function, func.value if isinstance(func, cst.Attribute) else func)
    made = (info.qualify(maker.func) or "") if maker is not None else ""
    method = func.attr.value if isinstance(func, cst.Attribute) else None
    data = _argument(call, 0, None)
    if data is None:
        return None
    if method is not None and maker is not None:  # `Draft7Validator(S).validate`: named by its class
        label = f"{dotted_name(func.value) or dotted_name(maker.func) + '(...)'}.{method}()"
    if method == "validate" and made.startswith("jsonschema.") and made.endswith("Validator"):
        return LibraryValidation(label, "ValidationError", data, _argument(maker, 0, "schema"))
    if method is None and made == "fastjsonschema.compile":
        return LibraryValidation(f"{dotted_name(func)}() (fastjsonschema.compile)", "JsonSchemaValueException", data,
                                 _argument(maker, 0, "definition"))
    if method is None and made == "voluptuous.Schema":
        return LibraryValidation(f"{dotted_name(func)}() (a voluptuous Schema)", "MultipleInvalid", data)
    if method in ("load", "loads") and maker is not None and _is_marshmallow_schema(info, maker):
        return LibraryValidation(f"{label} (a marshmallow Schema)", "ValidationError", data)
    return None


_LIBRARIES = ("jsonschema", "fastjsonschema", "voluptuous", "marshmallow")


def _imports_a_library(info) -> bool:
    """Whether the module imports one of the schema libraries (memoised on its ModuleInfo)."""
    memo = info.__dict__.get("_imports_schema_library")
    if memo is None:
        memo = any(target.split(".", 1)[0] in _LIBRARIES for target in info.imports.values())
        info.__dict__["_imports_schema_library"] = memo
    return memo


def caught_by(error: str, caught: set[str] | frozenset[str] | list[str]) -> bool:
    """Whether an ``except`` catching the class names ``caught`` catches the library's
    ``error`` (:data:`_CAUGHT_BY`)."""
    catchers = _CAUGHT_BY.get(error, {error, "Exception", "BaseException", "*"})
    return any(name in catchers for name in caught)


def _argument(call: cst.Call, position: int, keyword: str | None) -> cst.BaseExpression | None:
    """The argument at ``position`` (or passed as ``keyword``) of ``call``; None when a splat hides it."""
    if any(arg.star for arg in call.args):
        return None
    positional = [arg.value for arg in call.args if arg.keyword is None]
    if keyword is not None:
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == keyword:
                return arg.value
    return positional[position] if position < len(positional) else None


def _made_by(info, function: cst.FunctionDef | None, receiver: cst.BaseExpression) -> cst.Call | None:
    """The constructor call ``receiver`` holds: the call itself (``Draft7Validator(S).validate``),
    or the one value a local of ``function`` (else a module-level name) is bound to."""
    if isinstance(receiver, cst.Call):
        return receiver
    if not isinstance(receiver, cst.Name):
        return None
    if function is not None:
        values = [node.value for node in walk(function.body, into_nested_scopes=False)
                  if isinstance(node, cst.Assign) and any(
                      isinstance(t.target, cst.Name) and t.target.value == receiver.value for t in node.targets)]
        if values:
            return values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
    made = info.constants.get(receiver.value)
    return made if isinstance(made, cst.Call) else None


def _is_marshmallow_schema(info, maker: cst.Call) -> bool:
    """``BookSchema()`` of a project class whose base is ``marshmallow.Schema`` (directly)."""
    cls = info.classes.get(dotted_name(maker.func) or "")
    if not isinstance(cls, cst.ClassDef):
        return False
    return any((info.qualify(base.value) or "") in ("marshmallow.Schema", "marshmallow.schema.Schema")
               for base in cls.bases)


__all__ = ["LibraryValidation", "caught_by", "library_validation"]
