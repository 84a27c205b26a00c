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

import os

from typing import Iterator

import libcst as cst

from mcplint.model.declared_subclasses import declaring_call
from mcplint.model.dispatch import analyse_dispatch
from mcplint.model.evaluate import INSTANCE, UNKNOWN, Evaluator, FunctionRef, ObjectValue, bind_arguments
from mcplint.model.facts import ArgumentDecl, Declaration, FileModel, HandlerModel, Read, ServerModel, Stack
from mcplint.model.flow import HandlerSpec, HandlerWalker
from mcplint.model.module_info import (ModuleInfo, build_module_info, dotted_name, forget_children,
                                       is_context_annotation, literal_value, source_names, suite_statements, walk)
from mcplint.model.project import link_project_imports
from mcplint.model.registries import registry_value
from mcplint.model.servers import Gap, Registry, find_servers
from mcplint.model.stacks import LABELS, StackHints, configured_stack, resolve_stack


def build_model(module: cst.Module, path: str, pins=None, settings=None) -> FileModel:
    """The :class:`FileModel` of one parsed module; ``pins`` are the project's pinned versions.

    Servers and registrations come from :func:`mcplint.model.servers.find_servers`; every
    handler registered on them is walked here. Never raises for code it does not follow:
    that becomes a gap (``ServerModel.gaps``, ``FileModel.gaps``) for the coverage report.
    """
    _DESCENDANTS.clear()
    forget_children()
    info = build_module_info(module)
    linked = link_project_imports(info, path, getattr(settings, "project_root", None))
    info.registry = registry_value
    evaluator = Evaluator(info)
    found = find_servers(info, pins)
    model = FileModel(path=path, module=module)
    if linked is not None:  # shared, so modules read while rules run are placed too
        model.dependencies, model.foreign_modules = linked.paths, linked.modules
    model.pins, model.info, model.settings = pins, info, settings
    model.gaps = list(found.gaps)
    hints = StackHints.from_module(info)
    by_registry: dict[int, ServerModel] = {}
    for registry in found.registries:
        configured = configured_stack(registry.family, registry.lowlevel_style, hints, pins,
                                      registry.completion_decorator)
        if configured is not None:
            stack, reason, _ = configured
        else:
            stack, reason = resolve_stack(registry.family, registry.lowlevel_style, hints, pins,
                                          registry.completion_decorator)
        server = ServerModel(variable=registry.variable, stack=stack, node=registry.node, stack_reason=reason,
                             error_middleware=registry.middleware, mask_error_details=registry.mask_error_details,
                             validate_tool_input=registry.validate_tool_input, constructor=registry.constructor,
                             gaps=list(registry.gaps), class_guessed=registry.class_guessed)
        if configured is not None:
            server.version_conflict = _version_conflict(registry, found.decorator_uses, configured, settings)
        server.handlers = list(_handlers(info, evaluator, registry, stack, server))
        server.signature_tools = [_signature_tool(info, evaluator, function, site, registry.row_names.get(id(function)))
                                  for function, site in registry.tool_functions]
        if not server.handlers and not server.signature_tools and registry.node is not None:
            for call in registry.handed_to:  # register_tools(mcp): what it registers is not linked here
                server.gaps.append(Gap(call, f"`{registry.variable}` is handed to {_called(call)}, and no prompt or "
                                             f"tool registered there was linked to this server", when_empty=True))
        model.servers.append(server)
        by_registry[id(registry)] = server
    model.decorator_uses = [(by_registry[id(use.registry)], use) for use in found.decorator_uses
                            if id(use.registry) in by_registry]
    if pins is not None and getattr(pins, "mcp", None) is not None and pins.mcp.major == 1:
        model.mcp_minor = pins.mcp.minor
        if pins.mcp.minor is not None and pins.mcp.minor < 10:
            _without_tool_input_validation(model)
    return model


def _called(call: cst.Call) -> str:
    """``register_tools()`` / ``ToolRegistry()``: how a gap names the call a server went into."""
    name = dotted_name(call.func)
    return f"{name}()" if name else "a call"


def _version_conflict(registry, decorator_uses, configured, settings) -> tuple[cst.CSTNode, str] | None:
    """Where the code contradicts the configured version, and the MCP003 message: it names
    the setting, its value, the config file and the API the code uses instead."""
    stack, _, api = configured
    completion = next((use.decorator for use in decorator_uses
                       if use.registry is registry and use.method == "completion"), None)
    site = registry.style_site if registry.family == "lowlevel" else completion if "completion" in api else None
    site = site or registry.constructor or registry.node
    if site is None:
        return None
    key, value = (("fastmcp-version", getattr(settings, "fastmcp_version", None)) if "fastmcp" in api
                  else ("mcp-version", getattr(settings, "mcp_version", None)))
    where = getattr(settings, "config_path", None)
    origin = f"in {_shown(where)}" if where is not None else "in the settings"
    return site, (f'`{key} = "{value}"` {origin} contradicts this code: {api}; findings follow the configured '
                  f"version ({LABELS[stack]}), so check the setting")


def _shown(path) -> str:
    """``path`` relative to the working directory when it lies below it (as findings are shown)."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


def _without_tool_input_validation(model: FileModel) -> None:
    """mcp 1.x before 1.10 runs low-level tool handlers without checking ``inputSchema``
    (``mcp/server/lowlevel/server.py``, ``call_tool``: ``validate_input`` arrived in 1.10)."""
    for server, handler in model.handlers():
        if handler.kind == "tool" and server.stack.is_lowlevel:
            handler.framework_checks_required = False


# -- handlers -------------------------------------------------------------------------------
def _handlers(info: ModuleInfo, evaluator: Evaluator, registry: Registry, stack: Stack,
              server: ServerModel) -> Iterator[HandlerModel]:
    if registry.family == "lowlevel":
        yield from _lowlevel_handlers(info, evaluator, registry, stack, server)
        return
    for function, site in registry.prompt_functions:
        yield _signature_handler(info, evaluator, function, site, registry.row_names.get(id(function)),
                                 converts_json=stack not in (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER))
    for call in registry.added_prompts:
        objects = registry.added_objects.get(id(call))
        if not objects:
            server.gaps.append(Gap(call, "add_prompt() is given a value that was not resolved to a Prompt "
                                         "object: the prompts it adds are not known"))
            continue
        for value in objects:
            handler = _added_prompt_handler(info, evaluator, value)
            if handler is None:
                server.gaps.append(Gap(value.node, "no handler was found for the Prompt object added here "
                                                   "(neither fn= nor a render method of a subclass)"))
            else:
                yield handler
    for call in registry.added_tools:
        for value in registry.added_objects.get(id(call)) or ():
            handler = _added_tool_handler(info, evaluator, value, checked=registry.strict_input_validation
                                          and stack is not Stack.FASTMCP4)
            if handler is None:
                server.gaps.append(Gap(value.node, "no run(self, arguments) method was found for the Tool "
                                                   "subclass added here, so its handler is not known"))
            else:
                yield handler


def _lowlevel_handlers(info, evaluator, registry: Registry, stack: Stack, server: ServerModel) -> Iterator[HandlerModel]:
    v2 = registry.lowlevel_style == "constructor"
    # this server's factory calls only: another server made by the same factories passes its own
    evaluator.factory_arguments = {key: passed for key, passed in registry.factory_arguments.items() if passed}
    for kind, list_name, get_name in (("prompt", "list_prompts", "get_prompt"), ("tool", "list_tools", "call_tool")):
        function = registry.lowlevel.get(get_name)
        if function is None:
            continue
        lister = registry.lowlevel.get(list_name)
        owner = _bound_object(evaluator, registry, lister) if lister is not None else None
        declarations = _listed_declarations(evaluator, lister, kind, owner) if lister is not None else None
        if lister is None:
            # "resolved", not "found": a registration the model saw but could not follow (a
            # lambda, an unresolved receiver) is reported as a gap of its own
            server.gaps.append(Gap(function, f"no {list_name} handler was resolved for this server, so the "
                                             f"declared {kind}s are unknown"))
        elif declarations is None:
            server.gaps.append(Gap(lister, f"the {kind}s {list_name} returns could not be evaluated from the source"
                                           f"{_registry_note(info, lister)}"))
        handler = HandlerModel(kind=kind, function=function, style="mapping", declarations=declarations)
        handler.framework_checks_required = kind == "tool" and not v2 and registry.validate_tool_input \
            and stack is not Stack.MCP2_LOWLEVEL
        handler.bound_parameters = registry.bound_parameters.get(id(function), 0)
        handler.wrapped = registry.wrapped_functions.get(id(function), {})
        spec = lowlevel_spec(function, v2, may_be_none=(kind == "prompt" or v2), bound=handler.bound_parameters,
                              info=info)
        spec.instance = _bound_object(evaluator, registry, function)  # `self.handlers` of a known object
        HandlerWalker(info, evaluator, handler, spec).run()
        if declarations is not None and all(d.name is not None for d in declarations):
            handler.dispatch = analyse_dispatch(info, evaluator, function, frozenset(d.name for d in declarations),
                                                spec.name_names, spec.name_attrs)
            handler.dispatch.empty_is_result = kind == "tool" and not v2  # decorators: the mcp 1.x API
        yield handler
        yield from _held_handlers(info, evaluator, handler, spec)


def _held_handlers(info, evaluator, handler: HandlerModel, spec: HandlerSpec) -> Iterator[HandlerModel]:
    """Handler objects: declarations read from objects (``[h.prompt for h in HANDLERS]`` with
    ``HANDLERS = [ReviewPrompt(), ...]``) whose get handler hands the mapping to a method of
    the chosen object (``await handler.render(params.arguments or {})``). Each declaration
    is then served by that method of its own object's class, walked on its own."""
    escape = handler.escape_node
    if not handler.escaped or not isinstance(escape, cst.Call) or not isinstance(escape.func, cst.Attribute) \
            or not handler.declarations or any(d.holder is None for d in handler.declarations):
        return
    passed = _mapping_argument(escape, spec)
    if passed is None:
        return
    position, may_be_none = passed
    for declaration in handler.declarations:
        function, params = _served_by(info, evaluator, declaration.holder, escape.func.attr.value)
        if function is None or position >= len(params):
            continue
        held = HandlerModel(kind=handler.kind, function=function, style="mapping", declarations=[declaration],
                            framework_checks_required=handler.framework_checks_required)
        HandlerWalker(info, evaluator, held, HandlerSpec(mapping_names={params[position]: may_be_none})).run()
        yield held


def _served_by(info, evaluator, holder: ObjectValue, attribute: str) -> tuple[cst.FunctionDef | None, list[str]]:
    """The function ``holder.<attribute>(...)`` runs, with the names of the parameters the
    call fills: a function kept in a field (``Entry(prompt, fn).handler``), else a concrete
    method of the object's class (``self`` not counted)."""
    value = evaluator.instance_attribute(holder, attribute)
    if isinstance(value, FunctionRef):  # a bound method's `self` is not filled by the call
        return value.function, [p.name.value for p in value.function.params.params][value.bound:]
    found = _inherited_method(info, holder.cls, attribute)
    if found is None or _abstract(found[0]):
        return None, []
    return found[0], [p.name.value for p in found[0].params.params][1:]


def _mapping_argument(call: cst.Call, spec: HandlerSpec) -> tuple[int, bool] | None:
    """(position, may be None) of the handler's arguments mapping among ``call``'s
    positional arguments: written as the mapping itself or ``mapping or {}``; the only
    positional argument otherwise (an alias of it). Never "may be None": a guard before
    the call is not seen from the method, and a guess must stay silent."""
    names = {**spec.mapping_names, **spec.mapping_attrs}
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    for index, value in enumerate(positional):
        if dotted_name(value) in names:
            return index, False
        if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) \
                and dotted_name(value.left) in names:
            return index, False
    return (0, False) if len(positional) == 1 and len(call.args) == 1 else None


def _abstract(function: cst.FunctionDef) -> bool:
    """``@abstractmethod`` or a body of only ``...``/``pass``/a docstring/``raise NotImplementedError``."""
    if any(dotted_name(d.decorator) in ("abstractmethod", "abc.abstractmethod") for d in function.decorators):
        return True
    for statement in suite_statements(function.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            return False  # an `if`, a loop, a `try`: a body that does something
        for small in statement.body:
            if isinstance(small, cst.Pass) or (isinstance(small, cst.Expr) and isinstance(
                    small.value, (cst.Ellipsis, cst.SimpleString, cst.ConcatenatedString))):
                continue
            if isinstance(small, cst.Raise) and "NotImplementedError" in source_names(small):
                continue
            return False
    return True


def _registry_note(info: ModuleInfo, lister: cst.FunctionDef) -> str:
    """``: they come from `REGISTRY`, ...`` when the list handler reads a registry (a
    container filled by calls) whose filling could not be followed; else nothing."""
    names = sorted({dotted_name(node) for node in walk(lister.body) if isinstance(node, (cst.Name, cst.Attribute))
                    and dotted_name(node) in info.filled})
    if not names:
        return ""
    return f": they come from `{names[0]}`, a registry filled by calls that were not all followed"


def lowlevel_spec(function: cst.FunctionDef, v2: bool, may_be_none: bool, bound: int = 0,
                   info: ModuleInfo | None = None) -> HandlerSpec:
    """Which parameters of a low-level handler are the name and the arguments mapping;
    ``bound`` leading parameters are filled by ``functools.partial``. A project decorator
    that hands the wrapped handler ``dict(arguments or {})`` makes the mapping never None."""
    params = [p.name.value for p in list(function.params.posonly_params) + list(function.params.params)]
    if params and params[0] in ("self", "cls"):  # a method registered through self.handle
        params = params[1:]
    params = params[bound:]
    if may_be_none and not v2 and info is not None and _decorators_replace_none(info, function, 1):
        may_be_none = False
    spec = HandlerSpec()
    if v2 and len(params) >= 2:
        spec.name_attrs.add(f"{params[1]}.name")
        spec.mapping_attrs[f"{params[1]}.arguments"] = may_be_none
    elif not v2 and len(params) >= 2:
        spec.name_names.add(params[0])
        spec.mapping_names[params[1]] = may_be_none
    return spec


def _decorators_replace_none(info: ModuleInfo, function: cst.FunctionDef, position: int) -> bool:
    """Whether a project decorator of ``function`` calls it with a value that is never None at
    positional ``position`` (``await fn(name, dict(arguments or {}))`` in its wrapper), on
    every call it makes of it."""
    for decorator in function.decorators:
        wrapper = info.functions.get(dotted_name(decorator.decorator) or "")
        if wrapper is None or not wrapper.params.params:
            continue
        wrapped = wrapper.params.params[0].name.value
        calls = [node for node in walk(wrapper.body) if isinstance(node, cst.Call)
                 and isinstance(node.func, cst.Name) and node.func.value == wrapped]
        if calls and all(_never_none_argument(call, position) for call in calls):
            return True
    return False


def _never_none_argument(call: cst.Call, position: int) -> bool:
    """``f(a, x or {})`` / ``f(a, dict(x or {}))`` / ``f(a, {**(x or {})})`` at ``position``."""
    if any(arg.star for arg in call.args):
        return False
    positional = [arg.value for arg in call.args if arg.keyword is None]
    return len(positional) > position and _never_none(positional[position])


def _never_none(value: cst.BaseExpression) -> bool:
    """A dict expression that is never None: a literal, ``x or {}``, ``dict(<never None>)``."""
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return True
    if isinstance(value, cst.Call) and dotted_name(value.func) == "dict":
        return not value.args or (len(value.args) == 1 and not value.args[0].keyword and _never_none(value.args[0].value))
    return isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) and _never_none(value.right)


def _bound_object(evaluator: Evaluator, registry: Registry, method: cst.FunctionDef) -> ObjectValue | None:
    """The project object a handler method is bound to (``registry`` of
    ``Server(on_list_tools=registry.list_tools)`` with ``registry = ToolRegistry(SearchTool())``),
    when the model knows it; None otherwise."""
    written = registry.bound_objects.get(id(method))
    if isinstance(written, cst.Name) and written.value == "self":  # self.list_tools in a method of the class
        return _own_instance(evaluator, method)
    value = evaluator.eval(written) if written is not None else None
    return value if isinstance(value, ObjectValue) and value.kind == INSTANCE else None


def _own_instance(evaluator: Evaluator, method: cst.FunctionDef) -> ObjectValue | None:
    """An instance of the module class defining ``method``, when every instance is alike: the
    class's own ``__init__`` takes nothing but ``self`` (what it sets is then what any instance
    holds). None for a class whose instances may differ (``__init__(self, tools)``, or one
    inherited from a base)."""
    cls = next((c for c in list(dict.values(evaluator.info.classes))
                if any(statement is method for statement in suite_statements(c.body))), None)
    init = next((s for s in suite_statements(cls.body) if isinstance(s, cst.FunctionDef)
                 and s.name.value == "__init__"), None) if cls is not None else None
    if init is None or len(init.params.params) != 1 or init.params.kwonly_params or init.params.star_kwarg \
            or isinstance(init.params.star_arg, cst.Param):
        return None
    return ObjectValue(INSTANCE, {}, cst.Call(func=cst.Name(cls.name.value)), [], cls=cls)


def _listed_declarations(evaluator: Evaluator, lister: cst.FunctionDef, kind: str,
                         owner: ObjectValue | None = None) -> list[Declaration] | None:
    """Evaluate what a list_prompts/list_tools handler returns; None when it cannot be known.
    ``owner``: the object a bound method lister runs on (its ``self.tools`` are then known)."""
    params = list(lister.params.posonly_params) + list(lister.params.params)
    values: list = [UNKNOWN] * len(params)
    if owner is not None and params and params[0].name.value == "self":
        values[0] = owner
    env = bind_arguments(lister, list(values), {}, evaluator)
    closure = evaluator.closure_env(lister)  # a handler nested in create_server() sees its locals
    value = evaluator.call_function(lister, list(values), {}, closure) if env is not None else UNKNOWN
    if env is not None:
        env = {**closure, **env}
    if value is UNKNOWN:
        return _declarations_by_return(evaluator, lister, kind, env) if env is not None else None
    return _declarations_of(value, kind, evaluator)


def _declarations_of(value, kind: str, evaluator: Evaluator | None = None) -> list[Declaration] | None:
    """The declarations of a listed value (a list of ``Prompt``/``Tool`` or a ``List*Result``)."""
    if isinstance(value, ObjectValue) and value.kind in ("ListPromptsResult", "ListToolsResult"):
        value = value.get("prompts" if kind == "prompt" else "tools")
    if not isinstance(value, (list, tuple)):
        return None
    declarations = []
    for item in value:
        if not isinstance(item, ObjectValue) or item.kind not in ("Prompt", "Tool"):
            return None
        declarations.append(_prompt_declaration(item) if kind == "prompt" else _tool_declaration(item, evaluator))
    return declarations


def _declarations_by_return(evaluator: Evaluator, lister: cst.FunctionDef, kind: str,
                            env: dict) -> list[Declaration] | None:
    """A list handler whose returns depend on something the source does not fix (``if
    os.environ.get("EXTRA"): return [A, B]`` then ``return [A]``, ``return X if flag else Y``):
    every list it can return, each written as a literal, together. A name two of them
    declare differently, or any return that does not evaluate, leaves it unknown (None)."""
    returned: list[cst.BaseExpression] = []
    for node in walk(lister.body, into_nested_scopes=False):
        if isinstance(node, cst.Return):
            value = node.value
            if value is None:
                return None
            returned.extend((value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,))
    merged: dict[str | None, Declaration] = {}
    for expression in returned:
        declarations = _declarations_of(evaluator.eval(expression, dict(env)), kind, evaluator)
        if declarations is None:
            return None
        for declaration in declarations:
            known = merged.setdefault(declaration.name, declaration)
            if known is not declaration and _shape(known) != _shape(declaration):
                return None
    return list(merged.values()) if returned and None not in merged else None


def _shape(declaration: Declaration):
    """What a client sees of a declaration's arguments: names and whether each is required."""
    if declaration.arguments is None:
        return None
    return sorted((argument.name, bool(argument.required)) for argument in declaration.arguments)


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
    return Declaration(kind="prompt", name=name, arguments=arguments, node=prompt.node, style=style,
                       fields=prompt.fields, holder=prompt.holder)


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
    # Its own call when it sits in the prompt's call or spells its name itself (a literal in a
    # data table elsewhere: `PromptSpec(arguments=[PromptArgument(name="ticketId")])`); not a
    # helper's `PromptArgument(name=name)`, which every argument it makes shares.
    node = item.node if _contains(container, item.node) or _spells_name(item) else \
        _spelled_in_keyword(container, ("arguments",), item.get("name")) or container
    return ArgumentDecl(
        name=item.get("name"), node=node, required_explicit=explicit, literal=item.node,
        required=bool(required) if isinstance(required, bool) or required is None else None,
        description=description if isinstance(description, str) else None,
    )


def _spells_name(item: ObjectValue) -> bool:
    """``PromptArgument(name="x", ...)``: the call writes the argument's name as a literal."""
    written = _keyword(item.node, "name") if isinstance(item.node, cst.Call) else None
    if written is None and isinstance(item.node, cst.Call) and item.node.args and item.node.args[0].keyword is None:
        written = item.node.args[0].value
    return isinstance(written, cst.SimpleString) and written.evaluated_value == item.get("name")


def _tool_declaration(tool: ObjectValue, evaluator: Evaluator | None = None) -> Declaration:
    name = tool.get("name", None)
    schema = tool.get("input_schema", UNKNOWN)
    arguments: list[ArgumentDecl] | None = None
    if isinstance(schema, dict) and isinstance(schema.get("properties", {}), dict):
        required = schema.get("required", [])
        if isinstance(required, (list, tuple)):
            site = tool.node
            if tool.cls is not None and evaluator is not None:  # class LintTool(types.Tool): written in the class
                site = declaring_call(evaluator, tool.cls, _SCHEMA_KEYWORDS) or tool.node
            elif evaluator is not None:
                site = _schema_of_holder(evaluator, tool) or site
            written = _property_nodes(site)
            arguments = [ArgumentDecl(name=str(key), required=key in required, node=written.get(str(key)) or
                                      _spelled_in_keyword(site, _SCHEMA_KEYWORDS, str(key)) or tool.node)
                         for key in schema.get("properties", {})]
    return Declaration(kind="tool", name=name if isinstance(name, str) else None, arguments=arguments,
                       node=tool.node, style="schema", fields=tool.fields, holder=tool.holder)


_SCHEMA_KEYWORDS = ("inputSchema", "input_schema", "parameters")


def _schema_of_holder(evaluator: Evaluator, tool: ObjectValue) -> cst.Call | None:
    """``Tool(name=self.name, inputSchema=self.schema)`` built by a method or property of a
    tool object (its :attr:`ObjectValue.holder`): where the object's class (or its nearest
    project base) writes that attribute (``schema = {"type": "object", ...}`` in the class
    body), as a call passing it as ``inputSchema``, so a finding about a declared argument
    points at its property in the subclass. None for any other declaration."""
    holder = tool.holder
    if not isinstance(tool.node, cst.Call) or holder is None or getattr(holder, "cls", None) is None:
        return None
    value = next((arg.value for arg in tool.node.args if arg.keyword is not None
                  and arg.keyword.value in ("inputSchema", "input_schema")), None)
    if not isinstance(value, cst.Attribute) or dotted_name(value.value) != "self":
        return None
    written = declaring_call(evaluator, holder.cls, (value.attr.value,))
    if written is None or not written.args:
        return None
    return cst.Call(func=written.func, args=[cst.Arg(written.args[0].value, keyword=cst.Name("inputSchema"))])


def _spelled_in_keyword(call: cst.CSTNode, keywords: tuple[str, ...], name: object) -> cst.CSTNode | None:
    """Where a declaration built by helpers spells an argument's name in its own call:
    ``arguments=required("pr_url") + optional("focus")``, ``inputSchema=object_schema({"title":
    ...})``: the string literal naming it inside that keyword's value, else the keyword's value
    itself (a finding about the argument points into the declaration, not at its first line).
    None when the call has no such keyword."""
    if not isinstance(call, cst.Call) or not isinstance(name, str):
        return None
    value = next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value in keywords), None)
    if value is None or isinstance(value, cst.Name):
        return None
    for node in walk(value):
        if isinstance(node, cst.SimpleString) and node.evaluated_value == name:
            return node
    return value


def _property_nodes(call: cst.CSTNode) -> dict[str, cst.CSTNode]:
    """Where each property of an inline ``inputSchema={"properties": {...}}`` literal of a
    ``Tool(...)`` call is written (DESIGN.md §4: a finding about a declared tool argument points
    at its schema property); empty when the schema is not written inline."""
    if not isinstance(call, cst.Call):
        return {}
    schema = next((arg.value for arg in call.args if arg.keyword is not None
                   and arg.keyword.value in ("inputSchema", "input_schema")), None)
    if not isinstance(schema, cst.Dict):
        return {}
    try:
        for element in schema.elements:
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                    and literal_value(element.key) == "properties" and isinstance(element.value, cst.Dict):
                return {literal_value(item.key): item for item in element.value.elements
                        if isinstance(item, cst.DictElement) and isinstance(item.key, cst.SimpleString)}
    except (ValueError, SyntaxError, MemoryError):  # an odd literal: keep the call as the place
        return {}
    return {}


def _signature_handler(info, evaluator, function: cst.FunctionDef, site: cst.CSTNode,
                       name: str | None = None, converts_json: bool = True) -> HandlerModel:
    """A FastMCP-family prompt function, its arguments derived from the signature; ``name``
    as for :func:`_signature_tool`. ``converts_json``: the stack JSON-decodes a string argument
    into a typed parameter (fastmcp 2+, ``_convert_string_arguments``); mcp 1.x FastMCP and mcp
    2.x MCPServer do not (../shared/FRAMEWORKS.md), so there a mapping-typed parameter is no
    argument a client can fill, and the keys read from it are undeclared arguments."""
    name = name or _registered_name(evaluator, function, site)
    arguments, params = signature_arguments(evaluator, function)
    declaration = Declaration(kind="prompt", name=name, arguments=arguments, node=site, style="signature")
    handler = HandlerModel(kind="prompt", function=function, style="signature", declarations=[declaration],
                           framework_checks_required=True)
    mappings = {} if converts_json else _mapping_parameters(params)
    spec = HandlerSpec(parameters=params, mapping_names=dict(mappings))
    HandlerWalker(info, evaluator, handler, spec).run()
    for name in mappings:  # its value is used, as the mapping its keys are read from (MCP102 reports those)
        handler.reads.append(Read(key=name, node=params[name].name, form="parameter", served=None, guarded=True))
    return handler


_MAPPING_TYPES = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "typing.Dict", "typing.Mapping"})


def _mapping_parameters(params: dict[str, cst.Param]) -> dict[str, bool]:
    """Prompt parameters typed as a mapping (``arguments: dict[str, Any] | None = None``), by
    name, with whether they may be None. A prompt function's parameters are its arguments and
    clients send each as a string (MCP spec, server/prompts: ``arguments: {[key]: string}``),
    which mcp 1.x FastMCP cannot turn into a dict (``validate_call``, no JSON decoding): the
    keys the function reads from it (``arguments["input"]``) are arguments the client sends
    at the top level and the prompt does not declare."""
    found: dict[str, bool] = {}
    for name, param in params.items():
        if param.annotation is None:
            continue
        members = list(_annotation_members(param.annotation.annotation))
        kinds = [dotted_name(m.value if isinstance(m, cst.Subscript) else m) or "" for m in members]
        if any(kind in _MAPPING_TYPES for kind in kinds) and all(kind in _MAPPING_TYPES or kind == "None"
                                                                 for kind in kinds):
            found[name] = "None" in kinds
    return found


def _annotation_members(annotation: cst.BaseExpression):
    """The members of ``A | B`` and ``Optional[A]`` / ``Union[A, B]``, else the annotation."""
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        yield from _annotation_members(annotation.left)
        yield from _annotation_members(annotation.right)
    elif isinstance(annotation, cst.Subscript) and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] \
            in ("Optional", "Union"):
        for element in annotation.slice:
            if isinstance(element.slice, cst.Index):
                yield from _annotation_members(element.slice.value)
    else:
        yield annotation


def _signature_tool(info, evaluator, function: cst.FunctionDef, site: cst.CSTNode,
                    name: str | None = None) -> HandlerModel:
    """An ``@mcp.tool`` function (or ``mcp.add_tool(f)``) of the FastMCP family, walked for
    its raises and returns; the framework validates its arguments from the signature.
    ``name``: the name it is registered under when the registration's own ``name=`` only
    evaluates per row of a loop (see ``Registry.row_names``)."""
    name = name or _registered_name(evaluator, function, site)
    arguments, params = signature_arguments(evaluator, function)
    declaration = Declaration(kind="tool", name=name, arguments=arguments, node=site, style="signature")
    handler = HandlerModel(kind="tool", function=function, style="signature", declarations=[declaration],
                           framework_checks_required=True)
    HandlerWalker(info, evaluator, handler, HandlerSpec(parameters=params)).run()
    return handler


def _registered_name(evaluator: Evaluator, function: cst.FunctionDef, site: cst.CSTNode) -> str | None:
    """The name a prompt or tool is listed under: ``name=`` (or the first positional string)
    of ``@mcp.prompt("x")``, ``mcp.prompt(name="x")(fn)`` or ``mcp.add_tool(fn, name="x")``;
    else the function's name. None when ``name=`` is given but cannot be evaluated."""
    call = site.decorator if isinstance(site, cst.Decorator) else site
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value in ("add_prompt", "add_tool"):
        call = _standalone_decorator(evaluator, function) or call  # fastmcp 3: @prompt(name=...) on the function
        if isinstance(call, cst.Decorator):
            return _registered_name(evaluator, function, call)
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Call):
        call = call.func  # mcp.prompt(name="x")(fn): the inner call holds the options
    positional_name = isinstance(site, cst.Decorator) or (isinstance(site, cst.Call) and isinstance(site.func, cst.Call))
    if not isinstance(call, cst.Call):
        return function.name.value
    for index, arg in enumerate(call.args):
        if (arg.keyword is None and index == 0 and positional_name) or \
                (arg.keyword is not None and arg.keyword.value == "name"):
            value = evaluator.eval(arg.value)
            return value if isinstance(value, str) else None
    return function.name.value


def _standalone_decorator(evaluator: Evaluator, function: cst.FunctionDef) -> cst.Decorator | None:
    """fastmcp 3's standalone ``@prompt`` / ``@tool`` (``fastmcp.prompts.prompt``,
    ``fastmcp.tools.tool``), which names the component before ``add_prompt(fn)`` registers it."""
    for decorator in function.decorators:
        expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        qualified = evaluator.info.qualify(expr) or ""
        if qualified.startswith("fastmcp.") and qualified.rsplit(".", 1)[-1] in ("prompt", "tool"):
            return decorator
    return None


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
        if annotation is not None and is_context_annotation(annotation, evaluator.info):
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


def _added_prompt_handler(info, evaluator, value: ObjectValue) -> HandlerModel | None:
    """The handler of a ``Prompt`` object given to ``add_prompt``: its ``fn=`` function
    (``Prompt(..., arguments=[...], fn=f)``), or the ``render(self, arguments)`` of a project
    subclass (``add_prompt(MyPrompt(...))``), found through the project's base classes; a
    ``render`` inherited from a base that hands the mapping to an overridable hook
    (``return [Message(self.text(arguments or {}))]``) is served by the subclass's hook."""
    fn = value.get("fn", None)
    if isinstance(fn, FunctionRef):
        declaration = _prompt_declaration(value, style="explicit")
        handler = HandlerModel(kind="prompt", function=fn.function, style="signature", declarations=[declaration],
                               framework_checks_required=True)
        _, params = signature_arguments(evaluator, fn.function)
        # `fn=functools.partial(render, templates)`: the bound leading parameters are no arguments
        params = dict(list(params.items())[fn.bound:])
        handler.bound_parameters = fn.bound
        # `def explain(**kwargs)`: the framework calls fn(**arguments), so kwargs is the mapping
        # and its reads (`kwargs["concept"]`) are the arguments the function takes
        star = fn.function.params.star_kwarg
        mappings = {star.name.value: False} if isinstance(star, cst.Param) else {}
        HandlerWalker(info, evaluator, handler, HandlerSpec(parameters=params, mapping_names=mappings)).run()
        return handler
    if value.cls is None:
        return None
    entry = _subclass_entry(info, value.cls, "render", may_be_none=True)
    if entry is None:
        return None
    function, mapping, may_be_none = entry
    declaration = _prompt_declaration(value, style="subclass")
    handler = HandlerModel(kind="prompt", function=function, style="mapping", declarations=[declaration])
    spec = HandlerSpec(mapping_names={mapping: may_be_none} if mapping is not None else {}, instance=value)
    HandlerWalker(info, evaluator, handler, spec).run()
    return handler


def _added_tool_handler(info, evaluator, value: ObjectValue, checked: bool) -> HandlerModel | None:
    """The handler of an instance of a project subclass of fastmcp's ``Tool`` given to
    ``add_tool``: the ``run(self, arguments)`` its class resolves (through project bases),
    walked with ``arguments`` as the mapping; its ``parameters`` schema (a constructor keyword
    or a class attribute) is the contract. fastmcp calls ``run`` with the raw mapping
    (``arguments or {}``) and checks nothing against ``parameters`` unless the server was made
    with ``strict_input_validation=True`` on fastmcp 2/3, whose wrapped mcp 1.x server then
    validates (``checked``): fastmcp 2.14.7 ``tools/tool_manager.py`` ``call_tool`` →
    ``tool.run(arguments)``; 3.4.11 / 4.2.3 ``tools/base.py`` ``Tool._run`` → ``self.run(arguments)``;
    ``server.py`` ``strict_input_validation`` defaults to False. None when no concrete ``run``
    taking the mapping is found."""
    entry = _subclass_entry(info, value.cls, "run", may_be_none=False)  # fastmcp passes `arguments or {}`
    if entry is None or entry[1] is None or _abstract(entry[0]):
        return None
    function, mapping, may_be_none = entry
    declaration = _subclass_tool_declaration(evaluator, value)
    handler = HandlerModel(kind="tool", function=function, style="mapping", declarations=[declaration],
                           framework_checks_required=checked)
    HandlerWalker(info, evaluator, handler, HandlerSpec(mapping_names={mapping: may_be_none}, instance=value)).run()
    return handler


def _subclass_tool_declaration(evaluator: Evaluator, value: ObjectValue) -> Declaration:
    """A fastmcp ``Tool`` subclass instance as ``tools/list`` shows it: ``name`` and the
    ``parameters`` JSON schema, each given to the constructor or set as a class attribute
    (``parameters: dict[str, Any] = {...}``); arguments None when the schema is not known."""
    name = evaluator.instance_attribute(value, "name")
    schema = evaluator.instance_attribute(value, "parameters")
    arguments: list[ArgumentDecl] | None = None
    if isinstance(schema, dict) and isinstance(schema.get("properties", {}), dict):
        required = schema.get("required", [])
        if isinstance(required, (list, tuple)):
            written = _schema_properties(evaluator.info, _written_parameters(value))
            arguments = [ArgumentDecl(name=str(key), required=key in required, node=written.get(str(key), value.node))
                         for key in schema.get("properties", {})]
    fields = {**value.fields, "input_schema": schema}
    return Declaration(kind="tool", name=name if isinstance(name, str) else None, arguments=arguments,
                       node=value.node, style="schema", fields=fields)


def _written_parameters(value: ObjectValue) -> cst.BaseExpression | None:
    """The expression that gives a Tool subclass instance its ``parameters``: the constructor's
    keyword, else the class attribute of the class or its nearest project base."""
    given = _keyword(value.node, "parameters") if isinstance(value.node, cst.Call) else None
    if given is not None:
        return given
    for statement in suite_statements(value.cls.body):
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and dotted_name(small.target) == "parameters":
                return small.value
            if isinstance(small, cst.Assign) and any(dotted_name(t.target) == "parameters" for t in small.targets):
                return small.value
    return None


def _schema_properties(info: ModuleInfo, expr: cst.BaseExpression | None) -> dict[str, cst.CSTNode]:
    """Where each property of a JSON schema written as a dict literal (in place or a module
    constant, imported ones included) is written; empty otherwise."""
    if isinstance(expr, cst.Name) and expr.value in info.constants:
        expr = info.constants[expr.value]
    if not isinstance(expr, cst.Dict):
        return {}
    return _property_nodes(cst.Call(func=cst.Name("Tool"), args=[cst.Arg(expr, keyword=cst.Name("inputSchema"))]))


def _subclass_entry(info: ModuleInfo, cls: cst.ClassDef, method: str,
                    may_be_none: bool) -> tuple[cst.FunctionDef, str | None, bool] | None:
    """(function, mapping parameter, whether it may be None) that serves an object of the project
    class ``cls`` when the framework calls its ``method(self, arguments)`` (``render`` of a
    Prompt, ``run`` of a Tool): the method as the class resolves it, or, when that method is
    inherited from a base that hands the mapping to an overridable hook (``return
    ToolResult(content=self.execute(arguments))``), the subclass's override of the hook. None
    when the class has no such method."""
    found = _inherited_method(info, cls, method)
    if found is None:
        return None
    entry, owner = found
    params = [p.name.value for p in entry.params.params]
    function, mapping = entry, (params[1] if len(params) >= 2 else None)
    # only a method inherited from a base class hands over to a hook the subclass overrides;
    # a method of the class itself calling an inherited helper (`self._arg(arguments, "k")`)
    # is walked as it is, the helper followed as any method
    hook = _mapping_hook(entry, mapping) if mapping is not None and owner is not cls else None
    if hook is not None:
        overriding = _inherited_method(info, cls, hook[0])
        if overriding is not None and overriding[1] is not owner:
            hook_params = [p.name.value for p in overriding[0].params.params][1:]
            if hook[1] < len(hook_params):
                function, mapping, may_be_none = overriding[0], hook_params[hook[1]], hook[2]
    return function, mapping, may_be_none


def _inherited_method(info: ModuleInfo, node: cst.ClassDef, name: str,
                      depth: int = 0) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
    """``name`` as the class ``node`` resolves it: its own method, else the first project base
    class (depth first, as Python's MRO for single inheritance) that defines it."""
    own = _method(node, name)
    if own is not None:
        return own, node
    for base in node.bases:
        parent = info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not node and depth < _MAX_BASES:
            found = _inherited_method(info, parent, name, depth + 1)
            if found is not None:
                return found
    return None


def _mapping_hook(render: cst.FunctionDef, mapping: str) -> tuple[str, int, bool] | None:
    """``self.<hook>(..., mapping, ...)`` in ``render``: (hook, position of the mapping among
    the hook's parameters after ``self``, whether the mapping passed may be None: never
    taken so, since a guard in ``render`` is not seen from the hook); the mapping may be
    passed as ``mapping or {}``."""
    for node in walk(render.body, into_nested_scopes=False):
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) \
                or dotted_name(node.func.value) != "self":
            continue
        for index, arg in enumerate(node.args):
            if arg.keyword is not None or arg.star:
                break
            value = arg.value
            if dotted_name(value) == mapping:  # a None guard in render is not seen from the hook
                return node.func.attr.value, index, False
            if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) \
                    and dotted_name(value.left) == mapping and isinstance(value.right, cst.Dict):
                return node.func.attr.value, index, False
    return None


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
_MAX_BASES = 4  # project base classes followed to find an inherited method
_DESCENDANTS: dict[int, tuple[cst.CSTNode, frozenset[int]]] = {}


def _contains(container: cst.CSTNode, target: cst.CSTNode) -> bool:
    """Whether ``target`` lies inside ``container``; each container is walked once per file."""
    cached = _DESCENDANTS.get(id(container))
    if cached is None or cached[0] is not container:
        cached = _DESCENDANTS[id(container)] = (container, frozenset(id(node) for node in walk(container)))
    return id(target) in cached[1]
