"""Keywords a project pydantic model drops: ``IssueFilter(tags=tags)`` when ``IssueFilter`` has
no field (or alias) ``tags`` and ignores extra keys.

pydantic 2 ``BaseModel`` ignores unknown keyword arguments by default (``extra="ignore"``,
pydantic docs "Models > Extra data"): the value passed under a name the model does not have
reaches nothing, and the field the caller meant keeps its default. Only a model the code shows
completely is judged: every base a project model or ``pydantic.BaseModel``, the extra setting
absent or ``"ignore"`` (``model_config = ConfigDict(extra=...)``, a ``model_config`` dict, a
``class Config`` attribute or a class keyword), no alias generator, no alias that is not a
literal string, and no ``__init__`` or before/wrap validator that could consume the keyword.
``extra="allow"`` keeps the key (in ``model_extra``) and ``extra="forbid"`` rejects the call:
neither drops the value silently, so neither is reported here. Dataclasses and plain classes
raise TypeError for an unknown keyword (no silent drop) and are not judged.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import dotted_name, walk

_MAX_DEPTH = 5
_CONSUMERS = frozenset({"model_validator", "root_validator", "validator", "field_validator"})


def model_ignoring(classes, qualify, call: cst.Call, keyword: str) -> cst.ClassDef | None:
    """The project pydantic model ``call`` builds when it silently ignores ``keyword`` (see
    the module docstring); None otherwise. ``classes``: the module's class table
    (``ModuleInfo.classes``); ``qualify``: ``ModuleInfo.qualify``."""
    if type(call.func) not in (cst.Name, cst.Attribute) or any(arg.star for arg in call.args):
        return None
    model = classes.get(dotted_name(call.func) or "")
    if not isinstance(model, cst.ClassDef):
        return None
    accepted = _accepted_keywords(classes, qualify, model, 0)
    return model if accepted is not None and keyword not in accepted else None


def _accepted_keywords(classes, qualify, model: cst.ClassDef, depth: int) -> set[str] | None:
    """The field names and aliases of ``model`` and its bases; None when the model is not a
    pydantic model read completely, or may keep or consume other keywords."""
    if depth > _MAX_DEPTH or model.decorators or not _ignores_extra(model) or _consumes_keywords(model):
        return None
    accepted: set[str] = set()
    for base in model.bases:
        if base.keyword is not None:
            return None
        name = dotted_name(base.value) or ""
        parent = classes.get(name) if name else None
        if isinstance(parent, cst.ClassDef):
            inherited = _accepted_keywords(classes, qualify, parent, depth + 1)
            if inherited is None:
                return None
            accepted |= inherited
        elif (qualify(base.value) or "") not in ("pydantic.BaseModel", "pydantic.main.BaseModel"):
            return None
    if not model.bases:
        return None
    fields = _own_fields(model)
    return None if fields is None else accepted | fields


def _own_fields(model: cst.ClassDef) -> set[str] | None:
    """Names annotated in the class body, with the literal aliases of their ``Field(...)``;
    None when an alias is not a literal string (``AliasChoices``, a constant)."""
    names: set[str] = set()
    for statement in _body(model):
        for small in _smalls(statement):
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                names.add(small.target.value)
                for node in walk(small):
                    if isinstance(node, cst.Arg) and node.keyword is not None and "alias" in node.keyword.value:
                        if not isinstance(node.value, cst.SimpleString) or not isinstance(node.value.evaluated_value, str):
                            return None
                        names.add(node.value.evaluated_value)
    return names


def _ignores_extra(model: cst.ClassDef) -> bool:
    """No extra setting, or ``"ignore"``; also no alias generator (the keys are then not the
    field names). Any setting not written as a literal counts as unknown: False."""
    for keyword in model.keywords:
        if keyword.keyword is not None and keyword.keyword.value in ("extra", "alias_generator"):
            return keyword.keyword.value == "extra" and _is_ignore(keyword.value)
    for statement in _body(model):
        if isinstance(statement, cst.ClassDef) and statement.name.value == "Config":
            for node in walk(statement):
                if isinstance(node, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == "extra"
                                                        for t in node.targets) and not _is_ignore(node.value):
                    return False
                if isinstance(node, cst.Name) and node.value == "alias_generator":
                    return False
            continue
        for small in _smalls(statement):
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and "model_config" in {
                    n.value for n in walk(small) if isinstance(n, cst.Name)}:
                return _config_ignores(small.value)
    return True


def _config_ignores(value: cst.BaseExpression | None) -> bool:
    """``ConfigDict(...)`` or a dict literal whose ``extra`` is absent or ``"ignore"``."""
    if isinstance(value, cst.Call) and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "ConfigDict":
        options = {arg.keyword.value: arg.value for arg in value.args if arg.keyword is not None}
        if any(arg.keyword is None for arg in value.args) or "alias_generator" in options:
            return False
        return "extra" not in options or _is_ignore(options["extra"])
    if isinstance(value, cst.Dict):
        for element in value.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                return False
            key = element.key.evaluated_value
            if key == "alias_generator" or (key == "extra" and not _is_ignore(element.value)):
                return False
        return True
    return False


def _is_ignore(value: cst.BaseExpression) -> bool:
    """``"ignore"`` or ``Extra.ignore``."""
    if isinstance(value, cst.SimpleString):
        return value.evaluated_value == "ignore"
    return (dotted_name(value) or "").endswith("Extra.ignore")


def _consumes_keywords(model: cst.ClassDef) -> bool:
    """An ``__init__`` or a validator in the class body: it may read any keyword."""
    for statement in _body(model):
        if not isinstance(statement, cst.FunctionDef):
            continue
        if statement.name.value in ("__init__", "__new__", "model_post_init"):
            return True
        for decorator in statement.decorators:
            target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            if (dotted_name(target) or "").rsplit(".", 1)[-1] in _CONSUMERS:
                return True
    return False


def _smalls(statement: cst.CSTNode):
    return statement.body if isinstance(statement, cst.SimpleStatementLine) else ()


def _body(model: cst.ClassDef):
    return model.body.body if isinstance(model.body, cst.IndentedBlock) else ()
