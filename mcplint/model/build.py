"""Build a file's MCP model: find servers, their stacks, declarations and handlers.

Registration forms understood (``../shared/FRAMEWORKS.md``):

* mcp 1.x low-level: ``@server.list_prompts()``, ``@server.get_prompt()``,
  ``@server.list_tools()``, ``@server.call_tool()`` (decorators that must be called);
* mcp 2.x low-level: ``Server(..., on_list_prompts=f, on_get_prompt=g, ...)`` and
  ``server.add_request_handler("prompts/get", ..., g)``;
* FastMCP family (mcp 1.x ``FastMCP``, mcp 2.x ``MCPServer``, fastmcp 2/3/4): ``@mcp.prompt``
  (bare or called), ``mcp.add_prompt(Prompt(..., arguments=[...], fn=f))`` and
  ``mcp.add_prompt(MyPrompt(...))`` for a ``Prompt`` subclass with ``render(self, arguments)``.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.model.dispatch import analyse_dispatch
from mcplint.model.evaluate import UNKNOWN, Evaluator, ObjectValue, bind_arguments
from mcplint.model.facts import ArgumentDecl, Declaration, FileModel, HandlerModel, ServerModel, Stack
from mcplint.model.flow import HandlerSpec, HandlerWalker
from mcplint.model.module_info import ModuleInfo, build_module_info, dotted_name, walk
from mcplint.model.project import link_project_imports
from mcplint.model.stacks import StackHints, resolve_stack

_CONSTRUCTORS = {
    "mcp.server.lowlevel.Server": "lowlevel", "mcp.server.Server": "lowlevel",
    "mcp.server.lowlevel.server.Server": "lowlevel",
    "mcp.server.fastmcp.FastMCP": "mcp1-fastmcp", "mcp.server.fastmcp.server.FastMCP": "mcp1-fastmcp",
    "mcp.server.FastMCP": "mcp1-fastmcp",
    "mcp.server.mcpserver.MCPServer": "mcp2-mcpserver", "mcp.server.MCPServer": "mcp2-mcpserver",
    "mcp.server.mcpserver.server.MCPServer": "mcp2-mcpserver",
    "fastmcp.FastMCP": "fastmcp", "fastmcp.server.FastMCP": "fastmcp", "fastmcp.server.server.FastMCP": "fastmcp",
}
_LOWLEVEL_DECORATORS = {"list_prompts", "get_prompt", "list_tools", "call_tool"}
_V2_KEYWORDS = {"on_list_prompts": "list_prompts", "on_get_prompt": "get_prompt",
                "on_list_tools": "list_tools", "on_call_tool": "call_tool"}
_V2_METHODS = {"prompts/list": "list_prompts", "prompts/get": "get_prompt",
               "tools/list": "list_tools", "tools/call": "call_tool"}


class _Registry:
    """Everything registered on one server variable while scanning the file."""

    def __init__(self, variable: str, family: str, node: cst.Call | None) -> None:
        self.variable = variable
        self.family = family
        self.node = node
        self.lowlevel: dict[str, cst.FunctionDef] = {}
        self.lowlevel_style: str | None = None  # "decorator" (mcp 1.x) or "constructor" (2.x)
        self.prompt_functions: list[tuple[cst.FunctionDef, cst.Decorator]] = []
        self.added_prompts: list[cst.Call] = []
        self.middleware = False
        self.mask_error_details = False
        self.validate_tool_input = True
        self.completion_decorator = False
        self.tool_functions: list[tuple[cst.FunctionDef, cst.CSTNode]] = []  # FastMCP-family tools


def build_model(module: cst.Module, path: str, pins=None, settings=None) -> FileModel:
    """The :class:`FileModel` of one parsed module; ``pins`` are the project's pinned versions."""
    _DESCENDANTS.clear()
    info = build_module_info(module)
    linked = link_project_imports(info, path, getattr(settings, "project_root", None))
    evaluator = Evaluator(info)
    registries = _find_servers(info)
    _find_registrations(info, registries)
    model = FileModel(path=path, module=module)
    if linked is not None:  # shared, so modules read while rules run are placed too
        model.dependencies, model.foreign_modules = linked.paths, linked.modules
    model.pins, model.info = pins, info
    hints = StackHints.from_module(info)
    for registry in registries.values():
        stack, reason = resolve_stack(registry.family, registry.lowlevel_style, hints, pins,
                                      registry.completion_decorator)
        server = ServerModel(variable=registry.variable, stack=stack, node=registry.node, stack_reason=reason,
                             error_middleware=registry.middleware, mask_error_details=registry.mask_error_details,
                             validate_tool_input=registry.validate_tool_input)
        server.handlers = list(_handlers(info, evaluator, registry, stack))
        server.signature_tools = [_signature_tool(info, evaluator, function, site)
                                  for function, site in registry.tool_functions]
        model.servers.append(server)
    if pins is not None and getattr(pins, "mcp", None) is not None and pins.mcp.major == 1:
        model.mcp_minor = pins.mcp.minor
        if pins.mcp.minor is not None and pins.mcp.minor < 10:
            _without_tool_input_validation(model)
    return model


def _without_tool_input_validation(model: FileModel) -> None:
    """mcp 1.x before 1.10 runs low-level tool handlers without checking ``inputSchema``
    (``mcp/server/lowlevel/server.py``, ``call_tool``: ``validate_input`` arrived in 1.10)."""
    for server, handler in model.handlers():
        if handler.kind == "tool" and server.stack.is_lowlevel:
            handler.framework_checks_required = False


# -- finding servers and registrations ------------------------------------------------------
def _find_servers(info: ModuleInfo) -> dict[str, _Registry]:
    registries: dict[str, _Registry] = {}
    for statement in _all_statements(info.module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, (cst.Assign, cst.AnnAssign)) or not isinstance(small.value, cst.Call):
                continue
            family = _CONSTRUCTORS.get(info.qualify(small.value.func) or "")
            if family is None:
                continue
            targets = small.targets if isinstance(small, cst.Assign) else [small]
            for target in targets:
                name = dotted_name(target.target)
                if name:
                    registries[name] = _registry_from_constructor(info, name, family, small.value)
    return registries


def _registry_from_constructor(info: ModuleInfo, name: str, family: str, call: cst.Call) -> _Registry:
    registry = _Registry(name, family, call)
    for arg in call.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword in _V2_KEYWORDS:
            function = info.functions.get(dotted_name(arg.value) or "")
            registry.lowlevel_style = "constructor"
            if function is not None:
                registry.lowlevel[_V2_KEYWORDS[keyword]] = function
        elif keyword == "mask_error_details":
            registry.mask_error_details = dotted_name(arg.value) == "True"
        elif keyword == "middleware" and "ErrorHandlingMiddleware" in _source_names(arg.value):
            registry.middleware = True
    return registry


def _find_registrations(info: ModuleInfo, registries: dict[str, _Registry]) -> None:
    imports_lowlevel = any(q.startswith("mcp.server") and q.endswith("Server") for q in info.imports.values())
    for statement in _all_statements(info.module.body):
        if isinstance(statement, cst.FunctionDef):
            for decorator in statement.decorators:
                _register_decorated(info, registries, statement, decorator, imports_lowlevel)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                    _register_call(info, registries, small.value)


def _register_decorated(info, registries, function: cst.FunctionDef, decorator: cst.Decorator, imports_lowlevel: bool) -> None:
    expr = decorator.decorator
    call = expr if isinstance(expr, cst.Call) else None
    target = call.func if call is not None else expr
    if not isinstance(target, cst.Attribute):
        return
    variable = dotted_name(target.value)
    method = target.attr.value
    if variable is None:
        return
    registry = registries.get(variable)
    if registry is None and method in _LOWLEVEL_DECORATORS and call is not None and imports_lowlevel:
        registry = registries.setdefault(variable, _Registry(variable, "lowlevel", None))
    if registry is None:
        return
    if registry.family == "lowlevel" and method in _LOWLEVEL_DECORATORS:
        registry.lowlevel_style = "decorator"
        registry.lowlevel.setdefault(method, function)
        if method == "call_tool" and call is not None:
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value == "validate_input":
                    registry.validate_tool_input = dotted_name(arg.value) != "False"
    elif registry.family != "lowlevel" and method == "prompt":
        registry.prompt_functions.append((function, decorator))
    elif registry.family != "lowlevel" and method == "tool":
        registry.tool_functions.append((function, decorator))
    elif method == "completion":
        registry.completion_decorator = True


def _register_call(info, registries, call: cst.Call) -> None:
    if not isinstance(call.func, cst.Attribute):
        return
    registry = registries.get(dotted_name(call.func.value) or "")
    if registry is None:
        return
    method = call.func.attr.value
    if method == "add_tool" and call.args and registry.family != "lowlevel":
        function = info.functions.get(dotted_name(call.args[0].value) or "")
        if function is not None:
            registry.tool_functions.append((function, call))
    if method == "add_prompt" and call.args:
        registry.added_prompts.append(call)
    elif method == "add_middleware" and "ErrorHandlingMiddleware" in _source_names(call):
        registry.middleware = True
    elif method == "add_request_handler" and len(call.args) >= 2:
        registry.lowlevel_style = "constructor"
        method_name = Evaluator(info).eval(call.args[0].value)
        function = info.functions.get(dotted_name(call.args[-1].value) or "")
        if isinstance(method_name, str) and method_name in _V2_METHODS and function is not None:
            registry.lowlevel[_V2_METHODS[method_name]] = function


# -- handlers -------------------------------------------------------------------------------
def _handlers(info: ModuleInfo, evaluator: Evaluator, registry: _Registry, stack: Stack) -> Iterator[HandlerModel]:
    if registry.family == "lowlevel":
        yield from _lowlevel_handlers(info, evaluator, registry, stack)
        return
    for function, decorator in registry.prompt_functions:
        yield _signature_handler(info, evaluator, function, decorator)
    for call in registry.added_prompts:
        handler = _added_prompt_handler(info, evaluator, call.args[0].value)
        if handler is not None:
            yield handler


def _lowlevel_handlers(info, evaluator, registry: _Registry, stack: Stack) -> Iterator[HandlerModel]:
    v2 = registry.lowlevel_style == "constructor"
    for kind, list_name, get_name in (("prompt", "list_prompts", "get_prompt"), ("tool", "list_tools", "call_tool")):
        function = registry.lowlevel.get(get_name)
        if function is None:
            continue
        lister = registry.lowlevel.get(list_name)
        declarations = _listed_declarations(evaluator, lister, kind) if lister is not None else None
        handler = HandlerModel(kind=kind, function=function, style="mapping", declarations=declarations)
        handler.framework_checks_required = kind == "tool" and not v2 and registry.validate_tool_input \
            and stack is not Stack.MCP2_LOWLEVEL
        spec = _lowlevel_spec(function, v2, may_be_none=(kind == "prompt" or v2))
        HandlerWalker(info, evaluator, handler, spec).run()
        if declarations is not None and all(d.name is not None for d in declarations):
            handler.dispatch = analyse_dispatch(info, evaluator, function, frozenset(d.name for d in declarations),
                                                spec.name_names, spec.name_attrs)
        yield handler


def _lowlevel_spec(function: cst.FunctionDef, v2: bool, may_be_none: bool) -> HandlerSpec:
    params = [p.name.value for p in list(function.params.posonly_params) + list(function.params.params)]
    spec = HandlerSpec()
    if v2 and len(params) >= 2:
        spec.name_attrs.add(f"{params[1]}.name")
        spec.mapping_attrs[f"{params[1]}.arguments"] = may_be_none
    elif not v2 and len(params) >= 2:
        spec.name_names.add(params[0])
        spec.mapping_names[params[1]] = may_be_none
    return spec


def _listed_declarations(evaluator: Evaluator, lister: cst.FunctionDef, kind: str) -> list[Declaration] | None:
    """Evaluate what a list_prompts/list_tools handler returns; None when it cannot be known."""
    params = list(lister.params.posonly_params) + list(lister.params.params)
    env = bind_arguments(lister, [UNKNOWN] * len(params), {}, evaluator)
    value = evaluator.call_function(lister, [UNKNOWN] * len(params), {}) if env is not None else UNKNOWN
    if value is UNKNOWN:
        return None
    if isinstance(value, ObjectValue) and value.kind in ("ListPromptsResult", "ListToolsResult"):
        value = value.get("prompts" if kind == "prompt" else "tools")
    if not isinstance(value, (list, tuple)):
        return None
    declarations = []
    for item in value:
        if not isinstance(item, ObjectValue) or item.kind not in ("Prompt", "Tool"):
            return None
        declarations.append(_prompt_declaration(item) if kind == "prompt" else _tool_declaration(item))
    return declarations


def _prompt_declaration(prompt: ObjectValue, style: str = "literal") -> Declaration:
    name = prompt.get("name", None)
    name = name if isinstance(name, str) else None
    arguments_value = prompt.get("arguments", [])
    arguments: list[ArgumentDecl] | None = []
    if arguments_value is None:
        arguments_value = []
    if not isinstance(arguments_value, (list, tuple)):
        arguments = None
    else:
        for index, item in enumerate(arguments_value):
            if isinstance(item, dict) and isinstance(item.get("name", None), str):
                arguments.append(_dict_argument_declaration(item, index, prompt))
                continue
            if not isinstance(item, ObjectValue) or not isinstance(item.get("name", None), str):
                arguments = None
                break
            arguments.append(_argument_declaration(item, prompt.node))
    return Declaration(kind="prompt", name=name, arguments=arguments, node=prompt.node, style=style)


def _dict_argument_declaration(item: dict, index: int, prompt: ObjectValue) -> ArgumentDecl:
    """``types.Prompt(arguments=[{"name": "x", ...}])``: pydantic accepts a dict per argument.

    The declaring node is the dict literal when the ``arguments=`` list is written inline.
    """
    literal = None
    listed = _keyword(prompt.node, "arguments") if isinstance(prompt.node, cst.Call) else None
    if isinstance(listed, (cst.List, cst.Tuple)) and index < len(listed.elements) \
            and isinstance(listed.elements[index].value, cst.Dict):
        literal = listed.elements[index].value
    required = item.get("required", None)
    description = item.get("description", None)
    return ArgumentDecl(
        name=item["name"], node=literal or prompt.node, required_explicit="required" in item, literal=literal,
        required=bool(required) if isinstance(required, bool) or required is None else None,
        description=description if isinstance(description, str) else None,
    )


def _argument_declaration(item: ObjectValue, container: cst.CSTNode) -> ArgumentDecl:
    required = item.get("required", None)
    explicit = "required" in item.fields
    description = item.get("description", None)
    node = item.node if _contains(container, item.node) else container
    return ArgumentDecl(
        name=item.get("name"), node=node, required_explicit=explicit, literal=item.node,
        required=bool(required) if isinstance(required, bool) or required is None else None,
        description=description if isinstance(description, str) else None,
    )


def _tool_declaration(tool: ObjectValue) -> Declaration:
    name = tool.get("name", None)
    schema = tool.get("input_schema", UNKNOWN)
    arguments: list[ArgumentDecl] | None = None
    if isinstance(schema, dict) and isinstance(schema.get("properties", {}), dict):
        required = schema.get("required", [])
        if isinstance(required, (list, tuple)):
            arguments = [ArgumentDecl(name=str(key), required=key in required, node=tool.node)
                         for key in schema.get("properties", {})]
    return Declaration(kind="tool", name=name if isinstance(name, str) else None, arguments=arguments,
                       node=tool.node, style="schema")


def _signature_handler(info, evaluator, function: cst.FunctionDef, decorator: cst.Decorator) -> HandlerModel:
    name = function.name.value
    if isinstance(decorator.decorator, cst.Call):
        for index, arg in enumerate(decorator.decorator.args):
            if (arg.keyword is None and index == 0) or (arg.keyword is not None and arg.keyword.value == "name"):
                value = evaluator.eval(arg.value)
                if isinstance(value, str):
                    name = value
    arguments, params = signature_arguments(evaluator, function)
    declaration = Declaration(kind="prompt", name=name, arguments=arguments, node=decorator, style="signature")
    handler = HandlerModel(kind="prompt", function=function, style="signature", declarations=[declaration],
                           framework_checks_required=True)
    spec = HandlerSpec(parameters=params)
    HandlerWalker(info, evaluator, handler, spec).run()
    return handler


def _signature_tool(info, evaluator, function: cst.FunctionDef, site: cst.CSTNode) -> HandlerModel:
    """An ``@mcp.tool`` function (or ``mcp.add_tool(f)``) of the FastMCP family, walked for
    its raises and returns; the framework validates its arguments from the signature."""
    name = function.name.value
    decorator = site.decorator if isinstance(site, cst.Decorator) else None
    if isinstance(decorator, cst.Call):
        for index, arg in enumerate(decorator.args):
            if (arg.keyword is None and index == 0) or (arg.keyword is not None and arg.keyword.value == "name"):
                value = evaluator.eval(arg.value)
                if isinstance(value, str):
                    name = value
    arguments, params = signature_arguments(evaluator, function)
    declaration = Declaration(kind="tool", name=name, arguments=arguments, node=site, style="signature")
    handler = HandlerModel(kind="tool", function=function, style="signature", declarations=[declaration],
                           framework_checks_required=True)
    HandlerWalker(info, evaluator, handler, HandlerSpec(parameters=params)).run()
    return handler


def signature_arguments(evaluator: Evaluator, function: cst.FunctionDef) -> tuple[list[ArgumentDecl], dict[str, cst.Param]]:
    """Prompt arguments derived from a function signature, as FastMCP does.

    Every parameter except a ``Context``-annotated one becomes an argument; it is required
    exactly when it has no default (``Field(...)``/``Field(description=...)`` count as no
    default). Source: mcp 1.x ``mcp/server/fastmcp/prompts/base.py`` ``Prompt.from_function``.
    """
    arguments: list[ArgumentDecl] = []
    params: dict[str, cst.Param] = {}
    for param in list(function.params.params) + list(function.params.kwonly_params):
        annotation = param.annotation.annotation if param.annotation is not None else None
        if annotation is not None and "Context" in _source_names(annotation):
            continue
        if param.name.value in ("self", "cls"):
            continue
        required = param.default is None or _field_without_default(evaluator, param.default)
        arguments.append(ArgumentDecl(name=param.name.value, required=required, node=param))
        params[param.name.value] = param
    return arguments, params


def _field_without_default(evaluator: Evaluator, default: cst.BaseExpression) -> bool:
    value = evaluator.eval(default)
    if not isinstance(value, ObjectValue) or value.kind != "Field":
        return False
    if "default" in value.fields or "default_factory" in value.fields:
        return False
    first = default.args[0].value if isinstance(default, cst.Call) and default.args and default.args[0].keyword is None else None
    return first is None or isinstance(first, cst.Ellipsis)


def _added_prompt_handler(info, evaluator, expr: cst.BaseExpression) -> HandlerModel | None:
    """``add_prompt(Prompt(..., fn=f))`` or ``add_prompt(MyPrompt(...))`` for a subclass."""
    if isinstance(expr, cst.Name) and expr.value in info.constants:
        expr = info.constants[expr.value]
    if not isinstance(expr, cst.Call):
        return None
    class_name = dotted_name(expr.func) or ""
    value = evaluator.eval(expr)
    if isinstance(value, ObjectValue) and value.kind == "Prompt":
        fn = info.functions.get(dotted_name(_keyword(expr, "fn")) or "") if _keyword(expr, "fn") is not None else None
        if fn is None:
            return None
        declaration = _prompt_declaration(value, style="explicit")
        handler = HandlerModel(kind="prompt", function=fn, style="signature", declarations=[declaration],
                               framework_checks_required=True)
        _, params = signature_arguments(evaluator, fn)
        HandlerWalker(info, evaluator, handler, HandlerSpec(parameters=params)).run()
        return handler
    subclass = info.classes.get(class_name)
    if subclass is None or not _is_prompt_subclass(info, subclass):
        return None
    render = _method(subclass, "render")
    if render is None:
        return None
    fields = {arg.keyword.value: evaluator.eval(arg.value) for arg in expr.args if arg.keyword is not None}
    declaration = _prompt_declaration(ObjectValue("Prompt", fields, expr), style="subclass")
    handler = HandlerModel(kind="prompt", function=render, style="mapping", declarations=[declaration])
    params = [p.name.value for p in render.params.params]
    spec = HandlerSpec(mapping_names={params[1]: True} if len(params) >= 2 else {})
    HandlerWalker(info, evaluator, handler, spec).run()
    return handler


def _is_prompt_subclass(info: ModuleInfo, node: cst.ClassDef) -> bool:
    for base in node.bases:
        qualified = info.qualify(base.value) or ""
        if qualified.endswith("Prompt") and (qualified.startswith("fastmcp") or qualified.startswith("mcp")):
            return True
    return False


def _method(node: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    for statement in node.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    return None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


# -- small utilities --------------------------------------------------------------------------
def _all_statements(body) -> Iterator[cst.CSTNode]:
    """Every statement at any depth, including methods of classes."""
    for statement in body:
        yield statement
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef, cst.If, cst.With, cst.For, cst.While, cst.Try)):
            for block in _blocks(statement):
                yield from _all_statements(block)


def _blocks(statement) -> Iterator[list]:
    body = getattr(statement, "body", None)
    if isinstance(body, cst.IndentedBlock):
        yield list(body.body)
    for extra in ("orelse", "finalbody"):
        block = getattr(statement, extra, None)
        while block is not None:
            inner = getattr(block, "body", None)
            if isinstance(inner, cst.IndentedBlock):
                yield list(inner.body)
            block = block.orelse if isinstance(block, cst.If) else None
    for handler in getattr(statement, "handlers", ()):
        if isinstance(handler.body, cst.IndentedBlock):
            yield list(handler.body.body)


def _source_names(node: cst.CSTNode) -> set[str]:
    return {current.value for current in walk(node) if isinstance(current, cst.Name)}


_DESCENDANTS: dict[int, tuple[cst.CSTNode, frozenset[int]]] = {}


def _contains(container: cst.CSTNode, target: cst.CSTNode) -> bool:
    """Whether ``target`` lies inside ``container``; each container is walked once per file."""
    cached = _DESCENDANTS.get(id(container))
    if cached is None or cached[0] is not container:
        cached = _DESCENDANTS[id(container)] = (container, frozenset(id(node) for node in walk(container)))
    return id(target) in cached[1]
