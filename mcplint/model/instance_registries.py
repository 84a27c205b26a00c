"""Registries held by a project object: a list attribute its decorator method fills.

::

    class PromptRegistry:
        def __init__(self):
            self._fns = []
        def register(self, fn):          # @registry.register on each prompt function
            self._fns.append(fn)
            return fn
        def install(self, mcp):          # registry.install(mcp) where the server is made
            for fn in self._fns:
                mcp.prompt(fn)

    registry = PromptRegistry()

The functions ``self._fns`` holds once the project is imported are the functions decorated
with ``@registry.register`` (or passed to ``registry.register(fn)`` at the top of a module)
in the modules next to the class's own. The value is only taken when the attribute starts
empty in ``__init__`` and nothing but the filling method changes it; otherwise it is not
known (the loop's handler stays a gap). Nothing is imported or run.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, suite_statements, walk

_MAX_FUNCTIONS = 500
_CHANGING = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault"})


def instance_registry_functions(info, holder: cst.ClassDef, attribute: str) -> list[cst.FunctionDef]:
    """The functions ``self.<attribute>`` of an instance of ``holder`` holds (see the module
    docstring); empty when they are not known. ``info``: the bindings of the linted module."""
    methods = [m for m in suite_statements(holder.body) if isinstance(m, cst.FunctionDef)]
    fillers = [m.name.value for m in methods if _fills(m, attribute)]
    if len(fillers) != 1 or not _starts_empty(methods, attribute) \
            or any(_changes(m, attribute) for m in methods if m.name.value not in (fillers[0], "__init__")):
        return []
    if info.neighbours_of is None:
        return []
    instances = _instances(holder, info)
    found: list[cst.FunctionDef] = []
    for linked in info.neighbours_of(holder, fillers[0].encode()):
        names = _local_names(linked.info, instances)
        for function in _filled_by(linked.module, names, fillers[0]):
            if function is None:
                return []  # a use the model cannot follow: the whole value is unknown
            if all(function is not other for other in found):
                found.append(function)
                if getattr(info, "adopt", None) is not None:
                    info.adopt(linked.info)  # the function's own names (its exceptions, helpers) resolve as in its module
        if len(found) > _MAX_FUNCTIONS:
            return []
    return found


def _fills(method: cst.FunctionDef, attribute: str) -> bool:
    """``def register(self, fn): self.<attribute>.append(fn)`` at the method's top level."""
    params = [p.name.value for p in method.params.params]
    if len(params) != 2 or params[0] != "self":
        return False
    for statement in suite_statements(method.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                    and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" \
                    and dotted_name(small.value.func.value) == f"self.{attribute}" and len(small.value.args) == 1 \
                    and dotted_name(small.value.args[0].value) == params[1]:
                return True
    return False


def _starts_empty(methods: list[cst.FunctionDef], attribute: str) -> bool:
    """``self.<attribute> = []`` (or ``list()``) in ``__init__``, bound nowhere else."""
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None:
        return False
    values = [small.value for statement in suite_statements(init.body) if isinstance(statement, cst.SimpleStatementLine)
              for small in statement.body if isinstance(small, (cst.Assign, cst.AnnAssign))
              and any(dotted_name(t) == f"self.{attribute}" for t in _targets(small))]
    return len(values) == 1 and (isinstance(values[0], cst.List) and not values[0].elements
                                 or isinstance(values[0], cst.Call) and dotted_name(values[0].func) == "list"
                                 and not values[0].args)


def _targets(small) -> list[cst.BaseExpression]:
    return [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]


def _changes(method: cst.FunctionDef, attribute: str) -> bool:
    """Whether ``method`` binds or changes ``self.<attribute>`` in place."""
    name = f"self.{attribute}"
    for node in walk(method.body):
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = _targets(node) if not isinstance(node, cst.AugAssign) else [node.target]
            if any(dotted_name(t) == name or isinstance(t, cst.Subscript) and dotted_name(t.value) == name
                   for t in targets):
                return True
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in _CHANGING and dotted_name(node.func.value) == name:
            return True
    return False


def _instances(holder: cst.ClassDef, info) -> set[str]:
    """The module-level names bound to ``Holder(...)`` in the module that defines the class."""
    home = info.home_of(holder) if info.home_of is not None else None
    module = (home or info).module
    if not any(statement is holder for statement in module.body):
        return set()
    found = set()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) \
                        and dotted_name(small.value.func) == holder.name.value:
                    found.update(dotted_name(t.target) for t in small.targets if isinstance(t.target, cst.Name))
    return found


def _local_names(info, instances: set[str]) -> set[str]:
    """The names a module calls the instances by: imported by name, or its own."""
    names = {local for local, qualified in info.imports.items() if qualified.rsplit(".", 1)[-1] in instances}
    return names | {name for name in instances if name in dict.keys(info.constants)}


def _filled_by(module: cst.Module, names: set[str], filler: str) -> Iterator[cst.FunctionDef | None]:
    """The functions a module hands to ``<instance>.<filler>``: under ``@registry.register``,
    or as ``registry.register(fn)`` at its top level (None for any other use of it)."""
    if not names:
        return
    wanted = {f"{name}.{filler}" for name in names}
    functions = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    for node in walk(module):
        if isinstance(node, cst.FunctionDef):
            for decorator in node.decorators:
                expr = decorator.decorator
                if dotted_name(expr) in wanted:
                    yield node
                elif isinstance(expr, cst.Call) and dotted_name(expr.func) in wanted:
                    yield None
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                        and dotted_name(small.value.func) in wanted:
                    args = small.value.args
                    named = dotted_name(args[0].value) if len(args) == 1 else None
                    yield functions.get(named or "")
