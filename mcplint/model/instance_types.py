"""The project class of a helper object, read from every place that binds it.

A tool often calls a method of an object rather than a function: ``searcher.search(...)`` on a
module-level ``searcher = Searcher()`` (perhaps rebound by ``global searcher`` in ``main()``),
``gmail.send(...)`` on ``gmail = GmailClient(token)`` made in the handler itself, or
``self.db.get_job(...)`` on ``self.db = Database(path)`` set in the handler class's
``__init__``. The object's class is known when *every* binding of the name (or attribute) in
its scope is a call of the same project class; one other binding (a parameter, a call of
anything else, an unpacking) and the class is unknown, so the method is not followed and
nothing is reported from it. Nothing is imported or run.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, memo_by_node, suite_statements, walk


def bound_class(info, name: str, functions: Iterable[cst.FunctionDef]) -> cst.ClassDef | None:
    """The project class of the local or global ``name`` as seen from the innermost of
    ``functions`` (outermost first): the bindings of the innermost function that binds it,
    else the module's own (module-level assignments and ``global name`` rebindings in any
    function). None when a binding is not ``Cls(...)`` of one project class, or none is found."""
    for function in reversed(list(functions)):
        if _declares_global(function, name):
            break
        if name in _parameter_names(function):
            return None
        values = list(_assigned_values(function.body, name, into_functions=False))
        if values:
            return _single_class(info, values)
    values = list(_module_values(info.module, name))
    return _single_class(info, values) if values else None


def attribute_class(info, methods: Iterable[cst.FunctionDef], attr: str) -> cst.ClassDef | None:
    """The project class of ``self.<attr>`` when every method of the class that assigns it
    assigns ``Cls(...)`` of one project class (``self.db = Database(path)`` in ``__init__``)."""
    values: list[cst.BaseExpression] = []
    for method in methods:
        for node in walk(method.body, into_nested_scopes=False):
            if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
                for target in targets:
                    if any(dotted_name(element) == f"self.{attr}" for element in _elements(target)):
                        if not isinstance(node, (cst.Assign, cst.AnnAssign)) or node.value is None \
                                or isinstance(target, (cst.Tuple, cst.List)):
                            return None
                        values.append(node.value)
    return _single_class(info, values) if values else None


def _single_class(info, values: list[cst.BaseExpression]) -> cst.ClassDef | None:
    found: cst.ClassDef | None = None
    for value in values:
        value = value.expression if isinstance(value, cst.Await) else value
        cls = info.classes.get(dotted_name(value.func) or "") if isinstance(value, cst.Call) else None
        if cls is None or (found is not None and cls is not found):
            return None
        found = cls
    return found


def _module_values(module: cst.Module, name: str) -> Iterator[cst.BaseExpression]:
    """Values assigned to ``name`` at module level (blocks included) and by functions that
    declare it ``global``; a binding that is no plain assignment yields a sentinel."""
    yield from _assigned_values(module.body, name, into_functions=False)
    for function in _global_declarers(module).get(name, ()):
        yield from _assigned_values(function.body, name, into_functions=False)


_GLOBALS: dict = {}  # memo of _global_declarers, by module


def _global_declarers(module: cst.Module) -> dict[str, list[cst.FunctionDef]]:
    """Per name, the functions of ``module`` (at any depth) that declare it ``global``."""
    def index() -> dict[str, list[cst.FunctionDef]]:
        found: dict[str, list[cst.FunctionDef]] = {}
        stack: list[tuple[cst.CSTNode, cst.FunctionDef | None]] = [(s, None) for s in module.body]
        while stack:  # statements only, never expressions (a global is a statement)
            statement, function = stack.pop()
            if isinstance(statement, cst.SimpleStatementLine) and function is not None:
                for small in statement.body:
                    if isinstance(small, cst.Global):
                        for item in small.names:
                            found.setdefault(item.name.value, []).append(function)
                continue
            inner = statement if isinstance(statement, cst.FunctionDef) else function
            for child in _statement_children(statement):
                stack.append((child, inner))
        return found
    return memo_by_node(_GLOBALS, module, index, limit=8)


def _statement_children(statement: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The statements directly inside a compound statement (class and function bodies too)."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(statement, name, None)
        if isinstance(block, cst.If):
            yield block
        elif isinstance(block, (cst.Else, cst.Finally)):
            yield from suite_statements(block.body)
        elif isinstance(block, cst.BaseSuite):
            yield from suite_statements(block)
    for handler in getattr(statement, "handlers", ()):
        yield from suite_statements(handler.body)
    for case in getattr(statement, "cases", ()):
        yield from suite_statements(case.body)


def _assigned_values(body, name: str, into_functions: bool) -> Iterator[cst.BaseExpression]:
    """Every value a statement in ``body`` binds to ``name`` (nested blocks, not nested scopes);
    :data:`_OTHER` for a binding whose value is not one expression (loop, ``with``, unpacking,
    augmented assignment, import, ``def``/``class`` of that name)."""
    statements = body if isinstance(body, (list, tuple)) else suite_statements(body)
    for statement in statements:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and not into_functions:
            if statement.name.value == name:
                yield _OTHER
            continue
        for node in walk(statement, into_nested_scopes=into_functions):
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    if isinstance(target.target, cst.Name) and target.target.value == name:
                        yield node.value
                    elif any(isinstance(e, cst.Name) and e.value == name for e in _elements(target.target)):
                        yield _OTHER
            elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name) and node.target.value == name:
                if node.value is not None:
                    yield node.value
            elif _binds_otherwise(node, name):
                yield _OTHER


_OTHER = cst.Ellipsis()  # stands for a binding that is not one assigned value


def _binds_otherwise(node: cst.CSTNode, name: str) -> bool:
    if isinstance(node, cst.AugAssign):
        return dotted_name(node.target) == name
    if isinstance(node, cst.For):
        return any(isinstance(e, cst.Name) and e.value == name for e in _elements(node.target))
    if isinstance(node, cst.AsName):
        return any(isinstance(e, cst.Name) and e.value == name for e in _elements(node.name))
    if isinstance(node, cst.NamedExpr):
        return dotted_name(node.target) == name
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return node.name.value == name
    return False


def _elements(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _elements(element.value)
    else:
        yield target


def _parameter_names(function: cst.FunctionDef) -> set[str]:
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {param.name.value for param in every}


def _declares_global(function: cst.FunctionDef, name: str) -> bool:
    return any(isinstance(node, cst.Global) and any(n.name.value == name for n in node.names)
               for node in walk(function.body, into_nested_scopes=False))
