"""Registries: module-level containers written empty and filled by the project's own calls.

A common way to declare prompts and tools is a registry: ``REGISTRY = {}`` in one module,
a decorator that fills it (``def prompt(name, ...): def decorator(fn): REGISTRY[name] =
Entry(types.Prompt(...), fn); return fn; return decorator``), its uses elsewhere
(``@prompt("code_review", ...)`` on a function of ``prompts.py``), and a list handler
that reads it back (``[entry.prompt for entry in REGISTRY.values()]``). Python fills it
while the modules are imported; here the same value is computed by reading the code:

* the *fillers* are the functions that change the registry in place at their top level
  (``REGISTRY[key] = value``, ``REGISTRY.append(value)``): a decorator nested in a factory
  that returns it, a plain decorator, or a registering function;
* their *applications* are found in the modules of the folder of the file being linted
  (``@factory(...)`` / ``@decorator`` on a function, ``register(...)`` as a statement at
  module level), each evaluated with its own module's bindings;
* each application binds the filler's parameters (the decorated function as a
  :class:`~mcplint.model.evaluate.FunctionRef`) and the filling statement is evaluated.

Anything else (a filler with branches, an application whose arguments are unknown, a
registry filled from a loop or a class hook) leaves the value UNKNOWN, and the model says
so as a gap. Nothing is imported or run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

import libcst as cst

from mcplint.model.evaluate import UNKNOWN, ClassRef, Evaluator, FunctionRef, bind_arguments
from mcplint.model.module_info import dotted_name, suite_statements, walk

_MAX_ENTRIES = 500  # more applications than this: the registry is left unknown


def registry_value(evaluator: Evaluator, name: str) -> Any:
    """The value the registry ``name`` (a constant of ``evaluator``'s module, or one it
    imports) holds once the project's modules are imported; UNKNOWN when not every filling
    can be followed. Never raises."""
    info = evaluator.info
    literal = info.filled.get(name)
    if not isinstance(literal, (cst.Dict, cst.List)):
        return UNKNOWN
    short = name.rsplit(".", 1)[-1]
    fillers = list(_fillers(info, short))
    if not fillers:
        return UNKNOWN
    result: Any = {} if isinstance(literal, cst.Dict) else []
    found = 0
    for filler, statement, factory in fillers:
        applied = factory or filler
        for linked in _modules_applying(info, applied):
            for env in _applications(linked, applied, filler if factory else None, evaluator):
                if env is None or not _fill(evaluator, filler, statement, env, result):
                    return UNKNOWN
                if info.adopt is not None:
                    info.adopt(linked.info)  # the entries' own helpers resolve as in their module
                found += 1
                if found > _MAX_ENTRIES:
                    return UNKNOWN
    return result if found else UNKNOWN  # no use found nearby: its uses live elsewhere


def _modules_applying(info, applied: cst.FunctionDef) -> Iterator[Any]:
    """The modules (``.info``, ``.module``) where ``applied`` may be used: those of the
    folder that mention it, the module itself included, and those of the folder of the module
    that defines ``applied``; the module alone without a project."""
    if info.neighbours is None:
        yield _OwnModule(info, info.module)
        return
    needle = applied.name.value.encode()
    seen: set[int] = set()
    for linked in info.neighbours(needle):
        seen.add(id(linked.module))
        yield linked
    if info.neighbours_of is None:
        return
    # the registry imported from a package (`from tools.registry import TOOLS`): the modules of
    # the folder that defines the filling decorator, where its applications usually are
    for linked in info.neighbours_of(applied, needle):
        if id(linked.module) not in seen:
            seen.add(id(linked.module))
            yield linked


@dataclass(frozen=True)
class _OwnModule:
    info: Any
    module: cst.Module


def _fillers(info, name: str) -> Iterator[tuple[cst.FunctionDef, cst.BaseSmallStatement, cst.FunctionDef | None]]:
    """(filler, the statement that fills ``name``, the factory returning the filler or None)."""
    functions = [*dict.values(info.functions), *info.shadowed]  # two factories may each nest a `register`
    for function in functions:
        for small in _top_level_smalls(function):
            if _fills(small, name):
                yield function, small, _factory_of(functions, function)


def _top_level_smalls(function: cst.FunctionDef) -> Iterator[cst.BaseSmallStatement]:
    for statement in suite_statements(function.body):
        if isinstance(statement, cst.SimpleStatementLine):
            yield from statement.body


def _fills(small: cst.BaseSmallStatement, name: str) -> bool:
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        return isinstance(target, cst.Subscript) and dotted_name(target.value) == name
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute):
        return small.value.func.attr.value == "append" and dotted_name(small.value.func.value) == name
    return False


def _factory_of(functions: list[cst.FunctionDef], filler: cst.FunctionDef) -> cst.FunctionDef | None:
    """The function that defines ``filler`` at its top level and returns it by name."""
    for outer in functions:
        body = suite_statements(outer.body)
        if any(statement is filler for statement in body) and any(
                isinstance(small, cst.Return) and dotted_name(small.value) == filler.name.value
                for statement in body if isinstance(statement, cst.SimpleStatementLine) for small in statement.body):
            return outer
    return None


def _applications(linked, applied: cst.FunctionDef, decorator: cst.FunctionDef | None,
                  evaluator: Evaluator) -> Iterator[dict | None]:
    """One environment of the filler's parameters per use of ``applied`` in ``linked``'s
    module; None for a use whose arguments cannot be known."""
    local = _local_names(linked.info, applied.name.value)
    if not local:
        return
    own = Evaluator(linked.info)
    for node in walk(linked.module):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):  # `@register("parse") class ParseTool:` too
            for item in node.decorators:
                expr = item.decorator
                if decorator is not None and isinstance(expr, cst.Call) and dotted_name(expr.func) in local:
                    yield _bound(own, applied, expr, decorator, node)
                elif decorator is None and dotted_name(expr) in local:
                    yield bind_arguments(applied, [_decorated(node)], {}, own)
    if decorator is None:
        for statement in linked.module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                            and dotted_name(small.value.func) in local:
                        yield _bound(own, applied, small.value, None, None)


def _decorated(node: cst.FunctionDef | cst.ClassDef) -> FunctionRef | ClassRef:
    """What a decorator is handed: the function, or the class itself (a registry of classes
    whose objects the handler makes when it dispatches)."""
    return ClassRef(node) if isinstance(node, cst.ClassDef) else FunctionRef(node)


def _local_names(info, name: str) -> set[str]:
    """The names a module calls the project function ``name`` by (defined or imported)."""
    names = {local for local, qualified in info.imports.items() if qualified.rsplit(".", 1)[-1] == name}
    if name in dict.keys(info.functions) or not names:
        names.add(name)
    return names


def _bound(own: Evaluator, factory: cst.FunctionDef, call: cst.Call, decorator: cst.FunctionDef | None,
           function: cst.FunctionDef | cst.ClassDef | None) -> dict | None:
    """Bind ``factory(*call args)``; for a decorator factory also bind the decorated
    function (or class) to the inner decorator's first parameter."""
    args, kwargs = own.arguments(call, {})
    if args is None or any(value is UNKNOWN for value in [*args, *kwargs.values()]):
        return None
    env = bind_arguments(factory, args, kwargs, own)
    if env is None:
        return None
    if decorator is not None:
        inner = bind_arguments(decorator, [_decorated(function)], {}, own)
        if inner is None:
            return None
        env = {**env, **inner}
    return env


def _fill(evaluator: Evaluator, filler: cst.FunctionDef, statement, env: dict, result: Any) -> bool:
    """Run the filler's top-level statements up to ``statement`` and apply it to ``result``."""
    env = dict(env)
    for small in _top_level_smalls(filler):
        if small is statement:
            break
        if isinstance(small, (cst.Assign, cst.AnnAssign)) and not evaluator.run_statement(small, env):
            return False
    if isinstance(statement, cst.Assign):
        target = statement.targets[0].target
        if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index) or not isinstance(result, dict):
            return False
        key = evaluator.eval(target.slice[0].slice.value, env)
        if key is UNKNOWN or isinstance(key, (list, dict)):
            return False
        result[key] = evaluator.eval(statement.value, env)
        return True
    if not isinstance(result, list) or len(statement.value.args) != 1:
        return False
    value = evaluator.eval(statement.value.args[0].value, env)
    result.append(value)
    return value is not UNKNOWN
