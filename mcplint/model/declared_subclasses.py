"""Declarations made by subclassing the declaration types: what ``ReviewPrompt()`` declares for

    class ReviewPrompt(types.Prompt):
        def __init__(self) -> None:
            super().__init__(name="review", arguments=[types.PromptArgument(name="code", required=True)])

and the same for ``types.Tool`` (``inputSchema=``), ``types.PromptArgument`` and fastmcp's
``Prompt``/``Tool``. These classes are pydantic models (mcp 1.x ``mcp/types.py``, mcp 2.x
``mcp_types/_types.py``, fastmcp ``prompts/prompt.py`` / ``tools/tool.py``): an instance's fields
are the class-level defaults (the class's own over its bases'), overridden by the keywords the
``__init__`` chain finally hands to the framework class, or by the call's keywords when no project
class of the chain defines ``__init__``. Nothing is run: each ``__init__`` is interpreted
statement by statement with its parameters bound from the call. Where a statement or a value is
out of reach the fields are unknown (None), and the caller keeps what the call itself says.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from mcplint.model.module_info import dotted_name, suite_statements

#: The framework classes whose project subclasses declare by their fields, with the packages
#: they may come from (mcp 1.x ``mcp.types``, mcp 2.x ``mcp_types`` re-exported by ``mcp.types``,
#: fastmcp's own Prompt and Tool).
DECLARATION_CLASSES = {"Prompt": ("mcp", "mcp_types", "fastmcp"), "Tool": ("mcp", "mcp_types", "fastmcp"),
                       "PromptArgument": ("mcp", "mcp_types", "fastmcp")}
_MAX_CHAIN = 4  # project classes followed up a subclass's bases


def declaration_kind(evaluator, node: cst.ClassDef, depth: int = 0) -> str | None:
    """``Prompt``, ``Tool`` or ``PromptArgument`` when the project class ``node`` derives,
    through project classes, from that declaration class of a framework; else None."""
    for base in node.bases:
        qualified = evaluator.info.qualify(base.value) or ""
        kind = qualified.rsplit(".", 1)[-1]
        if qualified.split(".")[0] in DECLARATION_CLASSES.get(kind, ()):
            return kind
        parent = _project_base(evaluator, base)
        if parent is not None and parent is not node and depth < _MAX_CHAIN:
            found = declaration_kind(evaluator, parent, depth + 1)
            if found is not None:
                return found
    return None


def subclass_fields(evaluator, node: cst.ClassDef, args: list[Any], kwargs: dict[str, Any],
                    depth: int = 0) -> dict[str, Any] | None:
    """The fields of ``node(*args, **kwargs)``, an instance of a project subclass of a
    declaration class: class-level defaults, then what the ``__init__`` chain passes on (or the
    call's keywords when no class of the chain defines ``__init__``). None when unknown."""
    if depth > _MAX_CHAIN:
        return None
    defaults = _class_defaults(evaluator, node, depth)
    if defaults is None:
        return None
    init = _own_method(node, "__init__")
    if init is None:
        parent = _single_project_base(evaluator, node)
        if parent is None:  # the framework class itself takes the keywords as fields
            return None if args else {**defaults, **kwargs}
        passed = subclass_fields(evaluator, parent, args, kwargs, depth + 1)
        return None if passed is None else {**defaults, **passed}
    passed = _init_chain(evaluator, node, init, args, kwargs, depth)
    return None if passed is None else {**defaults, **passed}


def _init_chain(evaluator, node: cst.ClassDef, init: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any],
                depth: int) -> dict[str, Any] | None:
    """Interpret ``init`` bound to ``node(*args, **kwargs)``: its simple statements in order,
    ``super().__init__(...)`` handing its values on up the chain, ``self.<field> = value``
    setting a field afterwards. None at any statement it cannot follow."""
    env = evaluator.bind_method(init, args, kwargs)
    if env is None:
        return None
    fields: dict[str, Any] | None = None
    for statement in suite_statements(init.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            return None  # branches and loops: which fields they set is not followed
        for small in statement.body:
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and _is_super_init(call):
                fields = _passed_up(evaluator, node, call, env, depth)
                if fields is None:
                    return None
            elif isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and (dotted_name(small.targets[0].target) or "").startswith("self."):
                if fields is not None:  # before the base's __init__ the field is overwritten
                    fields[dotted_name(small.targets[0].target)[5:]] = evaluator.eval(small.value, env)
            elif isinstance(small, (cst.Expr, cst.Pass)) or (isinstance(small, cst.Return) and small.value is None):
                continue
            elif not evaluator.run_statement(small, env):
                return None
    return fields


def _passed_up(evaluator, node: cst.ClassDef, call: cst.Call, env: dict[str, Any], depth: int) -> dict[str, Any] | None:
    """The fields ``super().__init__(...)`` (or ``Base.__init__(self, ...)``) makes: the keywords
    themselves when the base is the framework class, else the base's own chain."""
    args, kwargs = evaluator.arguments(call, env)
    if args is None:
        return None
    if not isinstance(call.func.value, cst.Call):  # Base.__init__(self, ...): self is not passed on
        args = args[1:]
    parent = _single_project_base(evaluator, node)
    if parent is None:
        return None if args else dict(kwargs)
    return subclass_fields(evaluator, parent, args, kwargs, depth + 1)


def _class_defaults(evaluator, node: cst.ClassDef, depth: int) -> dict[str, Any] | None:
    """``name = "review"`` / ``arguments: list[PromptArgument] = [...]`` in the class body and its
    project bases' (the class's own win); None when the chain is longer than followed."""
    if depth > _MAX_CHAIN:
        return None
    found: dict[str, Any] = {}
    parent = _single_project_base(evaluator, node)
    if parent is not None:
        inherited = _class_defaults(evaluator, parent, depth + 1)
        if inherited is None:
            return None
        found.update(inherited)
    for statement in suite_statements(node.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                found[small.targets[0].target.value] = evaluator.eval(small.value)
            elif isinstance(small, cst.AnnAssign) and small.value is not None and isinstance(small.target, cst.Name):
                found[small.target.value] = evaluator.eval(small.value)
    return found


def _single_project_base(evaluator, node: cst.ClassDef) -> cst.ClassDef | None:
    """The one project class among ``node``'s bases (None when there is none)."""
    parents = [parent for parent in (_project_base(evaluator, base) for base in node.bases)
               if parent is not None and parent is not node]
    return parents[0] if parents else None


def _project_base(evaluator, base: cst.Arg) -> cst.ClassDef | None:
    return evaluator.info.classes.get(dotted_name(base.value) or "")


def _own_method(node: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    return next((s for s in suite_statements(node.body) if isinstance(s, cst.FunctionDef) and s.name.value == name),
                None)


def _is_super_init(call: cst.Call) -> bool:
    """``super().__init__(...)`` or ``Base.__init__(self, ...)``."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "__init__":
        return False
    if isinstance(func.value, cst.Call):
        return dotted_name(func.value.func) == "super"
    return bool(call.args) and dotted_name(call.args[0].value) == "self"


def declaring_call(evaluator, node: cst.ClassDef, keywords: tuple[str, ...], depth: int = 0) -> cst.Call | None:
    """Where a subclass (or its nearest project base) writes one of the fields ``keywords``: the
    ``super().__init__(...)`` call of its ``__init__`` that passes it, or a call standing for its
    class-level default (``inputSchema: dict = {...}`` as ``Tool(inputSchema={...})``), so that a
    finding about a declared argument points into the declaration. None when none is written."""
    for statement in suite_statements(node.body):
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else \
                small.target if isinstance(small, cst.AnnAssign) and small.value is not None else None
            if isinstance(target, cst.Name) and target.value in keywords:
                return cst.Call(func=cst.Name(node.name.value), args=[cst.Arg(small.value, keyword=cst.Name(target.value))])
    init = _own_method(node, "__init__")
    for statement in suite_statements(init.body) if init is not None else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and _is_super_init(call) \
                    and any(arg.keyword is not None and arg.keyword.value in keywords for arg in call.args):
                return call
    parent = _single_project_base(evaluator, node)
    if parent is None or depth >= _MAX_CHAIN:
        return None
    return declaring_call(evaluator, parent, keywords, depth + 1)
