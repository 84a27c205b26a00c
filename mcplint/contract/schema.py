"""JSON schemas the frameworks would publish, rendered from annotations in the source.

Only a subset of annotations is rendered; anything else is UNKNOWN, so the export says
"unknown" rather than publish a schema the framework would not send. Rendered as pydantic 2
renders them (``pydantic/json_schema.py`` ``GenerateJsonSchema``: field titles from the
(aliased) name via ``name.title().replace("_", " ")``, keys sorted by ``sort()`` except
inside ``properties`` and ``default``; checked against the snapshots in the SDK tests):

* ``str``/``int``/``float``/``bool``/``None``/``Any``, ``list[T]``, ``dict[str, T]``,
  ``Optional[T]``/``T | None``/``Union[...]`` (``anyOf``), ``Literal[...]`` of one JSON type
  (``enum``, or ``const`` for one value), ``Annotated[T, Field(...)]`` and ``= Field(...)``
  with ``description``, ``title``, ``default`` and numeric/length bounds.
* With a :class:`Structured` context (a function's parameters, a model's fields): a
  module-local ``Enum`` whose members are all literal strings or all literal integers
  (``{"enum": [...], "type": ...}``, the docstring as ``description``), and a module-local
  pydantic model in the rendered subset (``properties``/``required``), as the parameter's
  type or ``Optional`` of it; inline as fastmcp sends them (references resolved, titles
  pruned), or as ``$defs`` entries with a ``$ref`` as pydantic writes them for mcp's
  ``FastMCP``/``MCPServer`` (verified against fastmcp 2.14.7/3.4.11/4.2.3 and mcp
  1.30.0/2.3.0 at runtime, ``tests/sdk/servers``).
* Not rendered (UNKNOWN): enums and models inside lists, dicts or wider unions, tuples,
  sets, bytes, dates, constrained types, unannotated parameters, ``Field`` options beyond
  those above.

Which schema each stack sends for a function (``function_schema``):

* mcp 1.x ``FastMCP`` / mcp 2.x ``MCPServer``: ``func_metadata(fn).arg_model.model_json_schema(by_alias=True)``,
  a model named ``<function>Arguments`` (python-sdk v2.0.0
  ``src/mcp/server/mcpserver/utilities/func_metadata.py`` ``func_metadata``,
  ``src/mcp/server/mcpserver/tools/base.py`` ``Tool.from_function``; mcp 1.x
  ``src/mcp/server/fastmcp/`` is the same code under its old name).
* fastmcp 2/3: ``TypeAdapter(fn).json_schema()`` compressed with ``prune_titles=True``
  (fastmcp v3.0.0rc2 ``src/fastmcp/tools/function_parsing.py`` ``ParsedFunction.from_function``,
  ``src/fastmcp/utilities/json_schema.py`` ``compress_schema``); fastmcp 3 adds
  ``"additionalProperties": false`` and 2.x does not (v2.14.5 ``tests/tools/test_tool.py``
  ``test_basic_function`` against v3.0.0rc2 ``tests/tools/tool/test_tool.py``); fastmcp 4
  as 3 (fastmcp 4.2.3 at runtime, ``tests/test_contract_sdk.py``). An unpinned fastmcp: UNKNOWN.
"""

from __future__ import annotations

import json
import inspect
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from mcplint.model.evaluate import UNKNOWN, Evaluator, ObjectValue
from mcplint.model.module_info import dotted_name

_SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}
_BOUNDS = {
    "ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum",
    "multiple_of": "multipleOf",
}
_LENGTHS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}
_FIELD_KEYS = {"description", "title", "default", "default_factory", "alias", *_BOUNDS, "min_length", "max_length"}


@dataclass
class Structured:
    """How enum and model types are rendered: ``inline`` (fastmcp: references resolved,
    titles pruned) or as ``defs`` entries referenced by ``$ref`` (pydantic's own
    ``model_json_schema``); ``defs`` collects them by class name."""

    inline: bool
    defs: dict[str, Any] = field(default_factory=dict)
    rendered: int = 0  # enums and models rendered so far (a field that holds one gets no title)


@dataclass
class FieldSchema:
    """One parameter or model field: its wire ``name``, rendered ``schema`` (without title),
    whether it is ``required``, its ``description`` (None when absent) and ``title`` override."""

    name: str
    schema: dict[str, Any]
    required: bool
    description: str | None
    title: str | None = None
    titled: bool = True  # pydantic gives an enum- or model-typed field no title of its own


def title_of(name: str) -> str:
    """pydantic's default field title: ``"first_name"`` -> ``"First Name"``."""
    return name.title().replace("_", " ").strip()


def _qualified(evaluator: Evaluator, node: cst.BaseExpression) -> str:
    name = evaluator.info.qualify(node) or dotted_name(node) or ""
    return name.replace("typing_extensions.", "typing.")


def type_schema(evaluator: Evaluator, annotation: cst.BaseExpression | None,
                structured: Structured | None = None) -> Any:
    """The pydantic JSON schema of an annotation (no title), UNKNOWN outside the subset.

    ``Annotated`` metadata is not applied here (see :func:`field_schema`). Enums and models
    are rendered only with ``structured`` (see :class:`Structured`).
    """
    if annotation is None:
        return UNKNOWN
    if isinstance(annotation, (cst.SimpleString, cst.ConcatenatedString)):
        return UNKNOWN  # a forward reference
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return _union(evaluator, [annotation.left, annotation.right], structured)
    if isinstance(annotation, cst.Name) and annotation.value == "None":
        return {"type": "null"}
    if isinstance(annotation, cst.Subscript):
        return _generic(evaluator, annotation, structured)
    if project_class(evaluator, annotation) is not None:
        return UNKNOWN if structured is None else _class_schema(evaluator, project_class(evaluator, annotation),
                                                                structured)
    name = _qualified(evaluator, annotation)
    if name in _SCALARS and name not in evaluator.info.classes:
        return {"type": _SCALARS[name]}
    if name in ("typing.Any", "Any"):
        return {}
    if name in ("list", "typing.List"):
        return {"items": {}, "type": "array"}
    return UNKNOWN


def _elements(node: cst.Subscript) -> list[cst.BaseExpression] | None:
    values = []
    for element in node.slice:
        if not isinstance(element.slice, cst.Index):
            return None
        values.append(element.slice.value)
    return values


def project_class(evaluator: Evaluator, node: cst.BaseExpression) -> cst.ClassDef | None:
    """The module-local class an annotation names, else None."""
    name = dotted_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
    return evaluator.info.classes.get(name) if name is not None else None


_ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum"}


def enum_members(evaluator: Evaluator, node: cst.ClassDef) -> dict[str, Any] | None:
    """``{member: value}`` of an ``Enum`` subclass whose members are all literal strings or
    all literal integers (a ``str``/``int`` mixin allowed); None for any other class, or an
    enum with ``auto()``, methods or another base."""
    bases = {_qualified(evaluator, base.value) for base in node.bases}
    if not bases & _ENUM_BASES or bases - _ENUM_BASES - {"str", "int"} or node.keywords:
        return None
    members: dict[str, Any] = {}
    for statement in node.body.body:
        if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
                and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.SimpleString):
            continue  # the docstring
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None
        small = statement.body[0]
        if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
            return None
        value = evaluator.eval(small.value)
        if type(value) not in (str, int) or small.targets[0].target.value.startswith("_"):
            return None
        members[small.targets[0].target.value] = value
    kinds = {type(value) for value in members.values()}
    return members if len(kinds) == 1 else None


def _class_schema(evaluator: Evaluator, node: cst.ClassDef, structured: Structured) -> Any:
    """An enum's or a model's schema: inline, or as a ``$defs`` entry and its ``$ref``."""
    structured.rendered += 1
    members = enum_members(evaluator, node)
    if members is not None:
        values = list(members.values())
        schema: Any = {"enum": values, "type": "string" if isinstance(values[0], str) else "integer"}
    else:
        fields = _model_fields(evaluator, node, 0, structured)
        if fields is None:
            return UNKNOWN
        schema = object_schema(fields, None if structured.inline else node.name.value)
    description = _class_description(node)
    if description is not None:
        schema["description"] = description
    if structured.inline:
        return schema
    name = node.name.value
    schema["title"] = name
    if structured.defs.get(name, schema) != schema:
        return UNKNOWN  # two classes of one name: pydantic qualifies the names
    structured.defs[name] = schema
    return {"$ref": f"#/$defs/{name}"}


def _class_description(node: cst.ClassDef) -> str | None:
    """A class docstring as pydantic describes an enum or model with it (``inspect.cleandoc``;
    an enum's default ``"An enumeration."`` is no description)."""
    first = node.body.body[0] if node.body.body else None
    if isinstance(first, cst.SimpleStatementLine) and isinstance(first.body[0], cst.Expr) \
            and isinstance(first.body[0].value, cst.SimpleString):
        text = inspect.cleandoc(first.body[0].value.evaluated_value or "")
        return text if text and text != "An enumeration." else None
    return None


def enum_default(evaluator: Evaluator, node: cst.BaseExpression) -> Any:
    """``Level.LOW`` as a default: the member's value (pydantic writes the value); UNKNOWN
    when ``node`` is no member of a module-local enum."""
    if not isinstance(node, cst.Attribute):
        return UNKNOWN
    owner = project_class(evaluator, node.value)
    members = enum_members(evaluator, owner) if owner is not None else None
    return members.get(node.attr.value, UNKNOWN) if members is not None else UNKNOWN


def _generic(evaluator: Evaluator, node: cst.Subscript, structured: Structured | None = None) -> Any:
    origin = _qualified(evaluator, node.value)
    args = _elements(node)
    if args is None:
        return UNKNOWN
    if origin in ("list", "typing.List", "collections.abc.Sequence", "typing.Sequence") and len(args) == 1:
        if origin not in ("list", "typing.List"):
            return UNKNOWN  # Sequence renders like list but validates differently: not claimed
        items = type_schema(evaluator, args[0])
        return UNKNOWN if items is UNKNOWN else {"items": items, "type": "array"}
    if origin in ("dict", "typing.Dict") and len(args) == 2:
        if _qualified(evaluator, args[0]) != "str":
            return UNKNOWN
        values = type_schema(evaluator, args[1])
        return UNKNOWN if values is UNKNOWN or values == {} else {"additionalProperties": values, "type": "object"}
    if origin == "typing.Optional" and len(args) == 1:
        return _union(evaluator, [args[0], cst.Name("None")], structured)
    if origin == "typing.Union":
        return _union(evaluator, args, structured)
    if origin == "typing.Literal":
        return _literal(evaluator, args)
    if origin == "typing.Annotated" and args:
        schema, _ = annotated_schema(evaluator, node, structured)
        return schema
    return UNKNOWN


def _union(evaluator: Evaluator, members: list[cst.BaseExpression], structured: Structured | None = None) -> Any:
    flat: list[cst.BaseExpression] = []
    for member in members:  # `A | B | None` nests to the left
        if isinstance(member, cst.BinaryOperation) and isinstance(member.operator, cst.BitOr):
            flat.extend([member.left, member.right])
        else:
            flat.append(member)
    classes = [member for member in flat if project_class(evaluator, member) is not None]
    if classes and (len(flat) != 2 or len(classes) != 1):
        structured = None  # only `Enum | None` is claimed: wider unions are not rendered
    schemas = [type_schema(evaluator, member, structured) for member in flat]
    if any(schema is UNKNOWN or schema == {} for schema in schemas):
        return UNKNOWN
    unique: list[dict] = []
    for schema in schemas:
        if schema not in unique:
            unique.append(schema)
    return unique[0] if len(unique) == 1 else {"anyOf": unique}


def _literal(evaluator: Evaluator, args: list[cst.BaseExpression]) -> Any:
    values = [evaluator.eval(arg) for arg in args]
    kinds = {type(value) for value in values}
    if not values or len(kinds) != 1 or kinds.pop() not in (str, int):
        return UNKNOWN
    json_type = "string" if isinstance(values[0], str) else "integer"
    if len(values) == 1:
        return {"const": values[0], "type": json_type}
    return {"enum": values, "type": json_type}


def annotated_schema(evaluator: Evaluator, node: cst.BaseExpression,
                     structured: Structured | None = None) -> tuple[Any, dict[str, Any]]:
    """``Annotated[T, Field(...), ...]``: T's schema and the Field keywords (evaluated).

    UNKNOWN when any metadata is not a plain ``Field(...)`` call or a keyword is outside
    what :func:`field_schema` renders.
    """
    options: dict[str, Any] = {}
    while isinstance(node, cst.Subscript) and _qualified(evaluator, node.value) == "typing.Annotated":
        args = _elements(node)
        if not args:
            return UNKNOWN, {}
        for metadata in args[1:]:
            keywords = field_keywords(evaluator, metadata)
            if keywords is None:
                return UNKNOWN, {}
            options.update(keywords)
        node = args[0]
    return type_schema(evaluator, node, structured), options


def is_field_call(evaluator: Evaluator, node: cst.BaseExpression | None) -> bool:
    """Whether ``node`` is a call of pydantic's ``Field``."""
    return isinstance(node, cst.Call) and _qualified(evaluator, node.func).rsplit(".", 1)[-1] == "Field"


def field_keywords(evaluator: Evaluator, node: cst.BaseExpression) -> dict[str, Any] | None:
    """The keywords of a ``Field(...)`` call, a positional default as ``default``; None when
    ``node`` is no Field call or uses an option the export does not render."""
    if not is_field_call(evaluator, node):
        return None
    keywords: dict[str, Any] = {}
    for index, arg in enumerate(node.args):
        if arg.star:
            return None
        if arg.keyword is None:
            if index != 0:
                return None
            if not isinstance(arg.value, cst.Ellipsis):
                keywords["default"] = evaluator.eval(arg.value)
            continue
        if arg.keyword.value not in _FIELD_KEYS:
            return None
        # a factory is called when the field is left out: only that there is one matters
        keywords[arg.keyword.value] = True if arg.keyword.value == "default_factory" else evaluator.eval(arg.value)
    if any(value is UNKNOWN for value in keywords.values()):
        return None
    return keywords


def field_schema(evaluator: Evaluator, name: str, annotation: cst.BaseExpression | None,
                 default: cst.BaseExpression | None, structured: Structured | None = None) -> FieldSchema | None:
    """A parameter or model field as pydantic renders it; None when it cannot be rendered.

    ``default`` is the default expression (None: no default): a ``Field(...)`` call
    contributes its options, any other expression must evaluate to a JSON value (or be a
    member of a rendered enum). ``structured``: see :class:`Structured`.
    """
    classes_before = structured.rendered if structured is not None else 0
    schema, options = annotated_schema(evaluator, annotation, structured) if annotation is not None \
        else (UNKNOWN, {})
    if schema is UNKNOWN:
        return None
    titled = structured is None or structured.rendered == classes_before
    has_default = False
    default_value: Any = None
    if default is not None:
        if is_field_call(evaluator, default):
            keywords = field_keywords(evaluator, default)
            if keywords is None:
                return None
            options.update(keywords)
        else:
            has_default, default_value = True, evaluator.eval(default)
            if not _is_json(default_value):
                default_value = enum_default(evaluator, default)
    if "default" in options:
        has_default, default_value = True, options["default"]
    if has_default and not _is_json(default_value):
        return None
    if not titled and set(options) - {"default", "default_factory", "description"}:
        return None  # a title or bounds on an enum- or model-typed field: not claimed
    factory = "default_factory" in options  # optional, and pydantic writes no default for it
    if factory and has_default:
        return None
    schema = dict(schema)
    if not _apply_bounds(schema, options):
        return None
    if has_default:
        schema["default"] = default_value
    description = options.get("description")
    if description is not None:
        if not isinstance(description, str):
            return None
        schema["description"] = description
    title = options.get("title")
    if title is not None and not isinstance(title, str):
        return None
    alias = options.get("alias")
    if alias is not None and not isinstance(alias, str):
        return None
    return FieldSchema(alias or name, schema, not (has_default or factory), description, title, titled)



def _apply_bounds(schema: dict[str, Any], options: dict[str, Any]) -> bool:
    for key, target in _BOUNDS.items():
        if key in options:
            if schema.get("type") not in ("integer", "number") or not isinstance(options[key], (int, float)):
                return False
            schema[target] = options[key]
    for index, key in enumerate(("min_length", "max_length")):
        if key in options:
            names = _LENGTHS.get(schema.get("type", ""))
            if names is None or not isinstance(options[key], int):
                return False
            schema[names[index]] = options[key]
    return True


def _is_json(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if isinstance(value, (list, tuple)):
        return all(_is_json(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and _is_json(item) for key, item in value.items())
    return False


def object_schema(fields: list[FieldSchema], title: str | None, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{"properties", "required"?, "title"?, "type": "object"}`` from rendered fields; with
    ``title`` None the titles are pruned (fastmcp), else each property gets its title."""
    properties: dict[str, Any] = {}
    for entry in fields:
        schema = dict(entry.schema)
        if title is not None and entry.titled:
            schema["title"] = entry.title or title_of(entry.name)
        properties[entry.name] = schema
    result: dict[str, Any] = {"properties": properties}
    required = [entry.name for entry in fields if entry.required]
    if required:
        result["required"] = required
    if title is not None:
        result["title"] = title
    result["type"] = "object"
    result.update(extra or {})
    return result


def model_schema(evaluator: Evaluator, node: cst.ClassDef, depth: int = 0) -> Any:
    """``Model.model_json_schema()`` of a module-local pydantic model; UNKNOWN when any field,
    base or model option is outside the rendered subset."""
    structured = Structured(inline=False)
    fields = _model_fields(evaluator, node, depth, structured)
    if fields is None:
        return UNKNOWN
    schema = function_schema(fields, node.name.value, structured)
    description = _class_description(node)
    return schema if description is None else {**schema, "description": description}


def function_schema(fields: list[FieldSchema], title: str | None, structured: Structured,
                    extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`object_schema` of a function's parameters, with the ``$defs`` its enum and
    model parameters were rendered into (pydantic puts them first, sorted by name)."""
    schema = object_schema(fields, title, extra)
    if structured.defs:
        schema = {"$defs": {name: structured.defs[name] for name in sorted(structured.defs)}, **schema}
    return schema


def _model_fields(evaluator: Evaluator, node: cst.ClassDef, depth: int,
                  structured: Structured | None = None) -> list[FieldSchema] | None:
    if depth > 4 or node.keywords:
        return None
    fields: dict[str, FieldSchema] = {}
    for base in node.bases:
        name = dotted_name(base.value) or ""
        if name in evaluator.info.classes:
            inherited = _model_fields(evaluator, evaluator.info.classes[name], depth + 1, structured)
            if inherited is None:
                return None
            fields.update({entry.name: entry for entry in inherited})
        elif _qualified(evaluator, base.value) != "pydantic.BaseModel":
            return None
    for statement in node.body.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.decorators:
            return None  # validators and computed fields change the schema
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign):
                return None  # model_config and friends
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            if "ClassVar" in (dotted_name(small.annotation.annotation) or "") or \
                    isinstance(small.annotation.annotation, cst.Subscript) and \
                    "ClassVar" in (dotted_name(small.annotation.annotation.value) or ""):
                continue
            entry = field_schema(evaluator, small.target.value, small.annotation.annotation, small.value, structured)
            if entry is None:
                return None
            fields[entry.name] = entry
    return list(fields.values())


def compact(schema: Any) -> str:
    """A schema as fastmcp writes it into a prompt argument's description: keys sorted as
    pydantic sorts them (``GenerateJsonSchema.sort``: everywhere but in the mapping under
    ``properties`` and in a ``default``), no spaces."""
    return json.dumps(_pydantic_sorted(schema), separators=(",", ":"))


def _pydantic_sorted(value: Any, parent: str | None = None) -> Any:
    if isinstance(value, dict):
        keys = value if parent in ("properties", "default") else sorted(value)
        return {key: value[key] if parent == "default" else _pydantic_sorted(value[key], key) for key in keys}
    if isinstance(value, list) and parent != "default":
        return [_pydantic_sorted(item, parent) for item in value]
    return value


def standalone_schema(schema: dict[str, Any], structured: Structured) -> Any:
    """A type's schema as ``TypeAdapter(T).json_schema()`` writes it on its own (how fastmcp
    describes a typed prompt argument): a type that is itself an enum or model is its
    ``$defs`` entry at the root; the other entries it uses stay under ``$defs``."""
    defs = dict(structured.defs)
    ref = schema.get("$ref") if len(schema) == 1 else None
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        schema = defs.pop(ref[len("#/$defs/"):])
    return {"$defs": {name: defs[name] for name in sorted(defs)}, **schema} if defs else schema


def object_value_is_known(value: Any) -> bool:
    """Whether an evaluated value holds no UNKNOWN and no unevaluated MCP object anywhere."""
    if value is UNKNOWN or isinstance(value, ObjectValue):
        return False
    if isinstance(value, (list, tuple)):
        return all(object_value_is_known(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and object_value_is_known(item) for key, item in value.items())
    return value is None or isinstance(value, (str, bool, int, float))
