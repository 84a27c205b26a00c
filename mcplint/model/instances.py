"""What an instance of a project class holds, read from the class: ``name = "x"`` in its body, or
``self.name = ...`` in its ``__init__`` (through ``super().__init__(...)`` / ``Base.__init__(self,
...)`` calls with literal arguments). Used to key registries filled with instances
(``HANDLERS[handler.name] = handler``)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from mcplint.model.module_info import dotted_name

_MAX_DEPTH = 4


def instance_attribute(info, evaluator, cls: cst.ClassDef, attr: str, args: list[cst.Arg], depth: int = 0,
                       instance: Any = None) -> Any:
    """The value of ``attr`` on ``cls(*args)``, or None when the source does not fix it.

    A class-level ``attr = <literal>`` (own class first, then bases) or ``self.attr = ...`` in
    ``__init__``, where the right side is a literal or an ``__init__`` parameter bound from
    ``args`` (or its default); ``super().__init__(...)`` passes literal arguments on to the base.
    ``instance``, the object itself when known, is ``self`` in the class's own ``__init__``.
    """
    if depth > _MAX_DEPTH:
        return None
    body = list(cls.body.body) if isinstance(cls.body, cst.IndentedBlock) else []
    for statement in body:
        value = _class_level(evaluator, statement, attr)
        if value is not None:
            return value
    init = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    if init is None:
        return _from_bases(info, evaluator, cls, attr, args, depth)
    env = _bind_known(evaluator, init, instance) if depth == 0 else None
    if env is None:
        env = _bind(evaluator, init, args)
    if env is None:
        return None
    if instance is not None and depth == 0:  # `self.table = {"ping": (self.ping, SCHEMA)}`: its bound methods
        env[init.params.params[0].name.value] = instance
    for statement in init.body.body if isinstance(init.body, cst.IndentedBlock) else ():
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and dotted_name(small.targets[0].target) == f"self.{attr}":
                return _value(evaluator, small.value, env)
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and _is_super_init(call):
                passed = [cst.Arg(value=_as_literal(_value(evaluator, a.value, env))) for a in call.args
                          if _value(evaluator, a.value, env) is not None and a.keyword is None and not a.star]
                if len(passed) != len(call.args) - _explicit_self(call):
                    return None
                value = _from_bases(info, evaluator, cls, attr, passed, depth)
                if value is not None:
                    return value
    return None


def _class_level(evaluator, statement: cst.CSTNode, attr: str) -> Any:
    if not isinstance(statement, cst.SimpleStatementLine):
        return None
    for small in statement.body:
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and dotted_name(small.targets[0].target) == attr:
            return evaluator.eval(small.value)
        if isinstance(small, cst.AnnAssign) and small.value is not None and dotted_name(small.target) == attr:
            return evaluator.eval(small.value)
    return None


def _from_bases(info, evaluator, cls: cst.ClassDef, attr: str, args: list[cst.Arg], depth: int) -> Any:
    for base in cls.bases:
        parent = info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not cls:
            value = instance_attribute(info, evaluator, parent, attr, args, depth + 1)
            if value is not None:
                return value
    return None


def _bind(evaluator, init: cst.FunctionDef, args: list[cst.Arg]) -> dict[str, Any] | None:
    """``__init__``'s parameters bound from the call's arguments as Python binds them
    (keywords, ``*tools`` collecting the rest, defaults); None when a ``*``/``**`` splat is
    passed or the arguments do not fit."""
    if any(a.star for a in args):
        return None
    positional = [evaluator.eval(a.value) for a in args if a.keyword is None]
    keywords = {a.keyword.value: evaluator.eval(a.value) for a in args if a.keyword is not None}
    return evaluator.bind_method(init, positional, keywords)


def _bind_known(evaluator, init: cst.FunctionDef, instance: Any) -> dict[str, Any] | None:
    """``__init__``'s parameters bound from the arguments the object was made with, as the
    evaluator already computed them where the call was (``Entry(types.Prompt(name=name), fn)``
    inside a registering decorator: ``name`` and ``fn`` are known there, not at the class);
    None when the object is not known so."""
    if getattr(instance, "kind", None) != "instance":
        return None
    positional = getattr(instance, "positional", None)
    keywords = getattr(instance, "fields", None)
    if not isinstance(positional, list) or not isinstance(keywords, dict) or not positional and not keywords:
        return None
    return evaluator.bind_method(init, list(positional), dict(keywords))


def _value(evaluator, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
    """``node`` evaluated with ``__init__``'s parameters bound (``{t.name: t for t in tools}``)."""
    return evaluator.eval(node, env)


def _is_super_init(call: cst.Call) -> bool:
    """``super().__init__(...)`` or ``Base.__init__(self, ...)``."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "__init__":
        return False
    if isinstance(func.value, cst.Call) and dotted_name(func.value.func) == "super":
        return True
    return _explicit_self(call) == 1


def _explicit_self(call: cst.Call) -> int:
    """1 for ``Base.__init__(self, ...)``, 0 for ``super().__init__(...)``."""
    if isinstance(call.func, cst.Attribute) and not isinstance(call.func.value, cst.Call) \
            and call.args and dotted_name(call.args[0].value) == "self":
        return 1
    return 0


def _as_literal(value: Any) -> cst.BaseExpression:
    """A literal expression for an evaluated argument (strings and numbers only)."""
    if isinstance(value, str):
        return cst.SimpleString(repr(value))
    if isinstance(value, bool) or value is None:
        return cst.Name(repr(value))
    if isinstance(value, int):
        return cst.Integer(str(value))
    return cst.Name("None")
