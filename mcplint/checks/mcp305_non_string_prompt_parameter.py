"""MCP305 non-string-prompt-parameter: a typed, non-``str`` prompt parameter without a default.

Prompt arguments are strings on the wire (``prompts/get`` params are ``dict[str, str]``, MCP
spec server/prompts). The FastMCP family converts each string to the parameter's type before
calling the function (mcp 1.x ``FastMCP`` and mcp 2.x ``MCPServer`` with pydantic
``validate_call``; fastmcp 2/3/4 with ``_convert_string_arguments``). Clients send ``""`` for a
field the user left empty, and ``""`` converts to no ``bool``, ``int``, ``float``, list, dict or
model: the client gets a generic error instead of -32602. On the SDK's ``FastMCP``/``MCPServer``
a list, dict or model parameter can never be filled at all, because no JSON is parsed
(``../shared/FRAMEWORKS.md`` "Verified behaviour: prompts/get").
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.module_info import dotted_name, is_context_annotation
from mcplint.model.stacks import generic_outcome

_SCALARS = {"bool": "bool", "int": "int", "float": "float", "Decimal": "Decimal"}
_COLLECTIONS = {"list", "dict", "set", "tuple", "frozenset", "List", "Dict", "Set", "Tuple", "FrozenSet",
                "Sequence", "Mapping", "MutableMapping", "MutableSequence", "Iterable", "Collection"}
_WRAPPERS = {"Optional", "Annotated", "Required", "NotRequired"}
_MODEL_BASES = {"BaseModel", "TypedDict", "RootModel"}
# The SDK's FastMCP family validates with pydantic lax mode and parses no JSON strings.
_NO_JSON_STACKS = {Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER}


class NonStringPromptParameter(Rule):
    """Fires on a parameter of a decorated prompt function typed ``bool``/``int``/``float``/
    collection/model (also inside ``Optional``/``Annotated``) that has no default. Silent for
    ``str``, unions that accept ``str``, ``Literal``/enum types, and any parameter with a default."""

    code = "MCP305"
    name = "non-string-prompt-parameter"
    summary = "A typed non-str prompt parameter without a default fails on the empty string clients send"
    preview = True

    def check(self, model) -> Iterator[Finding]:
        module_classes = _model_classes(model.module)
        for server, handler in model.handlers():
            declarations = handler.declarations or []
            if handler.style != "signature" or not declarations or declarations[0].style != "signature":
                continue
            if server.stack is Stack.FASTMCP4 and server.error_middleware is not False:
                continue  # fastmcp 4 with ErrorHandlingMiddleware (or middleware not known) maps them to -32602
            for param in _prompt_params(handler.function, model.info):
                argument = declarations[0].argument(param.name.value)
                if argument is None or argument.required is not True or param.annotation is None:
                    continue  # a default (``Field(default=...)`` too) fills the empty field
                kind = _non_string_kind(param.annotation.annotation, module_classes)
                if kind is None:
                    continue
                yield Finding(param, _message(declarations[0].name, param.name.value, kind, server.stack))


def _prompt_params(function: cst.FunctionDef, info=None) -> Iterator[cst.Param]:
    for param in list(function.params.params) + list(function.params.kwonly_params):
        annotation = param.annotation.annotation if param.annotation is not None else None
        if annotation is not None and is_context_annotation(annotation, info):
            continue  # the Context parameter is injected, not a prompt argument
        if param.name.value not in ("self", "cls"):
            yield param


def _non_string_kind(annotation: cst.BaseExpression, module_classes: set[str]) -> str | None:
    """``"bool"``, ``"int"``..., ``"collection"`` or ``"model"`` when no member accepts a str; else None."""
    members = _union_members(annotation)
    kinds = []
    for member in members:
        if _is_none(member):
            continue
        kind = _member_kind(member, module_classes)
        if kind is None:
            return None  # str, Any, Literal, an enum or anything unknown: the string may pass
        kinds.append(kind)
    return kinds[0] if kinds else None


def _union_members(annotation: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return _union_members(annotation.left) + _union_members(annotation.right)
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        elements = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
        if head == "Union":
            return [m for element in elements for m in _union_members(element)]
        if head in _WRAPPERS and elements:
            inner = _union_members(elements[0])
            return inner if head != "Optional" else inner + [cst.Name("None")]
    return [annotation]


def _member_kind(member: cst.BaseExpression, module_classes: set[str]) -> str | None:
    base = member.value if isinstance(member, cst.Subscript) else member
    name = (dotted_name(base) or "").rsplit(".", 1)[-1]
    if name in _SCALARS:
        return _SCALARS[name]
    if name in _COLLECTIONS:
        return "collection"
    if name in module_classes:
        return "model"
    return None


def _is_none(member: cst.BaseExpression) -> bool:
    return isinstance(member, cst.Name) and member.value == "None"


def _model_classes(module: cst.Module) -> set[str]:
    """Classes of this module that pydantic validates as an object (BaseModel, TypedDict, dataclass)."""
    names: set[str] = set()
    for statement in module.body:
        if not isinstance(statement, cst.ClassDef):
            continue
        bases = {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in statement.bases}
        decorators = {(dotted_name(d.decorator if not isinstance(d.decorator, cst.Call) else d.decorator.func) or "")
                      .rsplit(".", 1)[-1] for d in statement.decorators}
        if bases & (_MODEL_BASES | names) or "dataclass" in decorators:
            names.add(statement.name.value)
    return names


def _message(prompt: str | None, param: str, kind: str, stack: Stack) -> str:
    typed = "a collection" if kind == "collection" else ("a model" if kind == "model" else kind)
    where = f"prompt '{prompt}'" if prompt else "the prompt"
    if kind in ("collection", "model") and stack in _NO_JSON_STACKS:
        problem = (f"this stack parses no JSON, so no string a client sends converts to {typed}, "
                   f"and an unfilled field (\"\") fails too")
    else:
        problem = f"an unfilled field arrives as \"\", which fails conversion to {typed}"
    return (f"Parameter '{param}' of {where} is typed {typed} without a default: prompt arguments are strings and "
            f"{problem}; the client gets {generic_outcome(stack)} instead of -32602; take a str (or give a default) "
            f"and validate it in the function")


