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


def instance_filler(holder: cst.ClassDef, attribute: str) -> tuple[cst.FunctionDef, cst.BaseSmallStatement] | None:
    """The one method that fills ``self.<attribute>`` of an instance of ``holder`` and its
    filling statement: ``def register(self, tool): self._tools[tool.name] = tool`` (or
    ``self._tools.append(tool)``) at the method's top level, the attribute written empty
    (``{}``, ``[]``, ``dict()``, ``list()``) once in ``__init__`` and changed by no other
    method. None for any other shape (the attribute's value is then not known)."""
    methods = [m for m in suite_statements(holder.body) if isinstance(m, cst.FunctionDef)]
    found = [(m, small) for m in methods if m.name.value != "__init__" for small in _filling_statements(m, attribute)]
    if len(found) != 1 or not _starts_empty(methods, attribute, empty_dict=True):
        return None
    filler = found[0][0]
    if any(_changes(m, attribute) for m in methods if m is not filler and m.name.value != "__init__"):
        return None
    params = filler.params
    if len(params.params) != 2 or params.params[0].name.value != "self" or params.kwonly_params \
            or isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return None
    return found[0]


def _filling_statements(method: cst.FunctionDef, attribute: str) -> Iterator[cst.BaseSmallStatement]:
    """The top-level statements of ``method`` that store into ``self.<attribute>`` by key or
    append to it."""
    name = f"self.{attribute}"
    for statement in suite_statements(method.body):
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Subscript) \
                    and dotted_name(small.targets[0].target.value) == name:
                yield small
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                    and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" \
                    and dotted_name(small.value.func.value) == name and len(small.value.args) == 1:
                yield small


def instance_applications(info, holder: cst.ClassDef, constructed: cst.Call, filler: str) -> list[tuple] | None:
    """What the project hands to ``<instance>.<filler>`` for the one object ``constructed``
    (``registry = ToolRegistry()`` at the top of a module): per use, (the argument's
    expression or the decorated function/class, the ModuleInfo of the module using it), in
    the modules next to the class's and the instance's own. A use the model cannot follow (a
    call inside a function or under a branch, a keyword, more than one argument, a decorator
    factory) makes the whole value unknown: None. ``info``: the bindings of the linted module."""
    bound = _instance_binding(info, holder, constructed)
    if bound is None or info.users_of is None:
        return None
    names, where = bound
    found: list[tuple] = []
    seen: set[int] = set()
    for linked in info.users_of(where, next(iter(names)).encode()):
        if id(linked.module) in seen:
            continue
        seen.add(id(linked.module))
        local = _local_names(linked.info, names)
        for used in _uses(linked.module, local, filler):
            if used is None:
                return None
            found.append((used, linked.info))
            if len(found) > _MAX_FUNCTIONS:
                return None
    return found


def _instance_binding(info, holder: cst.ClassDef, constructed: cst.Call) -> tuple[set[str], cst.CSTNode] | None:
    """The module-level name ``constructed`` is bound to (``registry = ToolRegistry()``), with
    that binding statement: found by identity in the linted module or the class's own, else
    (the class's module read twice, through two import paths) the one top-level binding of a
    ``Holder(...)`` call in the class's module. None when it is bound otherwise or not found."""
    home = info.home_of(holder) if info.home_of is not None else None
    for where in (info, home):
        for statement, small in _top_bindings(where):
            if small.value is constructed:
                return _bound_name(statement, small)
    same = [(statement, small) for statement, small in _top_bindings(home)
            if isinstance(small.value, cst.Call) and dotted_name(small.value.func) == holder.name.value]
    return _bound_name(*same[0]) if len(same) == 1 else None


def _top_bindings(where) -> Iterator[tuple[cst.SimpleStatementLine, cst.Assign | cst.AnnAssign]]:
    for statement in where.module.body if where is not None else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, (cst.Assign, cst.AnnAssign)):
                yield statement, small


def _bound_name(statement: cst.SimpleStatementLine, small) -> tuple[set[str], cst.CSTNode] | None:
    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
    if len(targets) == 1 and isinstance(targets[0], cst.Name):
        return {targets[0].value}, statement
    return None


def _uses(module: cst.Module, names: set[str], filler: str) -> Iterator:
    """Each use of ``<name>.<filler>`` in ``module``: a statement ``<name>.<filler>(value)`` at
    the module's top level gives the value's expression, ``@<name>.<filler>`` the decorated
    function or class; anything else gives None."""
    if not names:
        return
    wanted = {f"{name}.{filler}" for name in names}
    top = {id(small.value) for statement in module.body if isinstance(statement, cst.SimpleStatementLine)
           for small in statement.body if isinstance(small, cst.Expr)}
    handled: set[int] = set()  # the walk meets a decorator or call before the attribute inside it
    for node in walk(module):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            for item in node.decorators:
                if dotted_name(item.decorator) in wanted:
                    handled.add(id(item.decorator))
                    yield node
        elif isinstance(node, cst.Call) and dotted_name(node.func) in wanted:
            handled.add(id(node.func))
            if id(node) not in top or len(node.args) != 1 or node.args[0].star or node.args[0].keyword is not None:
                yield None
            else:
                yield node.args[0].value
        elif isinstance(node, cst.Attribute) and id(node) not in handled and dotted_name(node) in wanted:
            yield None  # `fill = registry.register` then `fill(x)`: not followed


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


def _starts_empty(methods: list[cst.FunctionDef], attribute: str, empty_dict: bool = False) -> bool:
    """``self.<attribute> = []`` (or ``list()``; with ``empty_dict`` also ``{}`` or ``dict()``)
    in ``__init__``, bound nowhere else."""
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None:
        return False
    values = [small.value for statement in suite_statements(init.body) if isinstance(statement, cst.SimpleStatementLine)
              for small in statement.body if isinstance(small, (cst.Assign, cst.AnnAssign))
              and any(dotted_name(t) == f"self.{attribute}" for t in _targets(small))]
    kinds = (cst.List, cst.Dict) if empty_dict else (cst.List,)
    calls = ("list", "dict") if empty_dict else ("list",)
    return len(values) == 1 and (isinstance(values[0], kinds) and not values[0].elements
                                 or isinstance(values[0], cst.Call) and dotted_name(values[0].func) in calls
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
