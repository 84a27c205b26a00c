"""Where a file's servers are made and where registrations land on them.

A server is the value a known constructor returned (``Server(...)``, ``FastMCP(...)``,
``MCPServer(...)``), identified by where it was constructed, wherever that value flows in
the file: assigned at module level or inside any function (``self.mcp = FastMCP(...)`` in
``__init__`` too), returned by a factory and bound from its calls (``server =
create_server()``), imported from a project module (``from .app import mcp``, ``import
app`` then ``app.mcp``), or received as a parameter (``def register_prompts(mcp: FastMCP)``,
typed, or untyped and resolved from a call site in the module).

Registrations are member paths on that value, one table for decorator and call forms:
``@server.get_prompt()``, ``server.get_prompt()(handler)``, ``@mcp.prompt``,
``mcp.prompt(name=...)(fn)``, ``mcp.add_tool(fn)``, ``Server(on_get_prompt=f)``,
``server.add_request_handler("prompts/get", ..., f)``; also through project code: a project
decorator whose body registers the function it is given (``@safe_tool(timeout=60)``,
:mod:`mcplint.model.registering_decorators`), and loops over registries a project decorator
fills (``for fn in PROMPTS``, ``for fn in self._fns`` of a registry object,
:mod:`mcplint.model.registries`, :mod:`mcplint.model.instance_registries`). A handler is resolved in the scope of
the registration: nested functions first, then the enclosing ones, methods through ``self``,
then module functions (and those imported from project modules).

Where the thread is lost (a handler that is a lambda or an unresolved call, a registration on
a receiver that is no known server), a :class:`Gap` records the place; the coverage report
shows it. Nothing here runs the linted code.

Registration APIs: mcp 1.29.0 ``src/mcp/server/lowlevel/server.py`` (decorators),
mcp 2.0.0 ``src/mcp/server/lowlevel/server.py`` (``on_*`` keywords, ``add_request_handler``),
``src/mcp/server/fastmcp/server.py`` / ``src/mcp/server/mcpserver/server.py`` and fastmcp
2.14.5 / 3.0.0rc2 ``src/fastmcp/server/server.py`` (``prompt``, ``tool``, ``add_prompt``,
``add_tool``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator

import libcst as cst

from mcplint.model.evaluate import UNKNOWN, Evaluator, FunctionRef, ObjectValue, bind_arguments, bind_target
from mcplint.model.instance_registries import instance_registry_functions
from mcplint.model.instance_types import bound_method, callable_method
from mcplint.model.module_info import ModuleInfo, dotted_name, exact_types, source_names, suite_statements, walk
from mcplint.model.registering_decorators import (InnerRegistration, is_registration_form, registering_decorator,
                                                  registers_own_parameter, returned_registration)

CONSTRUCTORS = {
    "mcp.server.lowlevel.Server": "lowlevel", "mcp.server.Server": "lowlevel",
    "mcp.server.lowlevel.server.Server": "lowlevel",
    "mcp.server.fastmcp.FastMCP": "mcp1-fastmcp", "mcp.server.fastmcp.server.FastMCP": "mcp1-fastmcp",
    "mcp.server.FastMCP": "mcp1-fastmcp",
    "mcp.server.mcpserver.MCPServer": "mcp2-mcpserver", "mcp.server.MCPServer": "mcp2-mcpserver",
    "mcp.server.mcpserver.server.MCPServer": "mcp2-mcpserver",
    "fastmcp.FastMCP": "fastmcp", "fastmcp.server.FastMCP": "fastmcp", "fastmcp.server.server.FastMCP": "fastmcp",
    # fastmcp 3/4: a provider's `@provider.tool` / `.prompt` components are served by the server it is
    # added to (`mcp.add_provider(p)`, `FastMCP(providers=[p])`) exactly as the server's own
    # (fastmcp/server/providers/local_provider/local_provider.py, 3.4.11 and 4.2.3)
    "fastmcp.server.providers.LocalProvider": "fastmcp",
    "fastmcp.server.providers.local_provider.LocalProvider": "fastmcp",
    "fastmcp.server.providers.local_provider.local_provider.LocalProvider": "fastmcp",
}
LOWLEVEL_METHODS = {"list_prompts", "get_prompt", "list_tools", "call_tool"}
V2_KEYWORDS = {"on_list_prompts": "list_prompts", "on_get_prompt": "get_prompt",
               "on_list_tools": "list_tools", "on_call_tool": "call_tool"}
V2_METHODS = {"prompts/list": "list_prompts", "prompts/get": "get_prompt",
              "tools/list": "list_tools", "tools/call": "call_tool"}
_FASTMCP_FAMILIES = ("mcp1-fastmcp", "mcp2-mcpserver", "fastmcp")
#: Decorators the server classes offer (mcp 1.29.0 lowlevel/server.py; FastMCP, MCPServer and
#: fastmcp's prompt/tool/resource/completion): only these make a receiver worth resolving.
SERVER_DECORATORS = frozenset({
    "list_prompts", "get_prompt", "list_tools", "call_tool", "list_resources", "list_resource_templates",
    "read_resource", "completion", "subscribe_resource", "unsubscribe_resource", "progress_notification",
    "set_logging_level", "prompt", "tool", "resource",
})
_MAX_FACTORY_DEPTH = 4
_MAX_CALLER_DEPTH = 5  # calling modules followed to find the server a parameter stands for (entry -> features -> feature -> tools -> tool module)
_MAX_HANDOFFS = 3  # calls a server is handed to, kept to explain an empty server
_MAX_LOOP_ITEMS = 256  # iterations of registration loops evaluated; more: unknown
#: Statement kinds tested for every statement collected (``type(small) in``: see exact_types).
_ASSIGNMENTS = exact_types(cst.Assign, cst.AnnAssign)
_UPDATES = exact_types(cst.AnnAssign, cst.AugAssign)
_IMPORTS = exact_types(cst.Import, cst.ImportFrom)


#: fastmcp's opt-in middleware that maps exception types to JSON-RPC codes (FRAMEWORKS.md §5-6)
_ERROR_MIDDLEWARE = b"ErrorHandlingMiddleware"


@dataclass
class Gap:
    """A place where the model lost the thread: ``message`` says what was not followed."""

    node: cst.CSTNode
    message: str
    # Only worth showing while the server has no prompt or tool at all (a server handed to
    # code whose registrations may still be linked to it from another module).
    when_empty: bool = False


@dataclass
class Registry:
    """One server and everything registered on it in this file.

    ``variable`` is how this file refers to it (for rules that match registrations by
    text); ``node`` is its constructor call when this file constructs it, None when it was
    made elsewhere (imported, or received as a parameter): server-level findings are then
    left to the module that constructs it. ``constructor`` is the call wherever it is.
    """

    variable: str
    family: str
    node: cst.Call | None
    constructor: cst.Call | None = None
    lowlevel: dict[str, cst.FunctionDef] = field(default_factory=dict)
    lowlevel_style: str | None = None  # "decorator" (mcp 1.x) or "constructor" (2.x)
    style_site: cst.CSTNode | None = None  # the first use of that style (a decorator, an on_*= argument...)
    prompt_functions: list[tuple[cst.FunctionDef, cst.CSTNode]] = field(default_factory=list)
    added_prompts: list[cst.Call] = field(default_factory=list)
    # ``add_tool(X(...))`` calls given instances of a project subclass of fastmcp's ``Tool``
    added_tools: list[cst.Call] = field(default_factory=list)
    # id(add_prompt / add_tool call) -> the Prompt (Tool) objects it adds, one per loop iteration
    # (None: unknown)
    added_objects: dict[int, list[ObjectValue] | None] = field(default_factory=dict)
    tool_functions: list[tuple[cst.FunctionDef, cst.CSTNode]] = field(default_factory=list)
    middleware: bool | None = False  # None: middleware is added that the model cannot identify
    mask_error_details: bool = False
    validate_tool_input: bool = True
    # fastmcp ``FastMCP(strict_input_validation=True)``: the wrapped mcp 1.x server checks tool
    # input against the listed schema (fastmcp 2.14.7/3.4.11 ``call_tool(validate_input=...)``)
    strict_input_validation: bool = False
    completion_decorator: bool = False
    # the class is guessed from the project's pins alone (an untyped parameter no call passes a known
    # server, in a module that imports no server class): rules about the class's API stay silent
    class_guessed: bool = False
    gaps: list[Gap] = field(default_factory=list)
    borrowed: list[str] = field(default_factory=list)  # list handlers read from the constructing module
    handed_to: list[cst.Call] = field(default_factory=list)  # calls given the server as an argument
    # id(handler function) -> leading parameters bound by functools.partial
    bound_parameters: dict[int, int] = field(default_factory=dict)
    # id(handler function) -> its name, from `name=` of a registration in a loop over rows
    row_names: dict[int, str] = field(default_factory=dict)
    # id(wrapper's inner function) -> the project functions its factory's parameters hold
    # (`plain(call_c)`: {"func": call_c}), for a handler registered through a project wrapper
    wrapped_functions: dict[int, dict[str, cst.FunctionDef]] = field(default_factory=dict)
    # id(handler a factory returns) -> the names and constants its factory call passes
    # (`make_call_handler(TOOLS)`: {"table": TOOLS}); None when two calls pass different ones
    factory_arguments: dict[int, dict[str, cst.BaseExpression] | None] = field(default_factory=dict)
    # id(handler method) -> the object it is bound to as written (`registry` of `on_list_tools=registry.list_tools`)
    bound_objects: dict[int, cst.BaseExpression] = field(default_factory=dict)


#: Method names of a stand-in for a server (the registration decorators of the low-level
#: Server and of the FastMCP family).
_STAND_IN_METHODS = frozenset({
    "list_tools", "call_tool", "list_prompts", "get_prompt", "list_resources", "read_resource",
    "list_resource_templates", "set_logging_level", "completion", "tool", "prompt", "resource", "run",
})


@dataclass
class _Scope:
    """A module, class or function body: the functions and servers bound in it."""

    node: cst.CSTNode
    parent: "_Scope | None"
    functions: dict[str, cst.FunctionDef] = field(default_factory=dict)
    servers: dict[str, Registry] = field(default_factory=dict)
    params: dict[str, cst.Param] = field(default_factory=dict)
    owner: "_Scope | None" = None  # for a method: its class's scope (``self.x``)
    # Every name bound here (assignments, parameters, imports, defs, loop targets) and how
    # often: a name that is bound to something else, or rebound, is not an outer server.
    bound: dict[str, int] = field(default_factory=dict)
    calls: dict[str, cst.Call] = field(default_factory=dict)  # name = <call>, for `deco = mcp.prompt()`
    # `tools, names = prepare_tools(...)`: each unpacked name -> the call (what it may hold)
    unpacked: dict[str, cst.Call] = field(default_factory=dict)
    # name -> how many of its bindings make one server in alternative branches (see _alternative)
    alternatives: dict[str, int] = field(default_factory=dict)
    # name = [f, g, ...] (a list or tuple literal), for `for tool in tools: mcp.add_tool(tool)`
    listed: dict[str, cst.BaseExpression] = field(default_factory=dict)
    # name = record.field / record["field"], for `for spec in TOOLS: func = spec.func; mcp.tool()(func)`
    projected: dict[str, cst.BaseExpression] = field(default_factory=dict)


@dataclass
class FoundServers:
    """What :func:`find_servers` returns: the registries, and gaps owned by no server."""

    registries: list[Registry]
    gaps: list[Gap]
    decorator_uses: list["DecoratorSite"] = field(default_factory=list)


@dataclass
class DecoratorSite:
    """``@<server>.<method>`` or ``@<server>.<method>(...)`` on ``function``, resolved to its
    server; ``via_lowlevel`` for ``@mcp._mcp_server.<method>()`` (fastmcp's wrapped server)."""

    registry: Registry
    method: str
    decorator: cst.Decorator
    function: cst.FunctionDef
    call: cst.Call | None
    via_lowlevel: bool = False


def find_servers(info: ModuleInfo, pins=None) -> FoundServers:
    """Every server of ``info``'s module and what is registered on it.

    Shapes: ``FoundServers.registries`` in order of discovery, each :class:`Registry` with
    its handlers (libcst ``FunctionDef`` nodes, possibly from linked project modules).
    Never raises for code it does not understand: that becomes a :class:`Gap` or nothing.
    """
    return _Finder(info, pins).run()


class _Finder:
    def __init__(self, info: ModuleInfo, pins=None) -> None:
        self.info = info
        self.pins = pins
        self.evaluator = Evaluator(info)
        self.module_scope = _Scope(info.module, None)
        self.scopes: list[_Scope] = []
        self.registries: list[Registry] = []
        self.by_constructor: dict[int, Registry] = {}
        self.gaps: list[Gap] = []
        self._returned: dict[int, Registry | None] = {}
        self._calls: list[tuple[cst.Call, _Scope]] = []
        self._decorated: list[tuple[cst.FunctionDef, _Scope]] = []
        self._depth = 0
        self._applied: set[int] = set()  # ids of calls that are themselves called: mcp.prompt(x)(fn)
        self.local_functions: set[int] = set()
        self.decorator_uses: list[DecoratorSite] = []
        self._instances: dict[int, Registry] = {}
        self._loops: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
        self._branches: list[tuple[int, int]] = []  # (id(if or match statement), block) around the statement
        self._bound_in: dict[int, list[tuple[int, int]]] = {}  # id(server registry) -> branches of its binding
        #: id(call) -> the (target, iterable) of each loop around it, outermost first
        self.loop_targets: dict[int, list[tuple[cst.BaseExpression, cst.BaseExpression]]] = {}
        self._call_loops: dict[int, dict[str, cst.BaseExpression]] = {}
        # id(call) -> name unpacked by a loop around it -> (target, iterable, position): `for tool, fn in [...]`
        self._call_unpacked: dict[int, dict[str, tuple[cst.BaseExpression, cst.BaseExpression, int]]] = {}
        # (id(call), id(function)) -> the loop targets bound for the row that gives the call that function
        self._row_envs: dict[tuple[int, int], dict] = {}
        self._unread: list[tuple[Registry, _Scope]] | None = []  # constructors read once scopes are known
        self._other_finders: dict[int, _Finder] = {}  # id(ModuleInfo) -> the finder of a calling module
        self._resolving: set[tuple[int, str]] = set()  # (id(scope), parameter) being resolved
        # id(function scope) -> its parameters as each caller binds them (:meth:`_parameter_envs`)
        self._parameter_env_memo: dict[int, list[dict]] = {}
        # (id(scope), parameter) -> what the calls in other modules pass (see _callers_passing)
        self._passing: dict[tuple[int, str], dict] = {}
        self._caller_depth = 0  # modules of callers this finder was made for (see _caller_server)
        self._self_servers: dict[int, Registry | None] = {}  # id(class scope) -> the server `self` is

    def prepare(self) -> None:
        """Collect the module's scopes, servers and calls, and bind the servers made elsewhere
        (what :meth:`run` needs before it reads registrations)."""
        self._collect(self.info.module.body, self.module_scope)
        unread, self._unread = self._unread or [], None
        for registry, scope in unread:
            _read_constructor(self, registry, registry.constructor, scope)
        for scope in self.scopes:  # a server made in one function and returned to another
            self._bind_assignments(scope)

    def run(self) -> FoundServers:
        self.prepare()
        for scope in self.scopes:  # class X(Server): super().__init__(..., on_get_prompt=self._get)
            if type(scope.node) is cst.ClassDef and _super_init(scope.node) is not None:
                self._self_server(scope)
        for function, scope in self._decorated:
            for decorator in function.decorators:
                self._register_decorated(function, decorator, scope)
        self._applied = {id(call.func) for call, _ in self._calls if type(call.func) is cst.Call}
        for call, scope in self._calls:
            self._register_call(call, scope)
        self._record_handoffs()
        registries = [r for r in self.registries if r.node is not None or self._keep_local(r)]
        return FoundServers(registries, self.gaps, self.decorator_uses)

    def _record_handoffs(self) -> None:
        """Calls that hand a server to other code (``register_tools(mcp, config)``): where
        its registrations may be made when none are found on it."""
        for call, scope in self._calls:
            for arg in call.args:
                name = dotted_name(arg.value) if not arg.star else None
                registry = self._lookup(name, scope) if name else None
                if registry is not None and len(registry.handed_to) < _MAX_HANDOFFS \
                        and all(call is not other for other in registry.handed_to):
                    registry.handed_to.append(call)

    def _keep_local(self, registry: Registry) -> bool:
        """A server made in another module is kept when this module registers on it (or tries
        to, with a handler that was not followed: its gap must show): every
        registration recorded here was made here (the constructing module's own lint
        reports its own registrations; a foreign constructor's ``on_*`` names are not read).
        A low-level get handler registered here takes its list handler from the
        constructing module, for the declarations only."""
        if registry.family == "lowlevel":
            self._borrow_listers(registry)
        lost = any(not isinstance(gap.node, cst.Param) for gap in registry.gaps)  # a handler not followed
        return bool(set(registry.lowlevel) - set(registry.borrowed) or registry.prompt_functions
                    or registry.tool_functions or registry.added_prompts or registry.added_tools or lost)

    def _borrow_listers(self, registry: Registry) -> None:
        """``@server.list_prompts()`` in ``app.py``, ``@server.get_prompt()`` here on the
        imported ``server``: the list handler is found among the linked module's functions."""
        qualified = self.info.imports.get(registry.variable.split(".")[0], "")
        original = qualified.rsplit(".", 1)[-1] if qualified else registry.variable
        for get_name, list_name in (("get_prompt", "list_prompts"), ("call_tool", "list_tools")):
            if get_name not in registry.lowlevel or list_name in registry.lowlevel:
                continue
            for function in list(dict.values(self.info.functions)):
                if id(function) not in self.local_functions and _decorated_with(function, original, list_name):
                    registry.lowlevel[list_name] = function
                    registry.borrowed.append(list_name)
                    break

    # -- scopes ---------------------------------------------------------------------------
    def _collect(self, body, scope: _Scope) -> None:
        """Record functions, servers, calls and decorated functions of ``body`` and below."""
        self.scopes.append(scope)
        for statement in body:
            self._collect_statement(statement, scope)

    def _collect_statement(self, statement, scope: _Scope) -> None:
        kind = type(statement)  # not isinstance: see module_info.exact_types
        if kind is cst.FunctionDef:
            scope.functions.setdefault(statement.name.value, statement)
            self.local_functions.add(id(statement))
            if statement.decorators:
                self._decorated.append((statement, scope))
            _bind_name(scope, statement.name.value)
            inner = _Scope(statement, scope, owner=scope if isinstance(scope.node, cst.ClassDef) else scope.owner)
            for param in _parameters(statement):
                inner.params[param.name.value] = param
                _bind_name(inner, param.name.value)
            self._collect(suite_statements(statement.body), inner)
            return
        if kind is cst.ClassDef:
            _bind_name(scope, statement.name.value)
            self._collect(suite_statements(statement.body), _Scope(statement, scope))
            return
        if kind is cst.SimpleStatementLine:
            for small in statement.body:
                self._collect_small(small, scope)
            return
        for target in _compound_targets(statement):
            for name in _target_names(target):
                _bind_name(scope, name)
        looping = kind is cst.For and isinstance(statement.target, (cst.Name, cst.Tuple, cst.List))
        if looping:  # calls in its body know what the loop variable ranges over
            self._loops.append((statement.target, statement.iter))
        branching = isinstance(statement, (cst.If, cst.Match))
        for index, block in enumerate(_blocks(statement)):
            if looping and index == 1:
                self._loops.pop()  # the else block runs after the loop
                looping = False
            if branching:  # exactly one of these blocks runs
                self._branches.append((id(statement), index))
            for inner in block:
                self._collect_statement(inner, scope)
            if branching:
                self._branches.pop()
        if looping:
            self._loops.pop()

    def _collect_small(self, small, scope: _Scope) -> None:
        for name in _small_bindings(small):
            _bind_name(scope, name)
        kind = type(small)  # not isinstance: see module_info.exact_types
        if kind is cst.Assign and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.Call):
            scope.calls[small.targets[0].target.value] = small.value
        if kind is cst.Assign and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, (cst.List, cst.Tuple)):
            scope.listed[small.targets[0].target.value] = small.value
        if kind is cst.Assign and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, (cst.Attribute, cst.Subscript)):
            scope.projected[small.targets[0].target.value] = small.value
        if kind is cst.Assign and len(small.targets) == 1 \
                and isinstance(small.targets[0].target, (cst.Tuple, cst.List)) and isinstance(small.value, cst.Call):
            for element in small.targets[0].target.elements:
                if isinstance(element.value, cst.Name):
                    scope.unpacked[element.value.value] = small.value
        if kind is cst.Assign and self._derived_from_itself(scope, small):
            name = small.targets[0].target.value  # the server stays what the name stood for
            scope.alternatives[name] = scope.alternatives.get(name, 1) + 1
        if kind in _ASSIGNMENTS and isinstance(small.value, cst.Call):
            family = self._constructor_family(small.value)
            if family is None and kind is cst.Assign and self._stand_in(small.value):
                for target in small.targets:  # `server = _MockServer(...)` when the SDK is missing
                    if isinstance(target.target, cst.Name):
                        scope.alternatives[target.target.value] = scope.alternatives.get(target.target.value, 1) + 1
            if family is not None:
                targets = small.targets if kind is cst.Assign else [small]
                for target in targets:
                    name = dotted_name(target.target)
                    if name and self._alternative(scope, name, small.value, family):
                        continue
                    if name:
                        self._bind(scope, name, self._constructed(small.value, name, family, scope=scope))
        value = getattr(small, "value", None)
        if kind is cst.Return and isinstance(value, cst.Call):
            family = self._constructor_family(value)
            if family is not None:
                self._constructed(value, f"{_function_name(scope)}()", family, scope=scope)
        for node in walk(small, into_nested_scopes=False):
            if type(node) is cst.Call:  # not isinstance, which is slow for libcst's ABC-based classes
                self._calls.append((node, scope))
                if self._loops:
                    self._call_loops[id(node)] = {target.value: iterable for target, iterable in self._loops
                                                  if isinstance(target, cst.Name)}
                    unpacked = {element.value.value: (target, iterable, index) for target, iterable in self._loops
                                if isinstance(target, (cst.Tuple, cst.List))
                                for index, element in enumerate(target.elements)
                                if isinstance(element.value, cst.Name) and not isinstance(element, cst.StarredElement)}
                    if unpacked:
                        self._call_unpacked[id(node)] = unpacked
                    self.loop_targets[id(node)] = list(self._loops)

    def _derived_from_itself(self, scope: _Scope, small: cst.Assign) -> bool:
        """``mcp_app = mcp_app.streamable_http_app()`` after the registrations: the name is
        rebound to a product of the server's own method (its ASGI app), so the registrations
        made on it before were made on the server. What the name holds afterwards takes no
        registration (an app has no ``tool``/``prompt``), so it counts as no other binding."""
        if len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
            return False
        name = small.targets[0].target.value
        value = small.value
        return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
            and isinstance(value.func.value, cst.Name) and value.func.value.value == name \
            and name in scope.servers and not _is_registration(value.func.attr.value)

    def _stand_in(self, call: cst.Call) -> bool:
        """``_MockServer("x")``: an instance of a class of this module that only stands in for a
        server (every method named like a server's registration decorator, ``list_tools``,
        ``call_tool``, ``tool``, ``prompt`` ...), bound where the SDK could not be imported. It
        registers nothing, so the real constructor bound to the same name is the server."""
        definition = self.info.classes.get(dotted_name(call.func) or "")
        if definition is None or definition.bases:
            return False
        methods = [m.name.value for m in suite_statements(definition.body) if isinstance(m, cst.FunctionDef)]
        registering = [m for m in methods if m in _STAND_IN_METHODS]
        return bool(registering) and all(m in _STAND_IN_METHODS or m.startswith("__") for m in methods)

    def _alternative(self, scope: _Scope, name: str, call: cst.Call, family: str) -> bool:
        """``if auth: app = FastMCP(..., auth=...) else: app = FastMCP(...)``: a name bound to
        a server in each branch is one server whichever branch runs, when both constructors
        agree on everything the model reads from them (family, handlers, error settings).
        The later constructor then stands for the first one's server."""
        if name.startswith(("self.", "cls.")) and name.count(".") == 1 and scope.owner is not None:
            scope = scope.owner  # `self.server = FastMCP(...)` in either branch of __init__
        elif "." in name:
            return False
        first = scope.servers.get(name)
        if first is None or first.family != family or first.constructor is None \
                or _constructor_settings(first.constructor) != _constructor_settings(call) \
                or not _exclusive(self._bound_in.get(id(first), []), self._branches):
            return False
        self.by_constructor[id(call)] = first
        scope.alternatives[name] = scope.alternatives.get(name, 1) + 1
        return True

    def _bind(self, scope: _Scope, name: str, registry: Registry) -> None:
        if name.startswith(("self.", "cls.")) and scope.owner is not None:
            _bind_name(scope.owner, name)
        if registry.variable.endswith("()"):
            registry.variable = name  # `server = create_server()`: this file calls it `server`
        if name.startswith(("self.", "cls.")) and scope.owner is not None:
            scope.owner.servers.setdefault(name, registry)
        else:
            scope.servers.setdefault(name, registry)
        self._bound_in.setdefault(id(registry), list(self._branches))

    def _bind_assignments(self, scope: _Scope) -> None:
        """``server = create_server()`` / ``mcp = imported`` bind a server made elsewhere."""
        body = suite_statements(scope.node.body) if not isinstance(scope.node, cst.Module) else scope.node.body
        for statement in _flat_statements(body):
            for small in statement.body:
                if type(small) not in _ASSIGNMENTS or small.value is None:
                    continue
                if isinstance(small.value, cst.Call) and self._constructor_family(small.value) is not None:
                    continue
                targets = small.targets if isinstance(small, cst.Assign) else [small]
                names = [dotted_name(t.target) for t in targets]
                if not any(names) or all(self._lookup(n, scope) is not None for n in names if n):
                    continue
                registry = self.server_of(small.value, scope)
                if registry is None:
                    registry = self._parameter_value_server(small.value, scope, small)
                if registry is not None:
                    for name in names:
                        if name:
                            self._bind(scope, name, registry)

    def _parameter_value_server(self, value: cst.BaseExpression, scope: _Scope, site: cst.CSTNode) -> Registry | None:
        """``self.mcp = mcp`` in ``__init__(self, mcp: FastMCP)`` (or ``server = mcp`` in any
        function): the server the parameter stands for, so that registrations through the
        attribute (``mcp = self.mcp`` then ``@mcp.tool`` in another method) land on it. It is
        the one server the calls in this module pass, else the one its callers in the modules
        next to this one pass, else a server of the family the annotation names. An untyped
        parameter no call resolves stays unknown: a guess would make any attribute a server."""
        name = dotted_name(value)
        owner = _param_scope(scope, name) if name and "." not in name else None
        if owner is None or _binding_scope(scope, name) is not owner:
            return None
        if self._has_call_sites(owner):
            passed = self._passed_servers(owner, name)
            return passed[0] if len(passed) == 1 else None
        param = owner.params[name]
        annotation = param.annotation.annotation if param.annotation is not None else None
        if annotation is not None and not self._opaque_annotation(annotation):
            # typed: only a server class makes it a server (as in _parameter_server), so a tool's
            # `fields_list = fields` with `fields: Annotated[str, ...]` searches no callers
            return self._parameter_server(name, scope, "", site) if self._annotation_family(annotation) else None
        if self._caller_server(owner, name) is None:
            return None
        return self._parameter_server(name, scope, "", site)

    # -- resolving values -------------------------------------------------------------------
    def _constructor_family(self, call: cst.Call) -> str | None:
        return self._class_family(call.func, 0)

    def _class_family(self, expr: cst.BaseExpression, depth: int) -> str | None:
        """The server family of a class expression: a known server class, or a project
        class deriving from one (``class TracedFastMCP(FastMCP)``), through a few levels."""
        if isinstance(expr, cst.Subscript):  # MCPServer[AppState](...): a parametrised class
            expr = expr.value
        family = CONSTRUCTORS.get(self.info.qualify(expr) or "")
        if family is not None or depth >= _MAX_FACTORY_DEPTH:
            return family
        name = dotted_name(expr)
        if name is None:
            return None
        if name in self.info.imports and self.info.mentions is not None \
                and not self.info.mentions(name, (b"mcp", b"MCP", b"Server")):
            return None  # an imported class whose module names no server: not worth a parse
        if name in self.info.imports and name not in self.info.classes:
            return None
        definition = self.info.classes.get(name)
        if definition is None:
            return None
        for base in definition.bases:
            family = self._class_family(base.value, depth + 1)
            if family is not None:
                return family
        return None

    def _constructed(self, call: cst.Call, name: str, family: str, foreign: bool = False,
                     scope: _Scope | None = None) -> Registry:
        registry = self.by_constructor.get(id(call))
        if registry is None:
            registry = Registry(name, family, None if foreign else call, constructor=call)
            if self._unread is not None:
                self._unread.append((registry, scope or self.module_scope))
            else:
                _read_constructor(self, registry, call, scope or self.module_scope)
            self.by_constructor[id(call)] = registry
            self.registries.append(registry)
        return registry

    def server_of(self, expr: cst.BaseExpression, scope: _Scope) -> Registry | None:
        """The server ``expr`` evaluates to in ``scope``, or None when it is none or unknown."""
        if isinstance(expr, cst.Call):
            family = self._constructor_family(expr)
            if family is not None:
                return self._constructed(expr, dotted_name(expr.func) or "server", family)
            function = self.function_of(expr.func, scope)
            made = self._returned_server(function) if function is not None else None
            return self._instance(made, expr) if made is not None else None
        name = dotted_name(expr)
        if name is None:
            return None
        local = self._lookup(name, scope)
        if local is not None:
            return local
        if _binding_scope(scope, name) is self.module_scope:
            return self._imported_server(name) or self._global_set_by_caller(name)
        return self._imported_server(name)

    def _global_set_by_caller(self, name: str) -> Registry | None:
        """A module global that a setter function binds from its parameter (``mcp = None`` at
        the top; ``def set_mcp_instance(instance): global mcp; mcp = instance``, called as
        ``set_mcp_instance(mcp)`` by the module that made the server): the server the
        setter's callers pass, as for a registration function's parameter. None when the
        global has another binding, the setter is not one plain assignment from a parameter,
        or its callers do not all pass one known server."""
        if "." in name or self.module_scope.bound.get(name, 0) > 1 \
                or not isinstance(self.info.constants.get(name, cst.Name("None")), cst.Name) \
                or dotted_name(self.info.constants.get(name, cst.Name("None"))) != "None":
            return None
        setters = [(function, param) for function, param in _global_setters(self.info.module, name)]
        if len(setters) != 1:
            return None
        function, param = setters[0]
        owner = next((s for s in self.scopes if s.node is function), None)
        made = self._caller_server(owner, param) if owner is not None else None
        if made is None or made[1] is None:
            return None
        return self._constructed(made[1], name, made[0], foreign=True)

    def _instance(self, made: Registry, call: cst.Call) -> Registry:
        """Each call of a factory makes a server of its own: the first call site shares the
        factory's registry (its own registrations), later ones get a copy of it."""
        if id(call) in self._instances:
            return self._instances[id(call)]
        if not any(registry is made for registry in self._instances.values()):
            self._instances[id(call)] = made
            return made
        copy = replace(made, variable=made.variable, lowlevel=dict(made.lowlevel),
                       prompt_functions=list(made.prompt_functions), added_prompts=list(made.added_prompts),
                       added_tools=list(made.added_tools), tool_functions=list(made.tool_functions), gaps=[])
        self._instances[id(call)] = copy
        self.registries.append(copy)
        return copy

    def _class_scope(self, name: str, scope: _Scope | None) -> _Scope | None:
        """The scope of the class ``name`` refers to from ``scope``, if it is one of this module's."""
        binding = _binding_scope(scope, name)
        if binding is None:
            return None
        return next((s for s in self.scopes if type(s.node) is cst.ClassDef and s.node.name.value == name
                     and s.parent is binding), None)

    def _lookup(self, name: str, scope: _Scope | None) -> Registry | None:
        """The server ``name`` refers to in ``scope``: the innermost scope binding its head
        decides; a name bound there to anything else, or bound more than once, is none."""
        if name.startswith(("self.", "cls.")):
            owner = scope.owner if scope is not None else None
            if owner is None or owner.bound.get(name, 0) > owner.alternatives.get(name, 1):
                return None
            attribute = name.split(".", 1)[1]
            if name not in owner.servers and owner.bound.get(attribute, 0) == 1:
                return owner.servers.get(attribute)  # a class attribute: `server = Server(...)` in the body
            return owner.servers.get(name)
        if name.count(".") == 1:
            class_scope = self._class_scope(name.split(".")[0], scope)
            if class_scope is not None:  # App.server
                attribute = name.split(".")[1]
                return class_scope.servers.get(attribute) if class_scope.bound.get(attribute, 0) == 1 else None
        head = name.partition(".")[0]
        while scope is not None:
            if name in scope.servers:
                single = scope.bound.get(name, 0) <= scope.alternatives.get(name, 1)
                return scope.servers[name] if single else None
            if head in scope.bound and not isinstance(scope.node, cst.ClassDef):
                return None
            scope = scope.parent
        return None

    def _imported_server(self, name: str) -> Registry | None:
        """A module-level server of a project module this file imports (``from .app import mcp``)."""
        if name not in self.info.imports and name.partition(".")[0] not in self.info.imports:
            return None
        value = self.info.constants.get(name)
        if self._depth >= _MAX_FACTORY_DEPTH:
            return None
        if not isinstance(value, cst.Call):
            return self._origin_server(name)
        family = self._constructor_family(value)
        if family is not None:
            return self._with_imported_middleware(self._constructed(value, name, family, foreign=True), name)
        function = self.function_of(value.func, self.module_scope)
        return self._returned_server(function) if function is not None else None

    def _origin_server(self, name: str) -> Registry | None:
        """The server an imported name stands for when its module's value is no constant
        there: ``mcp = FastMCP(..., auth=a)`` in one branch of an ``if`` and ``mcp =
        FastMCP(...)`` in the other, or ``mcp = FastMCP(...)`` followed by ``mcp.settings.port =
        80``; resolved at the top of that module as its own lint does (one server per name,
        the middleware it adds there read with it). None when that module does not bind one."""
        found = self.info.origin(name) if self.info.origin is not None else None
        head, dot, attribute = name.rpartition(".")
        if found is None and dot and self.info.origin is not None:
            # `from .base import App` ... `@App.mcp.tool`, `from . import core` ...
            # `@core.Service.mcp.tool`: a server held by a class of an imported module
            found = self.info.origin(head)
            found = (found[0], f"{found[1]}.{attribute}") if found is not None and found[1].isidentifier() else None
        if found is None or self._caller_depth >= _MAX_CALLER_DEPTH:
            return None
        other, inner = found
        finder = self._foreign_finder(other)
        made = finder._lookup(inner, finder.module_scope)
        if made is None or made.constructor is None:
            return None
        return self._with_imported_middleware(self._constructed(made.constructor, name, made.family, foreign=True), name)

    def _with_imported_middleware(self, registry: Registry, name: str) -> Registry:
        """``registry``, the server imported as ``name``, with the middleware its module sets
        up: ``mcp.add_middleware(ErrorHandlingMiddleware())`` is written where ``mcp`` is made."""
        if self.info.mentions is not None and self.info.mentions(name, (_ERROR_MIDDLEWARE,), exact=True):
            registry.middleware = True
        elif self.info.mentions is not None and self.info.mentions(name, (b"add_middleware", b"middleware="), exact=True):
            registry.middleware = None  # some middleware is set up there, which is not read here
        return registry

    def _returned_server(self, function: cst.FunctionDef) -> Registry | None:
        """The server a factory returns (``return FastMCP(...)`` or ``return server``)."""
        key = id(function)
        if key in self._returned:
            return self._returned[key]
        self._returned[key] = None  # recursion guard
        found = None
        self._depth += 1
        try:
            for statement in _flat_statements(suite_statements(function.body)):
                for small in statement.body:
                    if isinstance(small, cst.Return) and small.value is not None:
                        found = found or self._returned_value(small.value, function)
        finally:
            self._depth -= 1
        self._returned[key] = found
        return found

    def _returned_value(self, value: cst.BaseExpression, function: cst.FunctionDef) -> Registry | None:
        if isinstance(value, cst.Call):
            family = self._constructor_family(value)
            if family is not None:
                local = self.by_constructor.get(id(value))
                return local or self._constructed(value, f"{function.name.value}()", family, foreign=True)
        scope = next((s for s in self.scopes if s.node is function), None)
        if scope is not None:
            name = dotted_name(value)
            return self._lookup(name, scope) if name else None
        # A factory of another module: its own assignments are not collected here.
        name = dotted_name(value)
        for statement in _flat_statements(suite_statements(function.body)):
            for small in statement.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and isinstance(small.value, cst.Call):
                    targets = small.targets if isinstance(small, cst.Assign) else [small]
                    family = self._constructor_family(small.value)
                    if family and any(dotted_name(t.target) == name for t in targets):
                        return self._constructed(small.value, name or "server", family, foreign=True)
        return None

    def function_of(self, expr: cst.BaseExpression, scope: _Scope) -> cst.FunctionDef | None:
        """The function ``expr`` names in ``scope``: nested, enclosing, method, module, imported."""
        name = dotted_name(expr)
        if name is None:  # `Catalog(root).describe`
            return bound_method(self.info, expr, (), ()) if isinstance(expr, cst.Attribute) else None
        if name.startswith(("self.", "cls.")) and name.count(".") == 1:
            owner = scope.owner
            return owner.functions.get(name.split(".", 1)[1]) if owner is not None else None
        current: _Scope | None = scope
        while current is not None:
            if not isinstance(current.node, cst.ClassDef) and name in current.functions:
                return current.functions[name]
            current = current.parent
        found = self.info.functions.get(name)
        if found is None and "." in name:  # catalog.describe, self.prompts.render: a bound method
            found = bound_method(self.info, expr, self._functions_around(scope), self._own_methods(scope))
        return found

    def _functions_around(self, scope: _Scope | None) -> list[cst.FunctionDef]:
        """The functions enclosing ``scope`` (itself included), outermost first."""
        found: list[cst.FunctionDef] = []
        while scope is not None:
            if isinstance(scope.node, cst.FunctionDef):
                found.append(scope.node)
            scope = scope.parent
        return found[::-1]

    def _own_methods(self, scope: _Scope | None) -> list[cst.FunctionDef]:
        """The methods of the class ``scope`` is a method of (for ``self.x``), else none."""
        owner = scope.owner if scope is not None else None
        return [f for f in owner.functions.values()] if owner is not None else []

    # -- registrations ----------------------------------------------------------------------
    def receivers(self, expr: cst.BaseExpression, scope: _Scope, method: str, site: cst.CSTNode) -> list[Registry]:
        """The servers a registration is made on: one, or each server a registration
        function is called with."""
        name = dotted_name(expr) or ""
        owner = _param_scope(scope, name) if name and "." not in name else None
        if owner is not None and self._lookup(name, scope) is None:
            passed = self._passed_servers(owner, name)
            if passed:
                return passed
            if not self._has_call_sites(owner):  # the calls in other modules decide
                passed = self._caller_servers(owner, name)
                if passed:
                    return passed
        registry = self.receiver(expr, scope, method, site)
        return [registry] if registry is not None else []

    def receiver(self, expr: cst.BaseExpression, scope: _Scope, method: str, site: cst.CSTNode) -> Registry | None:
        """The server a registration is made on; a parameter may be typed or guessed."""
        name = dotted_name(expr) or ""
        via_lowlevel = name.endswith("._mcp_server")
        if via_lowlevel:
            name = name[: -len("._mcp_server")]
        if name == "self" and scope.owner is not None and _binding_scope(scope, name) is _param_scope(scope, name):
            registry = self._self_server(scope.owner)  # a method of a project server subclass
            if registry is not None:
                return registry
        registry = self._lookup(name, scope) if name else None
        if registry is None and name and _binding_scope(scope, name) is self.module_scope:
            registry = self._imported_server(name) or self._global_set_by_caller(name)
        if registry is None and name.count(".") == 1 and not name.startswith(("self.", "cls.")):
            registry = self._instance_attribute_server(name, scope)
        if registry is None and name:
            registry = self._parameter_server(name, scope, method, site)
        return registry

    def _instance_attribute_server(self, name: str, scope: _Scope) -> Registry | None:
        """``app.server`` where ``app`` is a parameter typed with (or a local made from) a
        project class whose methods set ``self.server = Server(...)``."""
        head, attr = name.split(".")
        owner = _param_scope(scope, head)
        class_expr = None
        if owner is not None and owner.params[head].annotation is not None:
            class_expr = owner.params[head].annotation.annotation
        elif owner is None:
            made = _assigned_call(scope, head)  # app = App(): an instance made here
            class_expr = made.func if made is not None else None
        if isinstance(class_expr, cst.SimpleString):
            text = class_expr.evaluated_value
            class_expr = cst.Name(text) if isinstance(text, str) and text.isidentifier() else None
        definition = self.info.classes.get(dotted_name(class_expr) or "") if class_expr is not None else None
        if definition is None:
            return None
        local = next((s for s in self.scopes if s.node is definition), None)
        if local is not None:
            return local.servers.get(f"self.{attr}") or (local.servers.get(attr) if local.bound.get(attr) == 1 else None)
        for method in suite_statements(definition.body):
            if not isinstance(method, cst.FunctionDef):
                continue
            for statement in _flat_statements(suite_statements(method.body)):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) \
                            and any(dotted_name(t.target) == f"self.{attr}" for t in small.targets):
                        family = self._constructor_family(small.value)
                        if family is not None:
                            return self._constructed(small.value, name, family, foreign=True)
        return None

    def _parameter_server(self, name: str, scope: _Scope, method: str, site: cst.CSTNode) -> Registry | None:
        """``def register(mcp: FastMCP)``: a server made elsewhere and passed in.

        The annotation names the family; an untyped parameter is resolved from a call of
        its function in this module that passes a known server, else from the method's
        shape (the low-level decorators exist on ``Server`` only) and the module's imports.
        """
        owner = _param_scope(scope, name)
        if owner is None:
            return None
        param = owner.params[name]
        annotation = param.annotation.annotation if param.annotation is not None else None
        typed = annotation is not None and not self._opaque_annotation(annotation)
        family = self._annotation_family(annotation) if typed else None  # typed: only a server class makes it a server
        if typed and family is None:
            return None
        if self._has_call_sites(owner):  # called here: the call sites decide (see receivers)
            if not typed:
                return None
            made = None
        else:
            made = self._caller_server(owner, name)
        if made is not None and made[1] is not None and (family is None or _same_kind(family, made[0])):
            # register_prompts(mcp) in server.py, next to mcp = FastMCP(...)
            registry = self._constructed(made[1], name, made[0], foreign=True)
            registry.middleware = _with_middleware(registry.middleware, self._callers_add_middleware(owner))
            owner.servers[name] = registry
            return registry
        guessed = False
        if family is None:
            family = made[0] if made is not None else self._guessed_family(method)
            guessed = made is None and not any(q in CONSTRUCTORS for q in self.info.imports.values())
        if family is None:
            return None
        registry = Registry(name, family, None, middleware=self._callers_add_middleware(owner))
        registry.class_guessed = guessed
        function = owner.node.name.value if isinstance(owner.node, cst.FunctionDef) else "its function"
        registry.gaps.append(Gap(param, f"`{name}` is a parameter of {function}() and no call found in the project "
                                        f"passes it a known server: the server it stands for is not known here"))
        owner.servers[name] = registry
        self.registries.append(registry)
        return registry

    def _caller_server(self, owner: _Scope, name: str) -> tuple[str, cst.Call | None] | None:
        """(family, constructor call) of the server that the calls of ``owner``'s function in
        the other modules of the project pass as ``name``: ``register_prompts(mcp)`` with
        ``mcp = FastMCP(...)`` at the top of ``server.py``, ``wire(server)`` after ``server =
        Server(...)`` in ``main()``, ``register_tools(self.server)`` in a method of the class
        that set ``self.server``, ``ReportPrompts(mcp, store)`` for ``__init__(self, mcp)``, or
        a parameter of the calling function that its own callers fill (a few calls deep). The
        constructor is None when the chain ends at a typed parameter. None unless every call
        resolves, all to one server."""
        called = self._called_as(owner)
        if called is None or self.info.callers is None or self._caller_depth >= _MAX_CALLER_DEPTH:
            return None
        found = self._callers_passing(owner, name, called)
        made_here = [made for made in found.values() if made is not None and made[1] is not None]
        if len(found) > 1 and None not in found.values() and len(made_here) == 1:
            # the other paths end at a typed parameter of a function no call reaches (an unused
            # `register_all(mcp: FastMCP)`): they serve nothing the constructed one does not
            return made_here[0]
        if len(found) != 1:
            return None
        return next(iter(found.values()))

    def _callers_passing(self, owner: _Scope, name: str,
                         called: tuple[str, int]) -> dict[object, tuple[str, cst.Call | None] | None]:
        """What each call of ``owner``'s function in the other modules passes as ``name``:
        (family, constructor) keyed by the constructor (or the pair), and None under the key
        None for the first call that does not resolve (the search stops there). Memoised:
        every registration in the function asks the same question."""
        key = (id(owner), name)
        if key in self._passing:
            return self._passing[key]
        function_name, skipped = called
        index = [p.name.value for p in _parameters(owner.node)].index(name) - skipped
        found: dict[object, tuple[str, cst.Call | None] | None] = {}
        for other, call in self.info.callers(function_name):
            passed = _passed_argument(call, name, index)
            made = self._servers_in(other, call, passed) if passed is not None else []
            if not made and _is_test_module(other):
                continue  # a test passing a stand-in (a mock, a fixture) serves nothing
            for one in made:
                found[one[1] if one[1] is not None else one] = one
            if not made:
                found[None] = None
                break
        self._passing[key] = found
        return found

    def _caller_servers(self, owner: _Scope, name: str) -> list[Registry]:
        """The servers the calls of ``owner``'s function in the other modules pass as
        ``name`` when they are several, each made by a constructor the model read: one
        registration function shared by several factories (``ltl.register(instance)`` in
        ``make_ltl()``, ``make_combined()``, ...) registers on each of them. Empty when a
        call does not resolve, when a path ends at a typed parameter (no constructor), when
        the servers differ in family or from the annotation's kind, or when there are
        fewer than two (``_caller_server`` answers for one)."""
        called = self._called_as(owner)
        if called is None or self.info.callers is None or self._caller_depth >= _MAX_CALLER_DEPTH:
            return []
        found = self._callers_passing(owner, name, called)
        if len(found) < 2 or any(made is None or made[1] is None for made in found.values()):
            return []
        families = [made[0] for made in found.values()]
        annotation = owner.params[name].annotation
        typed = annotation is not None and not self._opaque_annotation(annotation.annotation)
        expected = self._annotation_family(annotation.annotation) if typed else None
        # one family: servers of two families would serve the same handler on two stacks,
        # whose findings differ (see test_callers_passing_servers_of_two_families...)
        if (typed and expected is None) or len(set(families)) != 1 \
                or (expected is not None and not _same_kind(expected, families[0])):
            return []
        middleware = self._callers_add_middleware(owner)
        registries = []
        for family, constructor in found.values():
            registry = self._constructed(constructor, name, family, foreign=True)
            registry.middleware = _with_middleware(registry.middleware, middleware)
            registries.append(registry)
        return registries

    def _called_as(self, owner: _Scope) -> tuple[str, int] | None:
        """How other modules call ``owner``'s function: (name, leading parameters the call does
        not pass): a top-level function by its name, ``__init__`` of a top-level class by the
        class's name (``self`` not passed), a method of a top-level class as
        ``instance.method`` for the one instance bound at the top of this module, else as
        ``Class().method`` (an instance its callers make: see ``instance_calls``); None for
        anything else."""
        function = owner.node
        if not isinstance(function, cst.FunctionDef) or owner.parent is None:
            return None
        if owner.parent is self.module_scope:
            return function.name.value, 0
        holder = owner.parent
        if function.name.value == "__init__" and isinstance(holder.node, cst.ClassDef) \
                and holder.parent is self.module_scope:
            return holder.node.name.value, 1
        if isinstance(holder.node, cst.ClassDef) and holder.parent is self.module_scope:
            instances = self._module_instances(holder.node)  # registry = PromptRegistry(): registry.install(mcp)
            if len(instances) == 1:
                return f"{instances[0]}.{function.name.value}", 1
            # tools = PointTools(log); tools.register_tools(self.mcp) in the caller's own scope
            return (f"{holder.node.name.value}().{function.name.value}", 1) if not instances else None
        return None

    def _module_instances(self, owner: cst.ClassDef) -> list[str]:
        """The names bound once at the top of this module to an instance of ``owner``."""
        if not any(statement is owner for statement in self.info.module.body):
            return []
        return sorted(name for name, value in dict.items(self.info.constants)
                      if isinstance(value, cst.Call) and dotted_name(value.func) == owner.name.value
                      and self.module_scope.bound.get(name) == 1)

    def _servers_in(self, other: ModuleInfo, call: cst.Call,
                    expr: cst.BaseExpression) -> list[tuple[str, cst.Call | None]]:
        """(family, constructor) of each server ``expr``, passed by ``call`` in the module of
        ``other``, stands for: the one :meth:`_server_in` resolves, else, when ``expr`` is a
        parameter of the calling function that several factories fill (``register_all(mcp)``
        called by ``make_a()`` and ``make_b()``), each server they pass. Empty when unknown."""
        made = self._server_in(other, call, expr)
        if made is not None:
            return [made]
        finder = self._foreign_finder(other)
        scope = next((scope for node, scope in finder._calls if node is call), None)
        name = dotted_name(expr)
        owner = _param_scope(scope, name) if scope is not None and name and "." not in name else None
        if owner is None or _binding_scope(scope, name) is not owner or name in ("self", "cls"):
            return []
        several = finder._passed_servers(owner, name) if finder._has_call_sites(owner) \
            else finder._caller_servers(owner, name)
        if len(several) < 2 or any(registry.constructor is None for registry in several):
            return []
        return [(registry.family, registry.constructor) for registry in several]

    def _server_in(self, other: ModuleInfo, call: cst.Call, expr: cst.BaseExpression) -> tuple[str, cst.Call | None] | None:
        """(family, constructor) of the server ``expr``, passed by ``call`` in the module of
        ``other``, stands for, resolved in the scope of the call as that module's own lint
        would (locals, ``self`` attributes, factories, imports, its own callers)."""
        finder = self._foreign_finder(other)
        scope = next((scope for node, scope in finder._calls if node is call), None)
        if scope is None:
            return None
        registry = finder.server_of(expr, scope)
        if registry is not None:
            return registry.family, registry.constructor
        name = dotted_name(expr)
        owner = _param_scope(scope, name) if name and "." not in name else None
        if owner is None or _binding_scope(scope, name) is not owner:
            return None
        if name in ("self", "cls") and owner.owner is not None:
            return finder._own_instance(owner.owner)
        # register_all(mcp) calling tools.register(mcp), itself called in its own module by the
        # factory that made mcp: the calls there decide, as they do in that module's own lint
        passed = finder._passed_servers(owner, name) if finder._has_call_sites(owner) else []
        if len(passed) == 1 and passed[0].constructor is not None:
            return passed[0].family, passed[0].constructor
        made = finder._caller_server(owner, name)
        if made is not None:
            return made
        annotation = owner.params[name].annotation
        family = finder._annotation_family(annotation.annotation) if annotation is not None else None
        return (family, None) if family is not None else None

    def _foreign_finder(self, other: ModuleInfo) -> _Finder:
        """The finder of another project module, made once per lint, one level deeper."""
        finder = self._other_finders.get(id(other))
        if finder is None:
            finder = self._other_finders[id(other)] = _Finder(other, self.pins)
            finder._caller_depth = self._caller_depth + 1
            finder.prepare()
        return finder

    def _self_server(self, holder: _Scope) -> Registry | None:
        """The server ``self`` is in the methods of ``holder``, a class of this module deriving
        from a server class (``class ReviewServer(Server)``): the server of its one construction
        in the project (``server = ReviewServer()`` here or in another module), else one server
        standing for every instance of the class, made by its ``super().__init__(...)`` call.
        The ``on_*=`` handlers that call passes (mcp 2.x: ``super().__init__("x",
        on_get_prompt=self._get_prompt)``) are read in ``__init__``'s scope. None for any other
        class (a class that is no server, or one defined in a function)."""
        key = id(holder)
        if key in self._self_servers:
            return self._self_servers[key]
        self._self_servers[key] = None  # recursion guard
        definition = holder.node
        family = self._class_family(definition.name, 0) \
            if type(definition) is cst.ClassDef and holder.parent is self.module_scope else None
        if family is None:
            return None
        name = definition.name.value
        made = [(call, scope) for call, scope in self._calls
                if dotted_name(call.func) == name and self._class_scope(name, scope) is holder]
        elsewhere = [call for _, call in self.info.callers(name)] if self.info.callers is not None and not made else []
        init_call = _super_init(definition)
        if len(made) == 1:
            registry = self.by_constructor.get(id(made[0][0])) \
                or self._constructed(made[0][0], name, family, scope=made[0][1])
        elif len(elsewhere) == 1 and not made:
            registry = self._constructed(elsewhere[0], name, family, foreign=True)
        else:  # never or several times constructed: one server for every instance
            registry = Registry(name, family, init_call, constructor=init_call)
            if init_call is not None:
                self.by_constructor[id(init_call)] = registry
            self.registries.append(registry)
        self._self_servers[key] = registry
        if init_call is not None:
            init = _class_method(definition, "__init__")
            init_scope = next((s for s in self.scopes if s.node is init), holder)
            _read_constructor(self, registry, init_call, init_scope, written_here=True)
        return registry

    def _own_instance(self, holder: _Scope) -> tuple[str, cst.Call | None] | None:
        """``register_tools(self)`` in a method of ``class AppServer(FastMCP)``: the instance is
        a server of the class's family, the one made by its single construction in another
        module (``server = AppServer(...)`` in ``__main__.py``) when there is exactly one."""
        definition = holder.node
        if not isinstance(definition, cst.ClassDef) or holder.parent is not self.module_scope:
            return None
        family = self._class_family(definition.name, 0)
        if family is None:
            return None
        made = [call for _, call in self.info.callers(definition.name.value)] if self.info.callers else []
        return family, made[0] if len(made) == 1 else None

    def _callers_add_middleware(self, owner: _Scope) -> bool | None:
        """Whether a module that calls ``owner``'s function (``register(mcp)`` in the factory
        that made ``mcp``) imports fastmcp's ErrorHandlingMiddleware: the server it passes is
        set up there, and assuming no middleware would misreport what clients get
        (``../shared/FRAMEWORKS.md`` §5-6: the middleware maps ValueError to -32602). None when
        none does but one adds middleware the model cannot identify (``for m in
        default_middleware(): mcp.add_middleware(m)``)."""
        called = self._called_as(owner)
        if called is None or self.info.callers is None:
            return False
        callers = [other for other, _ in self.info.callers(called[0])]
        if any(origin.rpartition(".")[2] == "ErrorHandlingMiddleware"
               for other in callers for origin in other.imports.values()):
            return True
        added = [middleware_added(value) for other in callers for value in _middleware_values(other.module)]
        return None if None in added else False

    def _opaque_annotation(self, annotation: cst.BaseExpression) -> bool:
        """``Any``, ``object`` or a string naming nothing imported: the type says nothing."""
        if isinstance(annotation, cst.SimpleString):
            text = annotation.evaluated_value
            return not (isinstance(text, str) and (text in self.info.imports or text in self.info.classes))
        return (self.info.qualify(annotation) or "") in ("typing.Any", "typing_extensions.Any", "object", "Any")

    def _annotation_family(self, annotation: cst.BaseExpression) -> str | None:
        """The server family an annotation names: a server class, a project subclass of one
        (``server: YDBServer`` for ``class YDBServer(FastMCP)``), also as a forward reference
        string (``"YDBServer"``, imported under ``TYPE_CHECKING``), or inside ``Optional[...]``."""
        for node in walk(annotation):
            if isinstance(node, (cst.Name, cst.Attribute)):
                family = self._class_family(node, 0)
                if family is not None:
                    return family
            if isinstance(node, cst.SimpleString):  # "FastMCP" as a forward reference
                text = node.evaluated_value
                if isinstance(text, str) and text.isidentifier():
                    family = self._class_family(cst.Name(text), 0)
                    if family is not None:
                        return family
        return None

    def _call_sites(self, function: cst.CSTNode) -> Iterator[tuple[cst.Call, _Scope, int]]:
        """Calls of ``function`` in this module with how many leading parameters the call
        does not pass: 1 for ``Tutor(mcp)`` calling ``Tutor.__init__(self, mcp)``."""
        if not isinstance(function, cst.FunctionDef):
            return
        owner = self._class_of(function)
        if owner is not None and function.name.value != "__init__":
            yield from self._instance_call_sites(owner, function)
            return
        called = owner.name.value if owner is not None and function.name.value == "__init__" else function.name.value
        for call, scope in self._calls:
            if dotted_name(call.func) != called:
                continue
            if owner is not None and called == owner.name.value:
                if self._class_scope(called, scope) is not None:
                    yield call, scope, 1
            elif self.function_of(call.func, scope) is function:
                yield call, scope, 0

    def _instance_call_sites(self, owner: cst.ClassDef, method: cst.FunctionDef) -> Iterator[tuple[cst.Call, _Scope, int]]:
        """``registry.install(mcp)`` calling ``PromptRegistry.install(self, mcp)``, where
        ``registry = PromptRegistry()`` is bound once at the top of this module (``self`` is
        not passed)."""
        wanted = {f"{name}.{method.name.value}" for name in self._module_instances(owner)}
        for call, scope in self._calls:
            if dotted_name(call.func) in wanted and _binding_scope(scope, call.func.value.value) is self.module_scope:
                yield call, scope, 1

    def _class_of(self, function: cst.FunctionDef) -> cst.ClassDef | None:
        scope = next((s for s in self.scopes if s.node is function), None)
        parent = scope.parent if scope is not None else None
        return parent.node if parent is not None and isinstance(parent.node, cst.ClassDef) else None

    def _has_call_sites(self, owner: _Scope) -> bool:
        return next(self._call_sites(owner.node), None) is not None

    def _passed_servers(self, owner: _Scope, name: str) -> list[Registry]:
        """The servers the calls of ``owner``'s function in this module pass as ``name``."""
        function = owner.node
        if not isinstance(function, cst.FunctionDef):
            return []
        index = [p.name.value for p in _parameters(function)].index(name)
        found: list[Registry] = []
        for call, scope, skipped in self._call_sites(function):
            for position, arg in enumerate(call.args, start=skipped):
                if arg.star:
                    break
                if (arg.keyword.value == name) if arg.keyword is not None else position == index:
                    registry = self.server_of(arg.value, scope) or self._passed_parameter(arg.value, scope, call)
                    if registry is not None and all(registry is not other for other in found):
                        found.append(registry)
        return found

    def _passed_parameter(self, expr: cst.BaseExpression, scope: _Scope, call: cst.Call) -> Registry | None:
        """``def register_prompts(server): _register_inline(server)``: the server a parameter of
        the calling function stands for (its own callers decide), when ``expr`` is one."""
        name = dotted_name(expr)
        owner = _param_scope(scope, name) if name and "." not in name else None
        if owner is None or _binding_scope(scope, name) is not owner or (id(owner), name) in self._resolving:
            return None
        self._resolving.add((id(owner), name))
        try:
            local = self._lookup(name, owner)
            if local is None and self._has_call_sites(owner):  # main() -> setup(server) -> install(app=server)
                passed = self._passed_servers(owner, name)
                local = passed[0] if len(passed) == 1 else None
            return local or self._parameter_server(name, scope, "", call)
        finally:
            self._resolving.discard((id(owner), name))

    def _guessed_family(self, method: str) -> str | None:
        """The family of an untyped server parameter: from the module's imports of server
        classes, else from which framework the module imports and the project pins."""
        families = {CONSTRUCTORS[q] for q in self.info.imports.values() if q in CONSTRUCTORS}
        if method in LOWLEVEL_METHODS:
            return "lowlevel" if families <= {"lowlevel"} and self._imports_mcp() else None
        if families:
            fastmcp = families & set(_FASTMCP_FAMILIES)
            return fastmcp.pop() if len(fastmcp) == 1 and "lowlevel" not in families else None
        heads = {q.split(".")[0] for q in self.info.imports.values()}
        fastmcp_pin, mcp_pin = getattr(self.pins, "fastmcp", None), getattr(self.pins, "mcp", None)
        if "fastmcp" in heads or ("mcp" not in heads and fastmcp_pin is not None):
            return "fastmcp"
        if mcp_pin is not None and fastmcp_pin is None:  # the SDK's own FastMCP / MCPServer
            return "mcp2-mcpserver" if mcp_pin.major == 2 else "mcp1-fastmcp"
        return None  # unknown, or both frameworks in play: stay silent (a gap)

    def _forwarded(self, receiver: cst.BaseExpression, scope: _Scope, method: str,
                   site: cst.CSTNode) -> tuple[list[Registry], str]:
        """``registry = ToolRegistry(mcp)`` then ``@registry.tool(...)``, where the project
        class's ``tool`` method ends in ``self._mcp.tool(...)(fn)`` and ``__init__`` keeps
        its server parameter as ``self._mcp``: the servers the instance was made with, and
        the method the wrapper forwards to. ``([], method)`` for any other receiver."""
        name = dotted_name(receiver)
        made = _assigned_call(scope, name) if name and "." not in name else None
        definition = self.info.classes.get(dotted_name(made.func) or "") if made is not None else None
        wrapper = _class_method(definition, method) if definition is not None else None
        forwarded = _forwarding_call(wrapper) if wrapper is not None else None
        init = _class_method(definition, "__init__") if forwarded is not None else None
        if init is None:
            return [], method
        attribute, target = forwarded
        params = [p.name.value for p in _parameters(init)][1:]
        kept = _attribute_parameter(init, attribute)
        if kept not in params:
            return [], method
        passed = _passed_argument(made, kept, params.index(kept))
        if passed is None:
            return [], method
        return self.receivers(passed, scope, target, site), target

    def _imports_mcp(self) -> bool:
        return any(q.split(".")[0] == "mcp" for q in self.info.imports.values())

    def _register_decorated(self, function: cst.FunctionDef, decorator: cst.Decorator, scope: _Scope) -> None:
        expr = decorator.decorator
        if isinstance(expr, cst.Name):  # deco = mcp.prompt(name="x") ... @deco
            expr = _assigned_call(scope, expr.value) or expr
        call = expr if isinstance(expr, cst.Call) else None
        target = call.func if call is not None else expr
        if not isinstance(target, cst.Attribute) or target.attr.value not in SERVER_DECORATORS:
            member = self._registration_member(target, scope, decorator, 0)
            if member is None:
                self._register_through_project_decorator(function, decorator, scope)
                return
            registries, method = member
            for registry in registries:
                self._register(registry, method, function, decorator, call)
            return
        method = target.attr.value
        registries = self.receivers(target.value, scope, method, decorator)
        via_lowlevel = (dotted_name(target.value) or "").endswith("._mcp_server")
        for registry in registries:
            self.decorator_uses.append(DecoratorSite(registry, method, decorator, function, call, via_lowlevel))
        if not _is_registration(method):
            return
        if not registries and method in ("prompt", "tool"):
            registries, method = self._forwarded(target.value, scope, method, decorator)
        if not registries and self._project_registration(decorator.decorator, scope) is not None:
            # `@app.tool(name=...)` where `app` is a project object whose method `tool` returns
            # `self.mcp.tool(**options)`: the member is the project's, its value the server's
            self._register_through_project_decorator(function, decorator, scope)
            return
        if not registries:
            if method in ("prompt", "tool") or (method in LOWLEVEL_METHODS and call is not None):
                self._gap_unknown_receiver(target.value, decorator, method, scope)
            return
        for registry in registries:
            self._register(registry, method, function, decorator, call)

    def _registration_member(self, expr: cst.BaseExpression, scope: _Scope, site: cst.CSTNode,
                             depth: int) -> tuple[list[Registry], str] | None:
        """The servers and the registration member (``tool``, ``prompt``) a decorator's callee
        stands for once its value is followed: a name bound once to ``mcp.tool`` (here, or in
        the project module it is imported from: ``tool = mcp.tool`` in ``app.py``, ``from .app
        import tool``), ``functools.partial(mcp.tool, tags={...})`` (its keywords are the
        options every use adds). None when the value is no server's registration member, or
        is not known."""
        if depth > _MAX_FACTORY_DEPTH:
            return None
        if isinstance(expr, cst.Attribute) and expr.attr.value in ("tool", "prompt"):
            registries = self.receivers(expr.value, scope, expr.attr.value, site)
            return (registries, expr.attr.value) if registries else None
        if isinstance(expr, cst.Call) and self._is_partial(expr.func) and expr.args \
                and expr.args[0].keyword is None and not expr.args[0].star \
                and all(arg.keyword is not None for arg in expr.args[1:]):
            return self._registration_member(expr.args[0].value, scope, site, depth + 1)
        if isinstance(expr, cst.IfExp):
            # `tool = mcp.tool if ENABLED else _noop`: served on the paths where the test holds,
            # unless the test is known (a constant), which picks the arm
            test = self.evaluator.eval(expr.test)
            if isinstance(test, bool):
                return self._registration_member(expr.body if test else expr.orelse, scope, site, depth + 1)
            return self._registration_member(expr.body, scope, site, depth + 1) \
                or self._registration_member(expr.orelse, scope, site, depth + 1)
        if not isinstance(expr, cst.Name) or self.function_of(expr, scope) is not None:
            return None
        name = expr.value
        binding = _binding_scope(scope, name)
        if binding is not None and binding is not self.module_scope:
            return None  # a local or parameter: its value is not followed here
        if name in self.info.imports:
            found = self.info.origin(name) if self.info.origin is not None else None
            if found is None or not found[1].isidentifier() or self._caller_depth >= _MAX_CALLER_DEPTH:
                return None
            finder = self._foreign_finder(found[0])
            member = finder._registration_member(cst.Name(found[1]), finder.module_scope, site, depth + 1)
            if member is None:
                return None
            registries = [self._constructed(r.constructor, name, r.family, foreign=True)
                          for r in member[0] if r.constructor is not None]
            return (registries, member[1]) if registries else None
        value = self.info.constants.get(name) if self.module_scope.bound.get(name, 0) == 1 else None
        return self._registration_member(value, self.module_scope, site, depth + 1) if value is not None else None

    def _register_through_project_decorator(self, function: cst.FunctionDef, decorator: cst.Decorator,
                                            scope: _Scope) -> None:
        """``@safe_tool`` / ``@safe_tool(timeout=60)``: a project decorator (of this module or
        another) whose code registers the function it is given on a server
        (:mod:`mcplint.model.registering_decorators`): ``function`` is a prompt or tool of that
        server, declared by its own signature. A receiver that is no known server is a gap."""
        found = self._project_registration(decorator.decorator, scope)
        if found is None:
            return
        inner, top = found
        registries = self._inner_receivers(inner, top, decorator)
        if not registries:
            self.gaps.append(Gap(decorator, f"@{_source_text(decorator.decorator, 40)} registers on "
                                            f"`{_source_text(inner.receiver, 40)}`, which was not resolved to a server"))
        for registry in registries:
            if registry.family == "lowlevel":
                continue
            self._register(registry, inner.method, function, decorator, None)
            name = _decorated_name(self.evaluator, inner, decorator.decorator, top, function)
            if name is not None:
                registry.row_names[id(function)] = name

    def _applied_by_call(self, scope: _Scope, call: cst.Call) -> bool:
        """Whether the registering decorator ``scope`` is (``def expose(fn): mcp.add_tool(fn);
        return fn``) is also applied by plain calls, here or in a module importing it
        (``expose(search)``): then its registration of the parameter is followed to what those
        calls pass (:meth:`_passed_functions`); ``@expose`` uses are registered where written."""
        handed = call.args[0].value if call.args else None  # mcp.add_tool(fn) / mcp.tool()(fn)
        if not isinstance(handed, cst.Name) or handed.value not in scope.params:
            return False
        return next(self._call_sites(scope.node), None) is not None \
            or next(self._foreign_call_sites(scope), None) is not None

    def _project_registration(self, expr: cst.BaseExpression,
                              scope: _Scope) -> tuple[InnerRegistration, cst.FunctionDef] | None:
        """The registration a project decorator expression makes, with the function written at
        the top of its module that holds it: ``@safe_tool`` (the decorator itself),
        ``@safe_tool(...)`` (a factory returning the decorator, or returning the framework's
        ``mcp.tool(...)``)."""
        if isinstance(expr, cst.Call):
            factory = self.function_of(expr.func, scope)
            if factory is None:
                return None
            nested = _returned_nested_function(factory)
            inner = registering_decorator(nested) if nested is not None else returned_registration(factory)
            return (inner, factory) if inner is not None else None
        function = self.function_of(expr, scope)
        inner = registering_decorator(function) if function is not None else None
        return (inner, function) if inner is not None else None

    def _inner_receivers(self, inner: InnerRegistration, top: cst.FunctionDef, site: cst.CSTNode) -> list[Registry]:
        """The servers a project decorator registers on, its receiver resolved where the
        decorator is written: in this module's scopes, or in the module that defines it (a
        server of that module or one it imports)."""
        local = next((s for s in self.scopes if s.node is inner.function), None)
        if local is not None:
            return self.receivers(inner.receiver, local, inner.method, site)
        home = self.info.home_of(top) if self.info.home_of is not None else None
        if home is None or home is self.info:
            return []
        finder = self._foreign_finder(home)
        scope = next((s for s in finder.scopes if s.node is inner.function), None)
        made = finder.server_of(inner.receiver, scope) if scope is not None else None
        if made is None or made.constructor is None:
            return []
        registry = self._constructed(made.constructor, dotted_name(inner.receiver) or made.variable, made.family,
                                     foreign=True)
        if made.node is not None:  # made in the decorator's module: its middleware is added there
            for value in _middleware_values(home.module):
                registry.middleware = _with_middleware(registry.middleware, middleware_added(value))
        else:
            registry.middleware = _with_middleware(registry.middleware, made.middleware)
        return [registry]

    def _register(self, registry: Registry, method: str, function: cst.FunctionDef, site: cst.CSTNode,
                  call: cst.Call | None) -> None:
        if registry.family == "lowlevel" and method in LOWLEVEL_METHODS:
            if registry.lowlevel_style is None:
                registry.lowlevel_style, registry.style_site = "decorator", site
            registry.lowlevel.setdefault(method, function)
            if method == "call_tool" and call is not None:
                for arg in call.args:
                    if arg.keyword is not None and arg.keyword.value == "validate_input":
                        registry.validate_tool_input = dotted_name(arg.value) != "False"
        elif registry.family != "lowlevel" and method == "prompt":
            registry.prompt_functions.append((function, site))
        elif registry.family != "lowlevel" and method == "tool":
            registry.tool_functions.append((function, site))
        elif method == "completion":
            registry.completion_decorator = True

    def _register_call(self, call: cst.Call, scope: _Scope) -> None:
        func = call.func
        if type(scope.node) is cst.FunctionDef and is_registration_form(call) \
                and registers_own_parameter(scope.node, call) and not self._applied_by_call(scope, call):
            return  # the decorator's registration: made where it is applied
        if type(func) is cst.Call and isinstance(func.func, cst.Attribute) and call.args:
            # mcp.prompt(name=...)(fn) / server.get_prompt()(handler)
            method = func.func.attr.value
            if not _is_registration(method):
                return
            registries = self.receivers(func.func.value, scope, method, call)
            for registry in registries:
                for handler in self._looped_handlers(call.args[0].value, scope, registry, call, f"{method}()"):
                    self._register(registry, method, handler, call, func)
                    name = self._row_name(call, handler, func)
                    if name is not None:
                        registry.row_names[id(handler)] = name
            if not registries:
                self._gap_unknown_parameter(func.func.value, call, method, scope)
            return
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method not in ("add_tool", "add_prompt", "add_middleware", "add_request_handler", "tool", "prompt"):
            return
        registries = self.receivers(func.value, scope, method, call)
        for registry in registries:
            self._register_method_call(registry, method, call, scope)
        if not registries and method != "add_middleware":
            self._gap_unknown_parameter(func.value, call, method, scope)

    def _gap_unknown_parameter(self, receiver: cst.BaseExpression, site: cst.CSTNode, method: str,
                               scope: _Scope) -> None:
        """A call-form registration (``server.add_tool(fn)``, ``server.prompt()(fn)``) on a
        parameter no caller resolves: a gap, as for the decorator form."""
        name = dotted_name(receiver) or ""
        if name and self._parameter_receiver(name, scope):
            self._gap_unknown_receiver(receiver, site, method, scope)

    def _register_method_call(self, registry: Registry, method: str, call: cst.Call, scope: _Scope) -> None:
        if method in ("tool", "prompt") and call.args and call.args[0].keyword is None and id(call) not in self._applied \
                and registry.family != "lowlevel" and not _is_name_literal(call.args[0].value):
            # mcp.tool(fn), not mcp.prompt(title)(fn): there the first argument is the name
            for handler in self._looped_handlers(call.args[0].value, scope, registry, call, method):  # mcp.tool(fn)
                self._register(registry, method, handler, call, None)
                name = self._row_name(call, handler)  # `mcp.tool(fn, name=f"{prefix}_{fn.__name__}")` in a loop
                if name is not None:
                    registry.row_names[id(handler)] = name
        elif method == "add_tool" and call.args and registry.family != "lowlevel" \
                and self._adds_tool_objects(registry, call, scope):
            pass  # mcp.add_tool(TransitionTool(...)): an instance of a project Tool subclass
        elif method == "add_tool" and call.args and registry.family != "lowlevel" \
                and self._looped_objects(call, scope) is not None:
            for made, handler in self._looped_objects(call, scope):  # for tool in ALL: mcp.add_tool(tool)
                registry.tool_functions.append((handler, made))
        elif method == "add_tool" and call.args and registry.family != "lowlevel":
            made = self.made_from_function(call.args[0].value, scope)
            site = made[0] if made is not None else call  # its name= names the tool
            for handler in self._tool_arguments(call.args[0].value, scope, registry, call):
                registry.tool_functions.append((handler, site))
                name = self._row_name(call, handler)
                if name is not None:
                    registry.row_names[id(handler)] = name
        elif method == "add_prompt" and call.args and registry.family != "lowlevel" \
                and self._names_function(call.args[0].value, scope, call):
            # fastmcp 3: add_prompt(fn) of a function (bare, or marked with the standalone @prompt);
            # mcp 1.x / fastmcp: add_prompt(Prompt.from_function(fn, name=...))
            made = self.made_from_function(call.args[0].value, scope)
            site = made[0] if made is not None else call
            for handler in self._tool_arguments(call.args[0].value, scope, registry, call):
                registry.prompt_functions.append((handler, site))
        elif method == "add_prompt" and call.args:
            registry.added_prompts.append(call)
            registry.added_objects[id(call)] = self._added_objects(call.args[0].value, scope, call)
        elif method == "add_middleware" and call.args:
            registry.middleware = _with_middleware(registry.middleware, middleware_added(call.args[0].value))
        elif method == "add_request_handler" and len(call.args) >= 2:
            if registry.lowlevel_style != "constructor":
                registry.lowlevel_style, registry.style_site = "constructor", call
            method_arg, handler_arg = _request_handler_arguments(call)
            method_name = self.evaluator.eval(method_arg) if method_arg is not None else None
            if isinstance(method_name, str) and method_name in V2_METHODS and handler_arg is not None:
                handler = self._handler_argument(handler_arg, scope, registry, method_name)
                if handler is not None:
                    registry.lowlevel[V2_METHODS[method_name]] = handler

    def _handler_argument(self, expr: cst.BaseExpression, scope: _Scope, registry: Registry,
                          where: str) -> cst.FunctionDef | None:
        """The function passed as a handler, or None with a gap saying why it was not followed.

        Beyond a name: ``functools.partial(f, a)`` (``f``, its first parameters bound),
        ``lambda ctx, params: f(ctx, params)`` (a lambda that passes its parameters on in
        order) and ``make_handler(spec)`` (a factory returning one of its nested functions).
        """
        function = self.function_of(expr, scope)
        if function is not None:
            if isinstance(expr, cst.Attribute) and dotted_name(expr.value) != "cls":
                registry.bound_objects[id(function)] = expr.value  # its `self`, for what the method reads
            return function
        if isinstance(expr, cst.Attribute) and expr.attr.value == "fn":
            made_from = self.made_from_function(expr.value, scope)  # add_tool(DeleteTool.fn): the function it wraps
            if made_from is not None:
                return made_from[1]
        if isinstance(expr, cst.Name):  # handler = make_handler(spec); server.prompt(...)(handler)
            made = _assigned_call(scope, expr.value)
            expr = made if made is not None else expr
        if isinstance(expr, cst.Call) and self._is_partial(expr.func) and expr.args and not expr.args[0].star \
                and registry.family == "lowlevel":  # a FastMCP signature would still list the bound ones
            function = self.function_of(expr.args[0].value, scope)
            bound = [arg for arg in expr.args[1:] if arg.keyword is None]
            if function is not None and not any(arg.star for arg in expr.args[1:]):
                registry.bound_parameters[id(function)] = len(bound)
                return function
        elif isinstance(expr, cst.Lambda):
            function = self._lambda_target(expr, scope)
            if function is not None:
                return function
        elif isinstance(expr, cst.Call):
            factory = self.function_of(expr.func, scope)
            function = _returned_nested_function(factory) if factory is not None else None
            if function is not None and self._wrapped_functions(expr, factory, function, scope, registry):
                _record_factory_arguments(expr, factory, function, registry)
                return function
        function = callable_method(self.info, expr, self._functions_around(scope), self._own_methods(scope))
        if function is not None:  # Server(on_get_prompt=router) with router = PromptRouter(...)
            return function
        kind = "a lambda" if isinstance(expr, cst.Lambda) else \
            "a call" if isinstance(expr, cst.Call) else f"`{dotted_name(expr) or _source_text(expr)}`"
        registry.gaps.append(Gap(expr, f"handler passed to {where} is {kind}, which was not resolved to a function"))
        return None

    def _wrapped_functions(self, call: cst.Call, factory: cst.FunctionDef, nested: cst.FunctionDef,
                           scope: _Scope, registry: Registry) -> bool:
        """Whether the inner function ``factory(...)`` returns can stand as the handler: a factory
        building it from a spec (``make_handler("c")``), or a wrapper (``plain(call_c)``, whose
        inner function calls ``func``) given a project function for every parameter it calls,
        recorded on ``registry.wrapped_functions`` so the walk sees through the call. False
        when a called parameter holds no known function, or the same inner function wraps
        different ones (the walk could not tell which)."""
        called = _called_parameters(nested, factory)
        if not called:
            return True
        positional = [param.name.value for param in factory.params.params]
        bindings: dict[str, cst.FunctionDef] = {}
        for name in sorted(called):
            passed = _passed_argument(call, name, positional.index(name)) if name in positional else None
            target = self.function_of(passed, scope) if passed is not None else None
            if target is None:
                return False
            bindings[name] = target
        known = registry.wrapped_functions.setdefault(id(nested), bindings)
        return all(known.get(name) is target for name, target in bindings.items())

    def _tool_arguments(self, expr: cst.BaseExpression, scope: _Scope, registry: Registry,
                        call: cst.Call) -> list[cst.FunctionDef]:
        """The functions ``add_tool`` registers: ``f``, ``Tool.from_function(f, ...)``, and in
        ``for f in TOOLS: mcp.add_tool(...)`` every function ``TOOLS`` may hold. A tool is
        judged on its own function, so a list that depends on a setting is taken whole."""
        made = self.made_from_function(expr, scope)
        if made is not None:  # tool_obj = Tool.from_function(tool), here or in another module
            return [made[1]]
        if isinstance(expr, cst.Name) and expr.value in scope.calls:
            expr = scope.calls[expr.value]  # tool_obj = Tool.from_function(lookup(...)): unresolved
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
                and expr.func.attr.value == "from_function" and expr.args:
            expr = _made_from(expr) or expr
        return self._looped_handlers(expr, scope, registry, call, "add_tool")

    def made_from_function(self, expr: cst.BaseExpression, scope: _Scope,
                           depth: int = 0) -> tuple[cst.Call, cst.FunctionDef] | None:
        """A tool or prompt object made from a project function, and that function:
        ``Tool.from_function(fn, name=...)`` / ``Prompt.from_function(fn)`` /
        ``FunctionTool.from_function(fn=fn)`` written in place, assigned once to a name of an
        enclosing scope, or bound at the top of another project module and imported
        (``from tools.issues import DeleteIssueTool``, ``import tools; tools.DeleteIssueTool``),
        re-exports followed a few modules deep. The call is returned too: its ``name=`` names
        the tool. None when the object or its function is not known (the caller's gap)."""
        if isinstance(expr, cst.Call):
            inner = _made_from(expr)
            function = self.function_of(inner, scope) if inner is not None else None
            return (expr, function) if function is not None else None
        name = dotted_name(expr)
        if name is None or depth > _MAX_CALLER_DEPTH:
            return None
        local = _assigned_call(scope, name) if "." not in name else None
        if local is not None:
            return self.made_from_function(local, scope, depth + 1)
        if self._lookup_bound(name, scope) or self.info.origin is None:
            return None
        found = self.info.origin(name)
        if found is None or self._caller_depth >= _MAX_CALLER_DEPTH:
            return None
        other, inner_name = found
        finder = self._foreign_finder(other)
        return finder.made_from_function(cst.Name(inner_name), finder.module_scope, depth + 1) \
            if inner_name.isidentifier() else None

    def _looped_objects(self, call: cst.Call, scope: _Scope) -> list[tuple[cst.Call, cst.FunctionDef]] | None:
        """``for tool in ALL: mcp.add_tool(tool)`` where ``ALL`` lists tool objects made from
        project functions (``[SearchTool, FetchTool]``, here or imported): each object's call
        (its ``name=`` names the tool) and function. None unless every element is one."""
        handed = call.args[0].value
        iterable = self._call_loops.get(id(call), {}).get(handed.value) if isinstance(handed, cst.Name) else None
        return self._made_objects(iterable, scope, 0) if iterable is not None else None

    def _made_objects(self, iterable: cst.BaseExpression, scope: _Scope,
                      depth: int) -> list[tuple[cst.Call, cst.FunctionDef]] | None:
        """The tool objects a list or tuple literal holds (or a name bound once to one, in this
        module or imported from another), each as :meth:`made_from_function` gives it."""
        if isinstance(iterable, cst.Name):
            name = iterable.value
            local = _local_list(scope, name)
            if local is not None:
                iterable = local
            elif self._lookup_bound(name, scope):
                return None
            elif self.module_scope.bound.get(name, 0) == 1 and name in self.module_scope.listed:
                iterable, scope = self.module_scope.listed[name], self.module_scope
            elif self.info.origin is not None and depth < _MAX_CALLER_DEPTH \
                    and self._caller_depth < _MAX_CALLER_DEPTH and self.info.origin(name) is not None:
                other, inner = self.info.origin(name)
                finder = self._foreign_finder(other)
                return finder._made_objects(cst.Name(inner), finder.module_scope, depth + 1) \
                    if inner.isidentifier() else None
        if not isinstance(iterable, (cst.List, cst.Tuple)) or not iterable.elements \
                or len(iterable.elements) > _MAX_LOOP_ITEMS:
            return None
        rows = [self.made_from_function(element.value, scope) if isinstance(element, cst.Element) else None
                for element in iterable.elements]
        return rows if all(row is not None for row in rows) else None

    def _lookup_bound(self, name: str, scope: _Scope) -> bool:
        """Whether ``name`` (a plain name) is bound by a function or class scope around
        ``scope``: a local, which no other module's binding can stand for."""
        current: _Scope | None = scope
        while current is not None and current is not self.module_scope:
            if name in current.bound:
                return True
            current = current.parent
        return False

    def _looped_handlers(self, expr: cst.BaseExpression, scope: _Scope, registry: Registry, call: cst.Call,
                         where: str) -> list[cst.FunctionDef]:
        """The handler functions a registration call is given: one, or in ``for fn in
        ALL_PROMPTS: server.prompt()(fn)`` every function the iterable may hold."""
        if isinstance(expr, cst.Name) and self.function_of(expr, scope) is None:
            iterable = self._call_loops.get(id(call), {}).get(expr.value)
            if iterable is not None:
                found = self._registry_functions(iterable) or self._held_functions(iterable, scope) \
                    or self._candidate_functions(iterable, scope, 0) \
                    or self._module_attribute_functions(iterable, scope, call)
                if found:
                    return found
            unpacked = self._call_unpacked.get(id(call), {}).get(expr.value)
            if unpacked is not None:
                rows = self._unpacked_functions(*unpacked, scope)
                for function, env in rows:
                    self._row_envs[(id(call), id(function))] = env
                if rows:
                    return [function for function, _ in rows]
        held = self._record_functions(expr, scope, call) or self._iterated_functions(expr, scope, call)
        if held:
            return held
        wrapped = self._through_wrapper(expr, scope, registry, call, where)
        if wrapped:
            return wrapped
        passed = self._passed_functions(expr, scope, registry, call, where)
        if passed is not None:
            return passed
        handler = self._handler_argument(expr, scope, registry, where)
        return [handler] if handler is not None else []

    def _iterated_functions(self, expr: cst.BaseExpression, scope: _Scope, call: cst.Call) -> list[cst.FunctionDef]:
        """The general form of a registration in loops: ``expr`` (the value handed to the
        registration) evaluated once per iteration of the loops around ``call``, each iterable
        evaluated by following values (module constants of any project module, registries
        filled by calls, ``.items()``/``.values()``, class attributes of the classes a list
        holds, the parameters of the registering function as each of its callers binds them).
        Each row's loop targets are kept for the registration's ``name=``. Empty unless every
        iteration hands a plain function (one unknown row and the loop's tools are not all
        known: the caller's gap says so)."""
        if not self.loop_targets.get(id(call)):
            return []
        found: list[cst.FunctionDef] = []
        for start in self._parameter_envs(scope):
            envs = self._loop_envs(call, start=start)
            if not envs:
                return []
            for env in envs:
                value = self.evaluator.eval(expr, dict(env))
                if type(value) is not FunctionRef or value.bound or value.owner is not None:
                    return []
                self._row_envs.setdefault((id(call), id(value.function)), env)
                if all(value.function is not other for other in found):
                    found.append(value.function)
        return found

    def _parameter_envs(self, scope: _Scope) -> list[dict]:
        """The bindings of the parameters of the function around ``scope`` that the loops of a
        registration there may read: one per call site in the project (``register_all(mcp,
        ALL_TOOLS)``: ``{"functions": [FunctionRef(read_note), ...]}``), each argument evaluated
        in its caller's module; ``[{}]`` outside a function or when no caller is known (the
        iterables are then evaluated without them)."""
        owner = scope
        while owner is not None and not isinstance(owner.node, cst.FunctionDef):
            owner = owner.parent
        if owner is None or not owner.params or (id(owner), "*loops") in self._resolving:
            return [{}]
        if id(owner) not in self._parameter_env_memo:  # every loop registration there asks
            self._parameter_env_memo[id(owner)] = self._caller_parameter_envs(owner)
        return self._parameter_env_memo[id(owner)]

    def _caller_parameter_envs(self, owner: _Scope) -> list[dict]:
        """:meth:`_parameter_envs` of ``owner`` (a function's scope), computed."""
        function = owner.node
        sites = [(self, site, skipped) for site, _, skipped in self._call_sites(function)]
        sites.extend((finder, site, skipped) for finder, site, _, skipped in self._foreign_call_sites(owner))
        envs: list[dict] = []
        self._resolving.add((id(owner), "*loops"))
        try:
            for finder, site, skipped in sites[:_MAX_LOOP_ITEMS]:
                if any(arg.star for arg in site.args):
                    continue
                args = [finder.evaluator.eval(arg.value) for arg in site.args if arg.keyword is None]
                kwargs = {arg.keyword.value: finder.evaluator.eval(arg.value) for arg in site.args
                          if arg.keyword is not None}
                env = bind_arguments(function, [UNKNOWN] * skipped + args, kwargs, self.evaluator)
                if env is not None:
                    envs.append(dict(env))
        finally:
            self._resolving.discard((id(owner), "*loops"))
        return envs or [{}]

    def _through_wrapper(self, expr: cst.BaseExpression, scope: _Scope, registry: Registry, call: cst.Call,
                         where: str) -> list[cst.FunctionDef]:
        """``for fn in (files.read, files.list): mcp.tool()(audited(fn))``: a project wrapper
        applied by call to a value that may hold several functions. When the wrapper only
        passes its calls on (``def audited(fn): @wraps(fn) def inner(*a, **k): log(); return
        fn(*a, **k)``), the client meets each wrapped function (its signature, its result,
        its errors), so each is the handler. Empty when ``expr`` is no such call, when one
        known function is wrapped (``_handler_argument`` follows the wrapper itself), or when
        the wrapper may change what reaches the client (it catches or returns anything else)."""
        if not isinstance(expr, cst.Call) or registry.family == "lowlevel" or len(expr.args) != 1 \
                or expr.args[0].keyword is not None or expr.args[0].star:
            return []
        factory = self.function_of(expr.func, scope)
        nested = _returned_nested_function(factory) if factory is not None else None
        if nested is None or not _passes_through(nested, factory):
            return []
        inner = expr.args[0].value
        if self.function_of(inner, scope) is not None:
            return []
        return self._looped_handlers(inner, scope, registry, call, where)

    def _passed_functions(self, expr: cst.BaseExpression, scope: _Scope, registry: Registry, call: cst.Call,
                          where: str) -> list[cst.FunctionDef] | None:
        """``def expose(fn, name=None): mcp.add_tool(fn, name=name)`` ... ``expose(search)``
        (or a method of an instance bound at the top of the module, or a call in a loop
        ``for fn in TOOLS: expose(fn)``): a registration handed a parameter of the function
        around it registers what that function's calls in this module pass. Each caller's
        arguments are kept for the registration's ``name=``. None when ``expr`` is no such
        parameter or the function has no call here (the caller's gap); calls that pass
        nothing the model follows add nothing, and say so as gaps."""
        name = expr.value if isinstance(expr, cst.Name) else None
        owner = _param_scope(scope, name) if name is not None else None
        if owner is None or _binding_scope(scope, name) is not owner or not isinstance(owner.node, cst.FunctionDef) \
                or (id(owner), name) in self._resolving:
            return None
        function = owner.node
        sites = [(self, site, site_scope, skipped) for site, site_scope, skipped in self._call_sites(function)]
        sites.extend(self._foreign_call_sites(owner))
        if not sites:
            return None
        index = [p.name.value for p in _parameters(function)].index(name)
        found: list[cst.FunctionDef] = []
        self._resolving.add((id(owner), name))
        try:
            for finder, site, site_scope, skipped in sites:
                passed = _passed_argument(site, name, index - skipped) if index >= skipped else None
                if passed is None:
                    continue
                for handler in finder._looped_handlers(passed, site_scope, registry, site, where):
                    env = finder._caller_env(function, site, skipped, site_scope, handler)
                    if env is not None:
                        self._row_envs.setdefault((id(call), id(handler)), env)
                    if all(handler is not other for other in found):
                        found.append(handler)
        finally:
            self._resolving.discard((id(owner), name))
        return found

    def _foreign_call_sites(self, owner: _Scope) -> Iterator[tuple["_Finder", cst.Call, _Scope, int]]:
        """The calls of ``owner``'s top-level function in the other project modules that import
        it (``from .registry import expose`` ... ``expose(search)``), each with the finder of its
        module and the scope it is made in; a test module's calls serve nothing."""
        if owner.parent is not self.module_scope or self.info.callers is None \
                or self._caller_depth >= _MAX_CALLER_DEPTH:
            return
        for other, site in self.info.callers(owner.node.name.value):
            if other is self.info or _is_test_module(other):
                continue
            finder = self._foreign_finder(other)
            site_scope = next((scope for call, scope in finder._calls if call is site), None)
            if site_scope is not None:
                yield finder, site, site_scope, 0

    def _caller_env(self, function: cst.FunctionDef, site: cst.Call, skipped: int, scope: _Scope,
                    handler: cst.FunctionDef) -> dict | None:
        """The parameters of ``function`` as the call ``site`` binds them (literals evaluated,
        defaults filled), the handler standing for whatever it passes as a function; None when
        the call does not bind them plainly (a ``*``/``**`` splat)."""
        if any(arg.star for arg in site.args):
            return None
        row = dict(self._row_envs.get((id(site), id(handler)), {}))  # the caller's loop targets, for its row
        args = [FunctionRef(handler) if self.function_of(arg.value, scope) is handler else self.evaluator.eval(arg.value, row)
                for arg in site.args if arg.keyword is None]
        kwargs = {arg.keyword.value: self.evaluator.eval(arg.value, dict(row)) for arg in site.args
                  if arg.keyword is not None}
        params = _parameters(function)
        bound = [param.name.value for param in params[:skipped]]
        env = bind_arguments(function, [UNKNOWN] * len(bound) + args, kwargs, self.evaluator)
        return dict(env) if env is not None else None

    def _record_functions(self, expr: cst.BaseExpression, scope: _Scope, call: cst.Call) -> list[cst.FunctionDef]:
        """``for spec in TOOLS: mcp.tool(name=spec.name)(spec.func)`` (or ``spec["func"]``, or
        ``func = spec.func`` first): the function a field of each loop record holds, the records
        evaluated from the source (dict literals, dataclass or other project objects, built by
        comprehensions or classmethods, in any project module). Each row's loop targets are kept
        for the registration's ``name=``. Empty unless every record holds a plain function."""
        local = None
        if isinstance(expr, cst.Name) and self.function_of(expr, scope) is None \
                and scope.bound.get(expr.value, 0) == 1 and expr.value in scope.projected:
            local, expr = expr.value, scope.projected[expr.value]
        if not isinstance(expr, (cst.Attribute, cst.Subscript)) or not self.loop_targets.get(id(call)):
            return []
        envs = self._loop_envs(call)
        if envs is None:  # `for spec in keep(TOOLS, enabled=True)`: a tool is judged on its own function
            envs = self._loop_envs(call, widen=lambda iterable: self._kept_from(iterable, scope))
        found: list[cst.FunctionDef] = []
        for env in envs or ():
            value = self.evaluator.eval(expr, dict(env))
            if type(value) is not FunctionRef or value.bound:
                return []
            if local is not None:
                env = {**env, local: value}
            self._row_envs.setdefault((id(call), id(value.function)), env)
            if all(value.function is not other for other in found):
                found.append(value.function)
        return found

    def _kept_from(self, iterable: cst.BaseExpression, scope: _Scope) -> tuple[cst.BaseExpression, Evaluator] | None:
        """``keep(TOOLS, enabled=True)`` (or a local assigned once from it), where every return
        of the project function ``keep`` keeps a part of one collection (``[t for t in items if
        ...]``, or another such call on it): that collection, the argument passed for it or a
        module name of ``keep``'s own module, with the evaluator that reads it. None otherwise."""
        if isinstance(iterable, cst.Name):
            iterable = _assigned_call(scope, iterable.value) or iterable
        function = self.function_of(iterable.func, scope) if isinstance(iterable, cst.Call) else None
        name = self._kept_name(function, 0) if function is not None else None
        if name is None:
            return None
        positional = [param.name.value for param in function.params.params]
        if name in positional:
            passed = _passed_argument(iterable, name, positional.index(name))
            return (passed, self.evaluator) if passed is not None else None
        home = self.info.home_of(function) if self.info.home_of is not None else None
        return cst.Name(name), self.evaluator if home is None or home is self.info else Evaluator(home)

    def _kept_name(self, function: cst.FunctionDef, depth: int) -> str | None:
        """The name (a parameter or a global of its module) of the collection every return of
        ``function`` keeps a part of: ``[c for c in items if ok(c)]`` keeps ``items``, ``return
        keep(ALL, **flags)`` keeps what ``keep`` keeps of ``ALL``. None for anything else."""
        returns = [small.value for statement in _flat_statements(suite_statements(function.body))
                   for small in statement.body if isinstance(small, cst.Return)]
        if depth > _MAX_FACTORY_DEPTH or not returns or any(value is None for value in returns):
            return None
        names = {self._kept_by(value, depth) for value in returns}
        return names.pop() if len(names) == 1 else None

    def _kept_by(self, value: cst.BaseExpression, depth: int) -> str | None:
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)) and value.for_in.inner_for_in is None \
                and isinstance(value.for_in.iter, cst.Name) and isinstance(value.for_in.target, cst.Name) \
                and isinstance(value.elt, cst.Name) and value.elt.value == value.for_in.target.value:
            return value.for_in.iter.value
        inner = self.function_of(value.func, self.module_scope) if isinstance(value, cst.Call) else None
        kept = self._kept_name(inner, depth + 1) if inner is not None else None
        positional = [param.name.value for param in inner.params.params] if inner is not None else []
        passed = _passed_argument(value, kept, positional.index(kept)) if kept in positional else None
        return passed.value if isinstance(passed, cst.Name) else None

    def _registry_functions(self, iterable: cst.BaseExpression) -> list[cst.FunctionDef]:
        """``for fn in PROMPTS`` / ``for fn in TOOLS.values()`` where the module registry is
        filled by a project decorator (``def register(fn): PROMPTS.append(fn); return fn`` on
        each prompt function, :mod:`mcplint.model.registries`): the functions it holds once
        the project is imported. Empty when its value is not known, or it holds anything but
        plain functions."""
        values = isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) \
            and iterable.func.attr.value == "values" and not iterable.args
        name = dotted_name(iterable.func.value if values else iterable)
        if not name or name not in self.info.filled or self.info.registry is None:
            return []
        value = self.info.registry(self.evaluator, name)
        items = list(value.values()) if values and isinstance(value, dict) else value if isinstance(value, list) else []
        functions = [item.function for item in items if type(item) is FunctionRef and not item.bound]
        return functions if len(functions) == len(items) else []

    def _module_attribute_functions(self, iterable: cst.BaseExpression, scope: _Scope,
                                    call: cst.Call) -> list[cst.FunctionDef]:
        """``for mod in [notes, tags]: for fn in mod.__all_tools__: mcp.tool()(fn)``: the list
        each project module of an outer loop binds under the same name, every function it holds
        resolved in its own module. Empty unless the outer loop runs over a literal list (or a
        constant naming one) of imported modules, and each binds a list of its functions."""
        if not isinstance(iterable, cst.Attribute) or not isinstance(iterable.value, cst.Name) \
                or self.info.origin is None or self._caller_depth >= _MAX_CALLER_DEPTH:
            return []
        outer = self._call_loops.get(id(call), {}).get(iterable.value.value)
        if isinstance(outer, cst.Name):
            outer = _local_list(scope, outer.value) or self.info.constants.get(outer.value)
        if not isinstance(outer, (cst.List, cst.Tuple)) or not outer.elements:
            return []
        found: list[cst.FunctionDef] = []
        for element in outer.elements:
            name = dotted_name(element.value) if isinstance(element, cst.Element) else None
            origin = self.info.origin(f"{name}.{iterable.attr.value}") if name else None
            value = dict.get(origin[0].constants, origin[1]) if origin is not None else None
            if value is None:
                return []  # one module the model cannot read: the loop's handlers are not all known
            finder = self._foreign_finder(origin[0])
            functions = finder._candidate_functions(value, finder.module_scope, 0)
            if not functions:
                return []
            found.extend(f for f in functions if all(f is not other for other in found))
        return found

    def _held_functions(self, iterable: cst.BaseExpression, scope: _Scope) -> list[cst.FunctionDef]:
        """``for fn in self._fns`` in a method of a registry class whose decorator method fills
        the list (``@registry.register`` on each function, :mod:`mcplint.model.instance_registries`)."""
        name = dotted_name(iterable) or ""
        owner = scope.owner
        if not name.startswith("self.") or name.count(".") != 1 or owner is None \
                or type(owner.node) is not cst.ClassDef:
            return []
        return instance_registry_functions(self.info, owner.node, name.split(".", 1)[1])

    def _dict_items(self, iterable: cst.BaseExpression, scope: _Scope) -> tuple[cst.BaseExpression, _Scope]:
        """``PROMPT_FUNCS.items()`` of a dict literal (a module constant, any project module): its
        entries as the literal rows ``(key, value)`` a registration loop unpacks (``for name, fn
        in PROMPT_FUNCS.items(): server.prompt(name=name)(fn)``); else ``iterable`` unchanged."""
        if not (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute)
                and iterable.func.attr.value == "items" and not iterable.args
                and isinstance(iterable.func.value, cst.Name)):
            return iterable, scope
        table = self.info.constants.get(iterable.func.value.value)
        if not isinstance(table, cst.Dict) or any(not isinstance(e, cst.DictElement) for e in table.elements):
            return iterable, scope
        rows = [cst.Element(cst.Tuple([cst.Element(e.key), cst.Element(e.value)])) for e in table.elements]
        return cst.List(rows), self.module_scope

    def _unpacked_functions(self, target: cst.BaseExpression, iterable: cst.BaseExpression, index: int,
                            scope: _Scope) -> list[tuple[cst.FunctionDef, dict]]:
        """``for name, fn, text in [("a", run_a, "..."), ...]: server.add_tool(fn, name=name)``:
        the function at ``index`` of each row of a literal list of rows (written in place or a
        module constant), each with the loop targets bound for its row (a registration's
        ``name=`` is evaluated with them); empty when a row is no literal or does not name a
        function there, or when a function comes twice. The list may also be a local bound once
        in the registering function."""
        iterable, scope = self._dict_items(iterable, scope)
        if isinstance(iterable, cst.Name) and _local_list(scope, iterable.value) is not None:
            iterable = _local_list(scope, iterable.value)  # `tools = [(search, "search"), ...]` in the function
        elif isinstance(iterable, cst.Name) and iterable.value in self.info.constants:
            iterable, scope = self.info.constants[iterable.value], self.module_scope
        if not isinstance(iterable, (cst.List, cst.Tuple)) or len(iterable.elements) > _MAX_LOOP_ITEMS:
            return []
        found: list[tuple[cst.FunctionDef, dict]] = []
        for element in iterable.elements:
            row = element.value
            if not isinstance(row, (cst.Tuple, cst.List)) or index >= len(row.elements) \
                    or any(isinstance(item, cst.StarredElement) for item in row.elements):
                return []
            function = self.function_of(row.elements[index].value, scope)
            if function is None or any(function is other for other, _ in found):
                return []
            env: dict = {}
            if not bind_target(target, self.evaluator.eval(row), env):
                env = {}
            found.append((function, env))
        return found

    def _row_name(self, call: cst.Call, function: cst.FunctionDef, options: cst.Call | None = None) -> str | None:
        """The ``name=`` of a registration call in a loop over rows, for the row that gives it
        ``function`` (None when it has no such keyword or it does not evaluate to a string);
        ``options``: the call that holds the keyword when it is not ``call`` itself
        (``server.prompt(name=name)(fn)``)."""
        env = self._row_envs.get((id(call), id(function)))
        keyword = next((arg.value for arg in (options or call).args
                        if arg.keyword is not None and arg.keyword.value == "name"), None)
        if env is None or keyword is None:
            return None
        value = self.evaluator.eval(keyword, dict(env))
        if value is None:  # `name=None`: the framework lists the function under its own name
            return function.name.value
        return value if isinstance(value, str) else None

    def _adds_tool_objects(self, registry: Registry, call: cst.Call, scope: _Scope) -> bool:
        """Whether ``add_tool(expr)`` adds instances of project subclasses of fastmcp's ``Tool``
        (``mcp.add_tool(TRANSITION)``, ``mcp.add_tool(make_tool(spec))``, ``for cls in TOOLS:
        mcp.add_tool(cls())``); if so they are recorded on ``registry``. A function, a
        ``Tool.from_function(fn)`` or anything not evaluated is left to the function forms."""
        expr = call.args[0].value
        if self.function_of(expr, scope) is not None or _from_function(expr, scope) is not None \
                or self.made_from_function(expr, scope) is not None \
                or (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
                    and expr.func.attr.value == "from_function"):
            return False
        objects = self._added_objects(expr, scope, call, kind="Tool")
        if not objects or any(value.cls is None for value in objects):
            return False
        registry.added_tools.append(call)
        registry.added_objects[id(call)] = objects
        return True

    def _added_objects(self, expr: cst.BaseExpression, scope: _Scope, call: cst.Call,
                       kind: str = "Prompt") -> list[ObjectValue] | None:
        """The ``Prompt`` (or ``Tool``) objects ``add_prompt(expr)`` adds: ``expr`` evaluated once per
        iteration of the loops around the call (``for name, fn in SPECS:``, ``for p in
        build_prompts():``), a local assigned once from a call (``p = make_prompt()``) read
        through. None when any of them is not a known ``kind`` (or a project subclass)."""
        envs = self._loop_envs(call)
        if envs is None:
            return None
        if isinstance(expr, cst.Name) and not any(expr.value in env for env in envs):
            expr = _assigned_call(scope, expr.value) or expr
        found: list[ObjectValue] = []
        for env in envs:
            value = self.evaluator.eval(expr, env)
            if not isinstance(value, ObjectValue) or value.kind != kind:
                return None
            if all(value is not other for other in found):
                found.append(value)
        return found

    def _loop_envs(self, call: cst.Call, widen=None, start: dict | None = None) -> list[dict] | None:
        """One binding of the loop targets around ``call`` per iteration (``[{}]`` outside a
        loop); None when a loop's iterable is not known from the source. ``widen(iterable)``:
        the (expression, evaluator) of a wider collection to iterate when the iterable itself
        is not known (:meth:`_kept_from`), or None; ``start``: names bound before the loops
        (the registering function's parameters as a caller binds them)."""
        envs: list[dict] = [dict(start or {})]
        for target, iterable in self.loop_targets.get(id(call), ()):
            following: list[dict] = []
            wider = widen(iterable) if widen is not None else None
            for env in envs:
                items = self.evaluator.eval(iterable, env)
                if wider is not None and not isinstance(items, (list, tuple, dict)):
                    items = wider[1].eval(wider[0], env)
                if isinstance(items, dict):
                    items = list(items)
                if not isinstance(items, (list, tuple)):
                    return None
                for item in items:
                    bound = dict(env)
                    if not bind_target(target, item, bound):
                        return None
                    following.append(bound)
            if len(following) > _MAX_LOOP_ITEMS:
                return None
            envs = following
        return envs

    def _names_function(self, expr: cst.BaseExpression, scope: _Scope, call: cst.Call) -> bool:
        """Whether ``add_prompt(expr)`` is handed a function rather than a Prompt object
        (``Prompt.from_function(fn, ...)`` counts as the function)."""
        if self.made_from_function(expr, scope) is not None:
            return True
        if isinstance(expr, cst.Attribute) and expr.attr.value == "fn" and self.made_from_function(expr.value, scope):
            return True  # add_prompt(ReviewPrompt.fn): the function the object was made from
        if self.function_of(expr, scope) is not None:
            return True
        name = dotted_name(expr)
        return name is not None and name in self._call_loops.get(id(call), {}) \
            and bool(self._candidate_functions(self._call_loops[id(call)][name], scope, 0))

    def _candidate_functions(self, expr: cst.BaseExpression, scope: _Scope, depth: int) -> list[cst.FunctionDef]:
        """Functions an expression may evaluate to or hold: names of functions, lists of them,
        names of such lists, and what called functions return."""
        if depth > _MAX_FACTORY_DEPTH:
            return []
        found: list[cst.FunctionDef] = []
        parts: set[int] = set()  # names inside a resolved `obj.method`: not functions of their own
        for node in walk(expr):
            if isinstance(node, cst.Attribute) and (dotted_name(node) or "").count(".") == 1:
                # `for fn in (self.search, self.summarize)`, `for m in (tools.search, tools.get)`
                # with `tools = IssueTools(...)`: bound methods of a project class
                function = self.function_of(node, scope)
                if function is not None:
                    parts.update((id(node.value), id(node.attr)))
                    if all(function is not other for other in found):
                        found.append(function)
            if isinstance(node, cst.Name) and id(node) not in parts:
                function = self.function_of(node, scope)
                if function is not None and not isinstance(node, cst.Call):
                    if all(function is not other for other in found):
                        found.append(function)
                    continue
                listed = _local_list(scope, node.value)
                if listed is not None and listed is not expr:  # `tools = [f, g]` in the registering function
                    found.extend(f for f in self._candidate_functions(listed, scope, depth + 1)
                                 if all(f is not other for other in found))
                    continue
                local = _local_call(scope, node.value)
                if local is not None and local is not expr:  # `tools = get_tools()`: what the call returns
                    found.extend(f for f in self._candidate_functions(local, scope, depth)
                                 if all(f is not other for other in found))
                    continue
                value = self.info.constants.get(node.value)
                if value is not None:
                    found.extend(f for f in self._candidate_functions(value, self.module_scope, depth + 1)
                                 if all(f is not other for other in found))
        for node in walk(expr):
            if isinstance(node, cst.Call):
                function = self.function_of(node.func, scope)
                if function is not None and function in found:
                    found.remove(function)  # called, not held: what it returns is held
                if function is not None:
                    for returned in _returned_expressions(function):
                        found.extend(f for f in self._candidate_functions(returned, self.module_scope, depth + 1)
                                     if all(f is not other for other in found))
        return found

    def _is_partial(self, func: cst.BaseExpression) -> bool:
        return (self.info.qualify(func) or "") == "functools.partial"

    def _lambda_target(self, expr: cst.Lambda, scope: _Scope) -> cst.FunctionDef | None:
        """``lambda ctx, params: handle(ctx, params)``: the function the lambda forwards to."""
        body = expr.body.expression if isinstance(expr.body, cst.Await) else expr.body
        params = [p.name.value for p in expr.params.params]
        if not isinstance(body, cst.Call) or expr.params.star_arg is not cst.MaybeSentinel.DEFAULT \
                and expr.params.star_arg is not None:
            return None
        passed = [dotted_name(arg.value) for arg in body.args[: len(params)] if arg.keyword is None and not arg.star]
        return self.function_of(body.func, scope) if passed == params else None

    def _gap_unknown_receiver(self, receiver: cst.BaseExpression, site: cst.CSTNode, method: str,
                              scope: _Scope) -> None:
        name = dotted_name(receiver) or _source_text(receiver)
        if not self._imports_mcp() and not any(q.split(".")[0] == "fastmcp" for q in self.info.imports.values()) \
                and not self._parameter_receiver(name, scope):
            return  # another framework's decorator (pydantic-ai's @agent.tool)
        owner = _param_scope(scope, name) if "." not in name else None
        if owner is not None and isinstance(owner.node, cst.FunctionDef):
            form = f"@{name}.{method}" if isinstance(site, cst.Decorator) else f"{name}.{method}(...)"
            self.gaps.append(Gap(site, f"{form} registers on `{name}`, a parameter of "
                                       f"{owner.node.name.value}() that no call found in the project passes a "
                                       f"known server"))
            return
        self.gaps.append(Gap(site, f"@{name}.{method} registers on `{name}`, which was not resolved to a server"))

    def _parameter_receiver(self, name: str, scope: _Scope) -> bool:
        """Whether ``name`` is a parameter of an enclosing function (``def register_pod_tools(server):
        @server.tool()``): a registration function whose module imports no framework (in a
        file that mentions mcp), worth a gap when no caller tells which server it gets."""
        return "." not in name and _param_scope(scope, name) is not None


def _read_constructor(finder: _Finder, registry: Registry, call: cst.Call, scope: _Scope,
                      written_here: bool | None = None) -> None:
    """Settings and ``on_*=`` handlers given to the constructor (mcp 2.x low-level). The
    handlers are resolved when the call is written in this module (``written_here``; by
    default when this module constructs the server): a server subclass's
    ``super().__init__(..., on_get_prompt=self._get)`` is, whichever module constructs it."""
    if written_here is None:
        written_here = registry.node is not None
    for arg in call.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword in V2_KEYWORDS:
            if registry.lowlevel_style != "constructor":
                registry.lowlevel_style, registry.style_site = "constructor", arg
            if not written_here:
                continue  # made in another module: its names mean nothing here
            function = finder._handler_argument(arg.value, scope, registry, keyword)
            if function is not None:
                registry.lowlevel[V2_KEYWORDS[keyword]] = function
        elif keyword == "mask_error_details":
            registry.mask_error_details = dotted_name(arg.value) == "True"
        elif keyword == "strict_input_validation":
            registry.strict_input_validation = dotted_name(arg.value) != "False"  # unknown: may check
        elif keyword == "middleware":
            registry.middleware = _with_middleware(registry.middleware, middleware_added(arg.value))


def _is_test_module(info: ModuleInfo) -> bool:
    """Whether ``info`` is a test module: it imports pytest or unittest (whose calls pass
    stand-ins, never the server that runs)."""
    return any(qualified.partition(".")[0] in ("pytest", "unittest") for qualified in dict.values(info.imports))


def _super_init(definition: cst.ClassDef) -> cst.Call | None:
    """``super().__init__(...)`` (or ``Base.__init__(self, ...)``) called in the class's own
    ``__init__``: the construction of the base server every instance goes through."""
    init = _class_method(definition, "__init__")
    if init is None:
        return None
    for statement in _flat_statements(suite_statements(init.body)):
        for node in walk(statement, into_nested_scopes=False):
            if type(node) is cst.Call and isinstance(node.func, cst.Attribute) and node.func.attr.value == "__init__":
                owner = node.func.value
                if isinstance(owner, cst.Call) and dotted_name(owner.func) == "super":
                    return node
    return None


def middleware_added(value: cst.BaseExpression) -> bool | None:
    """Whether ``value``, handed to ``add_middleware(...)`` or ``middleware=``, installs fastmcp's
    ErrorHandlingMiddleware: True when it names it; False when it is (a list of) other
    middleware constructors (``LoggingMiddleware()``); None when the model cannot tell (a loop
    variable, a project function's result): what clients receive then depends on it
    (``../shared/FRAMEWORKS.md`` §5-6), so rules that need it stay silent."""
    if "ErrorHandlingMiddleware" in source_names(value):
        return True
    items = [e.value for e in value.elements] if isinstance(value, (cst.List, cst.Tuple)) else [value]
    known = all(isinstance(item, cst.Call) and (dotted_name(item.func) or "").endswith("Middleware") for item in items)
    return False if known else None


def _middleware_values(module: cst.Module) -> Iterator[cst.BaseExpression]:
    """The values a module hands to ``.add_middleware(...)`` or a ``middleware=`` keyword."""
    for call in (node for node in walk(module) if isinstance(node, cst.Call)):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_middleware" and call.args:
            yield call.args[0].value
        yield from (arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "middleware")


def _with_middleware(before: bool | None, added: bool | None) -> bool | None:
    """The middleware state after one more is added: a known ErrorHandlingMiddleware wins,
    then an unknown one."""
    if before is True or added is True:
        return True
    return None if before is None or added is None else False


def _source_text(node: cst.CSTNode, limit: int = 60) -> str:
    """``node`` as written (``servers["main"]``), on one line and cut to ``limit``
    characters, for messages that name an expression the model could not resolve."""
    text = " ".join(cst.Module([]).code_for_node(node).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _local_call(scope: _Scope, name: str) -> cst.Call | None:
    """The call a function-local name is bound to once (``tools = get_tools()``, or unpacked from
    it: ``tools, names = prepare_tools()``); None at module level or for a name bound otherwise."""
    if isinstance(scope.node, cst.Module) or scope.bound.get(name, 0) != 1:
        return None
    return scope.unpacked.get(name) or scope.calls.get(name)


def _local_list(scope: _Scope, name: str) -> cst.BaseExpression | None:
    """The list or tuple literal a function-local name is bound to once (``tools = [get_info,
    search]`` before ``for tool in tools: mcp.add_tool(tool)``); None at module level (module
    constants are read through ``ModuleInfo.constants``) or for a name bound otherwise."""
    if isinstance(scope.node, cst.Module) or scope.bound.get(name, 0) != 1:
        return None
    return scope.listed.get(name)


def _made_from(call: cst.Call) -> cst.BaseExpression | None:
    """The function expression ``X.from_function(fn, ...)`` (or ``fn=fn``) is given, the
    constructor of fastmcp's and the SDK's ``Tool`` / ``Prompt`` / ``FunctionTool`` /
    ``FunctionPrompt`` / resource objects; None for any other call."""
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "from_function"):
        return None
    first = call.args[0] if call.args and call.args[0].keyword is None and not call.args[0].star else None
    if first is None:
        first = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "fn"), None)
    return first.value if first is not None else None


def _from_function(expr: cst.BaseExpression, scope: _Scope) -> cst.Call | None:
    """``Prompt.from_function(fn, name=...)`` / ``Tool.from_function(...)``, written in
    place or assigned once to a local that is then registered."""
    if isinstance(expr, cst.Name):
        expr = _assigned_call(scope, expr.value) or expr
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "from_function":
        return expr
    return None


def _class_method(definition: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    """The method ``name`` defined in the body of the class ``definition``."""
    if not isinstance(definition.body, cst.IndentedBlock):
        return None
    return next((s for s in definition.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name), None)


def _forwarding_call(method: cst.FunctionDef) -> tuple[str, str] | None:
    """``self.<attribute>.tool(...)`` / ``.prompt(...)`` anywhere in ``method`` (nested
    decorators included): (attribute, forwarded method); None when there is none or more
    than one kind."""
    found = set()
    for node in walk(method.body):
        if type(node) is cst.Call and isinstance(node.func, cst.Attribute) and node.func.attr.value in ("tool", "prompt"):
            owner = dotted_name(node.func.value) or ""
            if owner.startswith("self.") and owner.count(".") == 1:
                found.add((owner.split(".")[1], node.func.attr.value))
    return found.pop() if len(found) == 1 else None


def _attribute_parameter(init: cst.FunctionDef, attribute: str) -> str | None:
    """The parameter ``__init__`` stores as ``self.<attribute>`` (``self._mcp = mcp``)."""
    for statement in _flat_statements(suite_statements(init.body)):
        for small in statement.body:
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and isinstance(small.value, cst.Name):
                targets = small.targets if isinstance(small, cst.Assign) else [small]
                if any(dotted_name(t.target) == f"self.{attribute}" for t in targets):
                    return small.value.value
    return None


def _exclusive(first: list[tuple[int, int]], second: list[tuple[int, int]]) -> bool:
    """Whether two statements lie in different blocks of one if/elif/else or match (so at
    most one of them runs): where their enclosing branches first differ, it is the same
    statement."""
    for one, other in zip(first, second):
        if one != other:
            return one[0] == other[0]
    return False


def _constructor_settings(call: cst.Call) -> list[tuple[str, str]]:
    """The keywords of a server constructor the model reads (``on_*`` handlers, middleware,
    error masking), with their source text: two constructors that agree here make servers
    the model cannot tell apart."""
    read = [arg for arg in call.args if arg.keyword is not None and (
        arg.keyword.value in V2_KEYWORDS or arg.keyword.value in ("middleware", "mask_error_details"))]
    return sorted((arg.keyword.value, cst.Module([]).code_for_node(arg.value)) for arg in read)


def _global_setters(module: cst.Module, name: str) -> Iterator[tuple[cst.FunctionDef, str]]:
    """The top-level functions of ``module`` that declare ``global name`` and assign it once,
    from one of their parameters: (function, parameter)."""
    for function in module.body:
        if type(function) is not cst.FunctionDef:
            continue
        declared = any(type(node) is cst.Global and any(item.name.value == name for item in node.names)
                       for node in walk(function.body, into_nested_scopes=False))
        if not declared:
            continue
        params = {p.name.value for p in _parameters(function)}
        assigned = [node.value for node in walk(function.body, into_nested_scopes=False)
                    if type(node) is cst.Assign and any(isinstance(t.target, cst.Name) and t.target.value == name
                                                         for t in node.targets)]
        if len(assigned) == 1 and isinstance(assigned[0], cst.Name) and assigned[0].value in params:
            yield function, assigned[0].value


def _returned_expressions(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values a function returns, and the lists it builds in names it returns."""
    found = []
    for statement in _flat_statements(suite_statements(function.body)):
        for small in statement.body:
            if isinstance(small, cst.Return) and small.value is not None:
                found.append(small.value)
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                found.extend(arg.value for arg in small.value.args)  # tools.extend(MORE)
            elif isinstance(small, cst.Assign):
                found.append(small.value)
    return found


def _decorated_name(evaluator: Evaluator, inner: InnerRegistration, decorator: cst.BaseExpression,
                    factory: cst.FunctionDef, function: cst.FunctionDef) -> str | None:
    """The name a project decorator registers ``function`` under: the function's own name when
    the inner registration gives none; the ``name=`` (or first positional string) of the
    decorator's call when the registration forwards the factory's ``*args`` / ``**kwargs`` or
    names one of its parameters; None when it cannot be evaluated."""
    options = inner.options.args if inner.options is not None else ()
    named = [arg for index, arg in enumerate(options)
             if (arg.keyword is not None and arg.keyword.value == "name") or (index == 0 and arg.keyword is None)]
    forwards = any(arg.star for arg in options)
    if not named and not forwards:
        return function.name.value
    given = decorator.args if isinstance(decorator, cst.Call) else ()
    if named and not named[0].star:
        value = named[0].value
        params = [p.name.value for p in factory.params.params]
        if not (isinstance(value, cst.Name) and value.value in params and isinstance(decorator, cst.Call)):
            result = evaluator.eval(value)
            return result if isinstance(result, str) else None
        passed = _passed_argument(decorator, value.value, params.index(value.value))
        if passed is None:
            return None
        result = evaluator.eval(passed)
        return result if isinstance(result, str) else None
    keyword = next((arg.value for arg in given if arg.keyword is not None and arg.keyword.value == "name"), None)
    positional = next((arg.value for arg in given[:1] if arg.keyword is None and not arg.star), None)
    if keyword is None and not isinstance(positional, cst.SimpleString):
        return function.name.value
    result = evaluator.eval(keyword if keyword is not None else positional)
    return result if isinstance(result, str) else None


def _returned_nested_function(factory: cst.FunctionDef) -> cst.FunctionDef | None:
    """The nested function a factory returns (``def make(spec): def render(...): ...; return render``)."""
    nested = {statement.name.value: statement for statement in suite_statements(factory.body) if isinstance(statement, cst.FunctionDef)}
    found = None
    for statement in _flat_statements(suite_statements(factory.body)):
        for small in statement.body:
            if isinstance(small, cst.Return) and isinstance(small.value, cst.Name) and small.value.value in nested:
                if found is not None and found is not nested[small.value.value]:
                    return None  # returns one of several: unknown which
                found = nested[small.value.value]
    return found


def _record_factory_arguments(call: cst.Call, factory: cst.FunctionDef, nested: cst.FunctionDef,
                              registry: Registry) -> None:
    """Keep what ``call`` passes for each plain parameter of ``factory`` that is a name or a
    dotted name (``make_call_handler(TOOLS)``), so the handler ``nested`` sees its table and
    its declarations (see ``Evaluator.factory_arguments``). A second call passing other
    values makes them unknown: the handler is shared, and its values are not one."""
    positional = [param.name.value for param in factory.params.params]
    passed: dict[str, cst.BaseExpression] = {}
    for index, name in enumerate(positional):
        value = _passed_argument(call, name, index)
        if value is not None and dotted_name(value) is not None:
            passed[name] = value
    known = registry.factory_arguments.get(id(nested), passed)
    same = known is not None and {k: dotted_name(v) for k, v in known.items()} == \
        {k: dotted_name(v) for k, v in passed.items()}
    registry.factory_arguments[id(nested)] = passed if same else None


def _passes_through(nested: cst.FunctionDef, factory: cst.FunctionDef) -> bool:
    """Whether ``nested``, the function a one-parameter wrapper ``factory`` returns, hands on
    every call unchanged: it takes ``*args, **kwargs`` and carries ``@functools.wraps`` of the
    parameter (so the framework reads the wrapped signature), every return gives back the call
    of the wrapped parameter (awaited or not), and it catches nothing (a handler could turn a
    failure into an ordinary result)."""
    if len(factory.params.params) != 1 or not isinstance(nested.params.star_arg, cst.Param) \
            or nested.params.star_kwarg is None or nested.params.params:
        return False
    wrapped = factory.params.params[0].name.value
    # without functools.wraps the framework reads the wrapper's own (*args, **kwargs) signature
    if not any(isinstance(d.decorator, cst.Call) and (dotted_name(d.decorator.func) or "").rsplit(".", 1)[-1] == "wraps"
               and d.decorator.args and dotted_name(d.decorator.args[0].value) == wrapped for d in nested.decorators):
        return False
    returns = 0
    for node in walk(nested.body):
        if isinstance(node, (cst.Try, cst.TryStar, cst.FunctionDef, cst.Lambda, cst.With)):
            return False
        if isinstance(node, cst.Return):
            value = node.value.expression if isinstance(node.value, cst.Await) else node.value
            if not (isinstance(value, cst.Call) and dotted_name(value.func) == wrapped):
                return False
            returns += 1
    return returns > 0


def _called_parameters(nested: cst.FunctionDef, factory: cst.FunctionDef) -> set[str]:
    """The parameters of ``factory`` that ``nested`` calls: ``func`` of ``def plain(func): def
    wrapper(ctx, params): return await func(ctx, params)``, a wrapper around the function it is
    given rather than a handler built from a spec."""
    params = {param.name.value for param in factory.params.params}
    params |= {param.name.value for param in factory.params.kwonly_params}
    return {node.func.value for node in walk(nested.body)
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in params}


def _passed_argument(call: cst.Call, name: str, index: int) -> cst.BaseExpression | None:
    """The expression ``call`` passes for the parameter ``name`` at position ``index``."""
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        if (arg.keyword.value == name) if arg.keyword is not None else position == index:
            return arg.value
    return None


def _assigned_call(scope: _Scope | None, name: str) -> cst.Call | None:
    """The call a name was assigned once in the scope that binds it (None otherwise)."""
    while scope is not None:
        if name in scope.bound and not isinstance(scope.node, cst.ClassDef):
            return scope.calls.get(name) if scope.bound[name] == 1 else None
        scope = scope.parent
    return None


def _decorated_with(function: cst.FunctionDef, receiver: str, method: str) -> bool:
    """Whether ``function`` carries ``@<receiver>.<method>(...)``."""
    for decorator in function.decorators:
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        if isinstance(target, cst.Attribute) and target.attr.value == method and dotted_name(target.value) == receiver:
            return True
    return False


def _request_handler_arguments(call: cst.Call) -> tuple[cst.BaseExpression | None, cst.BaseExpression | None]:
    """``add_request_handler(method, params_type, handler)`` by position or by keyword."""
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    method = keywords.get("method", positional[0] if positional else None)
    handler = keywords.get("handler", positional[2] if len(positional) >= 3 else None)
    return method, handler


def _bind_name(scope: _Scope, name: str) -> None:
    scope.bound[name] = scope.bound.get(name, 0) + 1


def _small_bindings(small) -> Iterator[str]:
    """Names a small statement binds: assignment targets, imports."""
    kind = type(small)  # not isinstance: see module_info.exact_types
    if kind is cst.Assign:
        for target in small.targets:
            yield from _target_names(target.target)
    elif kind in _UPDATES and getattr(small, "value", None) is not None:
        yield from _target_names(small.target)
    elif kind in _IMPORTS and not isinstance(small.names, cst.ImportStar):
        for alias in small.names:
            if alias.asname is not None:
                yield from _target_names(alias.asname.name)
            else:
                yield (dotted_name(alias.name) or "").partition(".")[0]


def _target_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, (cst.Name, cst.Attribute)):
        name = dotted_name(target)
        if name:
            yield name
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _target_names(target.value)


def _compound_targets(statement) -> Iterator[cst.CSTNode]:
    if isinstance(statement, cst.For):
        yield statement.target
    elif isinstance(statement, cst.With):
        for item in statement.items:
            if item.asname is not None:
                yield item.asname.name


def _binding_scope(scope: _Scope | None, name: str) -> _Scope | None:
    """The innermost function or module scope that binds ``name``'s head (None: unbound)."""
    head = name.partition(".")[0]
    while scope is not None:
        if head in scope.bound and not isinstance(scope.node, cst.ClassDef):
            return scope
        scope = scope.parent
    return None


def _param_scope(scope: _Scope | None, name: str) -> _Scope | None:
    while scope is not None:
        if name in scope.params:
            return scope
        scope = scope.parent
    return None


def _same_kind(one: str, other: str) -> bool:
    """Whether two server families offer the same registration API (low-level, or the
    FastMCP family: an annotation ``FastMCP`` on a parameter given a project subclass)."""
    return (one == "lowlevel") == (other == "lowlevel")


def _is_registration(method: str) -> bool:
    return method in LOWLEVEL_METHODS or method in ("prompt", "tool", "completion")


def _is_name_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


def _function_name(scope: _Scope) -> str:
    return scope.node.name.value if isinstance(scope.node, (cst.FunctionDef, cst.ClassDef)) else "module"


def _parameters(function: cst.FunctionDef) -> list[cst.Param]:
    params = function.params
    return list(params.posonly_params) + list(params.params) + list(params.kwonly_params)


def _blocks(statement) -> Iterator[list]:
    """The statement lists of a compound statement other than a def or class."""
    body = getattr(statement, "body", None)
    if isinstance(body, cst.BaseSuite):
        yield suite_statements(body)
    orelse = getattr(statement, "orelse", None)
    while orelse is not None:
        yield suite_statements(orelse.body)
        orelse = orelse.orelse if isinstance(orelse, cst.If) else None
    for handler in getattr(statement, "handlers", ()):
        yield suite_statements(handler.body)
    for case in getattr(statement, "cases", ()):
        yield suite_statements(case.body)
    final = getattr(statement, "finalbody", None)
    if final is not None:
        yield suite_statements(final.body)


def _flat_statements(body) -> Iterator[cst.SimpleStatementLine]:
    """Simple statements of a body at any depth of if/for/with/try, not in nested defs."""
    for statement in body:
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            for block in _blocks(statement):
                yield from _flat_statements(block)
