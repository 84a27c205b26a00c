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

from mcplint.model.module_info import dotted_name, memo_by_node, node_types, suite_statements, target_elements, walk


def bound_class(info, name: str, functions: Iterable[cst.FunctionDef]) -> cst.ClassDef | None:
    """The project class of the local or global ``name`` as seen from the innermost of
    ``functions`` (outermost first): the bindings of the innermost function that binds it,
    else the module's own (module-level assignments and ``global name`` rebindings in any
    function). None when a binding is not ``Cls(...)`` of one project class, or none is found."""
    for function in reversed(list(functions)):
        bindings, declared_global = _function_bindings(function)
        if name in declared_global:
            break
        if name in _parameter_names(function):
            return _annotated_class(info, function, name)
        values = bindings.get(name)
        if values:
            return _single_class(info, values)
    values = list(_module_values(info.module, name))
    if not values and name in info.imports:  # `from .router import router`: its module's value
        made = info.constants.get(name)
        values = [made] if isinstance(made, cst.Call) else []
    return _single_class(info, values) if values else None


_OTHER = cst.Ellipsis()  # stands for a binding that is not one assigned value
#: The nodes :func:`_node_bindings` reads (``type(node) in``: see module_info.node_types).
_BINDING_NODES = node_types(cst.Assign, cst.AnnAssign, cst.AugAssign, cst.NamedExpr, cst.For, cst.AsName)
_BINDINGS: dict = {}  # memo of _function_bindings, by function


def _function_bindings(function: cst.FunctionDef) -> tuple[dict[str, list[cst.BaseExpression]], set[str]]:
    """Every name ``function`` binds with the values it binds it to (:data:`_OTHER` for a
    binding that is not one value), and the names it declares ``global``: one walk per function."""
    def index() -> tuple[dict[str, list[cst.BaseExpression]], set[str]]:
        bindings: dict[str, list[cst.BaseExpression]] = {}
        declared: set[str] = set()
        for node in walk(function.body, into_nested_scopes=False):
            if node is not function.body and isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                bindings.setdefault(node.name.value, []).append(_OTHER)
            elif isinstance(node, cst.Global):
                declared.update(item.name.value for item in node.names)
            elif type(node) in _BINDING_NODES:  # most nodes bind nothing: no generator for them
                for name, value in _node_bindings(node):
                    bindings.setdefault(name, []).append(value)
        return bindings, declared
    return memo_by_node(_BINDINGS, function, index, limit=512)


def _node_bindings(node: cst.CSTNode) -> Iterator[tuple[str, cst.BaseExpression]]:
    """(name, value) for each name one node binds (:data:`_OTHER` when not one value)."""
    if isinstance(node, cst.Assign):
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                yield target.target.value, node.value
            else:
                for element in target_elements(target.target):
                    if isinstance(element, cst.Name):
                        yield element.value, _OTHER
    elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
        if node.value is not None:
            yield node.target.value, node.value
    elif isinstance(node, (cst.AugAssign, cst.NamedExpr)) and isinstance(node.target, cst.Name):
        yield node.target.value, _OTHER
    elif isinstance(node, cst.For):
        for element in target_elements(node.target):
            if isinstance(element, cst.Name):
                yield element.value, _OTHER
    elif isinstance(node, cst.AsName):
        for element in target_elements(node.name):
            if isinstance(element, cst.Name):
                yield element.value, _OTHER


def attribute_class(info, methods: Iterable[cst.FunctionDef], attr: str) -> cst.ClassDef | None:
    """The project class of ``self.<attr>`` when every method of the class that assigns it
    assigns ``Cls(...)`` of one project class (``self.db = Database(path)`` in ``__init__``), or
    a parameter annotated with that class (``self.workspace = workspace`` of
    ``workspace: Workspace``); ``None`` placeholders (``self.prompts: Optional[MCPPrompts] = None``
    in ``__init__``, the object made later in ``initialize()``) do not count: a method called on
    it runs that class's."""
    values: list[cst.BaseExpression] = []
    typed: list[cst.ClassDef | None] = []
    for method in methods:
        for node, target in self_assignments(method).get(attr, ()):
            if not isinstance(node, (cst.Assign, cst.AnnAssign)) or node.value is None \
                    or isinstance(target, (cst.Tuple, cst.List)):
                return None
            if isinstance(node.value, cst.Name) and node.value.value in _parameter_names(method):
                typed.append(_annotated_class(info, method, node.value.value))
            elif dotted_name(node.value) != "None":
                values.append(node.value)
    if not values and not typed:
        return None
    found = _single_class(info, values) if values else typed[0]
    return found if found is not None and all(cls is found for cls in typed) else None


_SELF_ASSIGNMENTS: dict = {}


def self_assignments(method: cst.FunctionDef) -> dict[str, list[tuple[cst.CSTNode, cst.BaseExpression]]]:
    """The ``self.<attr> = ...`` (also annotated and augmented) assignments of ``method``'s body,
    nested scopes left out: attr -> [(the assignment, its target holding ``self.<attr>``)], in
    walk order. Memoised per method: :func:`attribute_class` asks once per attribute for every
    method of the class, and a class of a few hundred methods made that a walk of them all
    each time."""
    def compute() -> dict[str, list[tuple[cst.CSTNode, cst.BaseExpression]]]:
        found: dict[str, list[tuple[cst.CSTNode, cst.BaseExpression]]] = {}
        for node in walk(method.body, into_nested_scopes=False):
            if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
                for target in targets:
                    names = {dotted_name(element) or "" for element in target_elements(target)}
                    for name in sorted(names):
                        head, dot, attr = name.partition(".")
                        if head == "self" and dot and "." not in attr:
                            found.setdefault(attr, []).append((node, target))
        return found
    return memo_by_node(_SELF_ASSIGNMENTS, method, compute, limit=4096)


def _annotated_class(info, function: cst.FunctionDef, name: str) -> cst.ClassDef | None:
    """The project class a parameter is annotated with (``client: DocsClient``,
    ``gh: "GitHubClient"``, ``Optional[Workspace]`` not included: a parameter that may be
    something else is not known); None for an unannotated parameter or any other type."""
    params = function.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value != name or param.annotation is None:
            continue
        return _named_class(info, param.annotation.annotation)
    return None


def _named_class(info, annotation: cst.BaseExpression) -> cst.ClassDef | None:
    """The project class an annotation names (``DocsClient``, ``"GitHubClient"``), else None."""
    if isinstance(annotation, cst.SimpleString):
        text = annotation.evaluated_value
        annotation = cst.Name(text) if isinstance(text, str) and text.isidentifier() else annotation
    cls = info.classes.get(dotted_name(annotation) or "")
    return cls if isinstance(cls, cst.ClassDef) else None


def _made_class(info, call: cst.Call) -> cst.ClassDef | None:
    """The project class a call makes: ``Cls(...)``, or a project factory annotated to return
    it (``def get_fetcher() -> GitHubFetcher``: the lazily made singleton many servers keep)."""
    name = dotted_name(call.func) or ""
    cls = info.classes.get(name)
    if cls is not None:
        return cls
    factory = info.functions.get(name) if name and "." not in name else None
    if isinstance(factory, cst.FunctionDef) and factory.returns is not None:
        return _named_class(info, factory.returns.annotation)
    return None


def _single_class(info, values: list[cst.BaseExpression]) -> cst.ClassDef | None:
    """The one project class every binding makes; a ``None`` placeholder (``handler:
    ToolHandler | None = None`` set later through ``global``) does not count, since a method
    call on it only runs once it is set."""
    found: cst.ClassDef | None = None
    for value in values:
        value = value.expression if isinstance(value, cst.Await) else value
        if isinstance(value, cst.Name) and value.value == "None":
            continue
        cls = _made_class(info, value) if isinstance(value, cst.Call) else None
        if cls is None or (found is not None and cls is not found):
            return None
        found = cls
    return found


def _module_values(module: cst.Module, name: str) -> Iterator[cst.BaseExpression]:
    """Values assigned to ``name`` at module level (blocks included) and by functions that
    declare it ``global`` (:data:`_OTHER` for a binding that is not one value)."""
    yield from _module_bindings(module).get(name, ())
    for function in _global_declarers(module).get(name, ()):
        yield from _function_bindings(function)[0].get(name, ())


_MODULE_BINDINGS: dict = {}  # memo of _module_bindings, by module


def _module_bindings(module: cst.Module) -> dict[str, list[cst.BaseExpression]]:
    """Every name the module's top level binds with its values: one walk per module."""
    def index() -> dict[str, list[cst.BaseExpression]]:
        bindings: dict[str, list[cst.BaseExpression]] = {}
        for statement in module.body:
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                bindings.setdefault(statement.name.value, []).append(_OTHER)
                continue
            for node in walk(statement, into_nested_scopes=False):
                if node is not statement and isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                    bindings.setdefault(node.name.value, []).append(_OTHER)
                for bound, value in _node_bindings(node):
                    bindings.setdefault(bound, []).append(value)
        return bindings
    return memo_by_node(_MODULE_BINDINGS, module, index, limit=8)


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


def _parameter_names(function: cst.FunctionDef) -> set[str]:
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {param.name.value for param in every}


_MAX_BASES = 4  # project base classes followed to find a method


def class_method(info, cls: cst.ClassDef, name: str, depth: int = 0) -> cst.FunctionDef | None:
    """The method ``name`` of the project class ``cls`` as Python resolves it for single
    inheritance: its own, else the first project base (depth first) that defines it."""
    for statement in suite_statements(cls.body):
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    if depth >= _MAX_BASES:
        return None
    for base in cls.bases:
        parent = info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not cls:
            found = class_method(info, parent, name, depth + 1)
            if found is not None:
                return found
    return None


def bound_method(info, expr: cst.BaseExpression, functions: Iterable[cst.FunctionDef],
                 own_methods: Iterable[cst.FunctionDef] = ()) -> cst.FunctionDef | None:
    """The method a bound-method expression names: ``catalog.describe`` where every binding of
    ``catalog`` (a local of ``functions``, innermost last, or a module global) is
    ``DatasetCatalog(...)`` (or an instance imported from a project module);
    ``self.prompts.render`` where the methods of the class around
    (``own_methods``) only ever set ``self.prompts = Prompts(...)``. A static or class method
    is no bound method of the instance (its first parameter is not the object): None."""
    if not isinstance(expr, cst.Attribute):
        return None
    owner = expr.value
    cls = None
    if isinstance(owner, cst.Call):  # `Catalog(root).describe`: a method of a fresh object
        cls = info.classes.get(dotted_name(owner.func) or "")
    elif isinstance(owner, cst.Name) and owner.value not in ("self", "cls"):
        cls = bound_class(info, owner.value, functions)
    elif isinstance(owner, cst.Attribute) and dotted_name(owner.value) == "self":
        methods = list(own_methods)
        cls = attribute_class(info, methods, owner.attr.value) if methods else None
    if cls is None:
        return None
    method = class_method(info, cls, expr.attr.value)
    if method is None or any(dotted_name(d.decorator) in ("staticmethod", "classmethod", "property")
                             for d in method.decorators):
        return None
    return method


def callable_method(info, expr: cst.BaseExpression, functions: Iterable[cst.FunctionDef],
                    own_methods: Iterable[cst.FunctionDef] = ()) -> cst.FunctionDef | None:
    """``__call__`` of the object ``expr`` names when it is an instance of a project class:
    ``router`` bound only to ``PromptRouter(...)``, ``self.router`` set only so, or a call
    ``PromptRouter(...)`` written in place (``Server(on_get_prompt=PromptRouter(...))``)."""
    cls = None
    if isinstance(expr, cst.Call):
        cls = info.classes.get(dotted_name(expr.func) or "")
    elif isinstance(expr, cst.Name):
        cls = bound_class(info, expr.value, functions)
    elif isinstance(expr, cst.Attribute) and dotted_name(expr.value) == "self":
        methods = list(own_methods)
        cls = attribute_class(info, methods, expr.attr.value) if methods else None
    return class_method(info, cls, "__call__") if cls is not None else None
