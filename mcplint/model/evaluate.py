"""A small, safe evaluator for the literal parts of a server: names, lists, helper calls.

It understands exactly what declarations are built from (string/number literals, tuples,
lists, dicts, module constants, comprehensions over literal data, ``+``, calls to
module-local helper functions, and the MCP constructors such as ``PromptArgument(...)``),
and answers :data:`UNKNOWN` for everything else. Nothing is ever imported or executed:
helper bodies are interpreted statement by statement with a depth limit, so recursion
between helpers also ends in UNKNOWN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

import libcst as cst

from mcplint.model.declared_subclasses import declaration_kind, subclass_fields
from mcplint.model.instance_registries import instance_applications, instance_filler
from mcplint.model.instances import instance_attribute
from mcplint.model.module_info import (ModuleInfo, attributes_set_after, dotted_name, exact_types, literal_value,
                                       memo_by_node, suite_statements, walk)
from mcplint.model.subclass_hooks import (class_fillers, direct_subclasses, filler_applications, project_subclasses,
                                          registering_hook)


class _Unknown:
    """The evaluator's answer when a value cannot be known statically."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()

# Constructors whose calls become ObjectValues (the last part of the qualified name).
MCP_OBJECTS = {
    "Prompt", "PromptArgument", "Tool", "ListPromptsResult", "ListToolsResult", "ErrorData",
    "Field",
}
# Error-code constants of the JSON-RPC spec as the SDKs define them
# (mcp 1.x mcp/types.py:178-190; mcp 2.x mcp_types/jsonrpc.py:73-106).
ERROR_CODES = {
    "PARSE_ERROR": -32700, "INVALID_REQUEST": -32600, "METHOD_NOT_FOUND": -32601,
    "INVALID_PARAMS": -32602, "INTERNAL_ERROR": -32603, "CONNECTION_CLOSED": -32000,
    "REQUEST_TIMEOUT": -32001, "URL_ELICITATION_REQUIRED": -32042,
}
_STR_METHODS = {"strip", "lower", "upper", "casefold", "title", "capitalize", "lstrip", "rstrip",
                "isdigit", "isdecimal", "isnumeric", "isalpha", "isalnum", "isspace", "islower", "isupper", "split"}
#: ``str`` methods taking string arguments that the evaluator applies, with their argument count.
_STR_EDITS = {"replace": 2, "removeprefix": 1, "removesuffix": 1, "strip": 1, "lstrip": 1, "rstrip": 1,
              "split": 1, "rsplit": 1, "startswith": 1, "endswith": 1}
_MAX_DEPTH = 8


#: Expression kinds :meth:`Evaluator._eval` tells apart (``type(node) in``: see module_info.exact_types).
_SEQUENCES = exact_types(cst.Tuple, cst.List, cst.Set)
_COMPREHENSIONS = exact_types(cst.ListComp, cst.SetComp, cst.GeneratorExp)


@dataclass(frozen=True, eq=False)
class FunctionRef:
    """A function named as a value (``fn=postmortem``, ``(ping, "Ping a host")``): known to be
    that function, nothing more; compares equal only to itself."""

    function: cst.FunctionDef
    # ``functools.partial(f, a, b)``: how many leading parameters the partial binds
    bound: int = 0
    # a bound method (``self.ping``, ``tools.ping``): the object it runs on (``bound`` is 1)
    owner: "ObjectValue | None" = None


@dataclass(frozen=True, eq=False)
class ClassRef:
    """A project class as the ``cls`` of a classmethod being interpreted (``Search.as_tool()``
    with ``return types.Tool(name=cls.__name__, inputSchema=cls.model_json_schema())``)."""

    node: cst.ClassDef


#: The :attr:`ObjectValue.kind` of an object of a project class (``ReviewPrompt()``).
INSTANCE = "instance"

#: Framework base classes whose project subclasses evaluate to an :class:`ObjectValue` of that
#: kind, with the packages they may come from: ``Prompt`` (fastmcp 2/3/4 ``fastmcp.prompts.Prompt``;
#: mcp 1.x ``mcp.server.fastmcp.prompts.base.Prompt``) and ``Tool`` of fastmcp only (2.14.7
#: ``fastmcp/tools/tool.py``, 3.4.11 and 4.2.3 ``fastmcp/tools/base.py``: a subclass declares
#: ``parameters`` and implements ``run(self, arguments)``, which the server calls directly).
_SUBCLASSED_OBJECTS = {"Prompt": ("fastmcp", "mcp"), "Tool": ("fastmcp",)}
_MAX_BASES = 4


class ModelSchema(dict):
    """What :meth:`Evaluator.model_schema` returns: a dict with ``properties`` and ``required``
    only (each property an empty dict), and ``model``, the class it was read from, so the
    contract export renders the full schema itself rather than publish these placeholders."""

    def __init__(self, value: dict[str, Any], model: cst.ClassDef) -> None:
        super().__init__(value)
        self.model = model


class CompleteMapping(dict):
    """A mapping whose keys are all known (a request's arguments as a test assumes them): a
    ``.get`` of a key it lacks gives the fallback, where a dict read from source gives UNKNOWN
    because code elsewhere may have added the key."""


@dataclass
class ObjectValue:
    """A call to an MCP constructor: ``kind`` is its class name, ``fields`` its keyword
    arguments (evaluated, possibly UNKNOWN) and ``node`` the call itself."""

    kind: str
    fields: dict[str, Any]
    node: cst.Call
    positional: list[Any] = field(default_factory=list)

    #: For an instance of a project subclass of a framework class (``class Deploy(TextPrompt)``
    #: with ``TextPrompt(Prompt)``): the subclass, whose methods serve it.
    cls: cst.ClassDef | None = None
    #: For a value read from an attribute of an object (``h.prompt`` of ``ReviewPrompt()``,
    #: ``entry.prompt`` of ``Entry(prompt, fn)``): that object (kind :data:`INSTANCE`), whose
    #: methods or function fields serve what the value declares.
    holder: "ObjectValue | None" = None

    def get(self, key: str, default: Any = UNKNOWN) -> Any:
        """A field by its snake_case or camelCase name (``input_schema``/``inputSchema``)."""
        if key in self.fields:
            return self.fields[key]
        camel = "".join(part.capitalize() if i else part for i, part in enumerate(key.split("_")))
        return self.fields.get(camel, default)


_READING_METHODS = frozenset({"get", "keys", "values", "items", "copy", "index", "count"})


class Evaluator:
    """Evaluate expressions of one module; ``env`` maps local names to values."""

    def __init__(self, info: ModuleInfo) -> None:
        self.info = info
        self._constants: dict[str, Any] = {}
        self._depth = 0
        # instance registries by (constructor call, attribute): a project-wide value, kept per
        # evaluator because filling one adopts the entries' modules into this one's bindings
        self._registries: dict[tuple[int, str], tuple[cst.CSTNode, Any]] = {}
        # id(nested function a factory returns) -> factory parameter -> the expression the one
        # factory call that made the handler passes (`make_list_handler(TOOLS)`: {"table": TOOLS})
        self.factory_arguments: dict[int, dict[str, cst.BaseExpression]] = {}

    # -- entry points -------------------------------------------------------------------
    def eval(self, node: cst.BaseExpression | None, env: dict[str, Any] | None = None) -> Any:
        """The value of ``node`` or UNKNOWN; never raises."""
        if node is None:
            return UNKNOWN
        if self._depth > _MAX_DEPTH:
            return UNKNOWN
        self._depth += 1
        try:
            return self._eval(node, env or {})
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
            return UNKNOWN
        finally:
            self._depth -= 1

    def constant(self, name: str) -> Any:
        """The value of a module-level constant (memoised), else UNKNOWN."""
        if name in self._constants:
            return self._constants[name]
        self._constants[name] = UNKNOWN  # a cycle evaluates to UNKNOWN
        if name in self.info.filled:  # a registry: filled by calls, not by its literal
            value = self.info.registry(self, name) if self.info.registry is not None else UNKNOWN
            self._constants[name] = value
            return value
        node = self.info.constants.get(name)
        value = self.eval(node) if node is not None else UNKNOWN
        self._constants[name] = value
        return value

    def call_function(self, function: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any],
                      closure: dict[str, Any] | None = None) -> Any:
        """Interpret a module-local helper with the given argument values; ``closure`` binds
        the free names of a nested function (see :meth:`closure_env`)."""
        env = bind_arguments(function, args, kwargs, self)
        if env is None:
            return UNKNOWN
        return self._run_body(function.body, {**(closure or {}), **env})

    def bind_method(self, method: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any] | None:
        """The parameters of ``method`` bound like Python binds a call on an instance (``self``
        UNKNOWN, the other parameters from ``args``/``kwargs``, defaults evaluated); None when
        the values do not fit its signature."""
        return bind_arguments(method, [UNKNOWN, *args], dict(kwargs), self)

    def arguments(self, call: cst.Call, env: dict[str, Any]) -> tuple[list[Any] | None, dict[str, Any]]:
        """The evaluated positional and keyword arguments of ``call`` (``*``/``**`` splats of
        known sequences and dicts expanded); ``(None, {})`` when a splat is unknown."""
        return self._arguments(call, env)

    def run_statement(self, small: cst.BaseSmallStatement, env: dict[str, Any]) -> bool:
        """Interpret one assignment into ``env``; False when its target or value cannot be bound."""
        return self._run_small(small, env) is None

    def closure_env(self, function: cst.FunctionDef) -> dict[str, Any]:
        """The names a nested function sees from the function around it: each local the
        outer function assigns exactly once, at its top level before the nested ``def``
        (``prompts = [types.Prompt(...)]`` in ``create_server()``), evaluated in order; every
        other local and parameter of the outer function shadows the module as UNKNOWN."""
        outer = self._enclosing(function)
        if outer is None:
            return {}
        counts: dict[str, int] = {}
        for node in walk(outer.body, into_nested_scopes=False):
            if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor)):
                target = node.target
                for name in _names_bound(target):
                    counts[name] = counts.get(name, 0) + 1
        env: dict[str, Any] = {name: UNKNOWN for name in counts}
        params = outer.params
        passed = self.factory_arguments.get(id(function), {})
        for param in [*params.posonly_params, *params.params, *params.kwonly_params, params.star_arg, params.star_kwarg]:
            if isinstance(param, cst.Param):
                name = param.name.value
                # a factory's parameter the handler's one factory call fills, never rebound in it
                env[name] = self.eval(passed[name]) if name in passed and name not in counts else UNKNOWN
        for statement in outer.body.body if isinstance(outer.body, cst.IndentedBlock) else ():
            if statement is function:
                break
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                    if len(targets) == 1 and isinstance(targets[0], cst.Name) and counts.get(targets[0].value) == 1:
                        env[targets[0].value] = self.eval(small.value, env)
        return env

    def closure_literal(self, function: cst.FunctionDef, name: str) -> cst.BaseExpression | None:
        """The value written for ``name`` in the function around ``function`` (``runners =
        {"search": partial(run, index)}`` in ``build()``, before the nested handler), when the
        outer function binds it exactly once, at its top level before the nested ``def``, and
        nothing changes it in place (``runners[k] = ...``, ``runners.update(...)``) anywhere
        in it; or, for a parameter of the outer function, the expression the one factory call
        that made the handler passes (``factory_arguments``); None otherwise."""
        outer = self._enclosing(function)
        if outer is None:
            return None
        found = None
        for node in walk(outer.body):
            if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor)):
                if name in _names_bound(node.target):
                    if found is not None or not isinstance(node, cst.AssignTarget):
                        return None
                    found = node
                elif isinstance(node.target, cst.Subscript) and dotted_name(node.target.value) == name:
                    return None
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                    and dotted_name(node.func.value) == name and node.func.attr.value not in _READING_METHODS:
                return None  # a method call on it may change it (`get`, `items`, ... only read it)
            elif isinstance(node, (cst.Global, cst.Nonlocal)) and any(n.name.value == name for n in node.names):
                return None
        passed = self.factory_arguments.get(id(function), {})
        if found is None and name in passed:
            return passed[name]  # `def make_call_handler(table)` made by `make_call_handler(TOOLS)`
        for statement in outer.body.body if isinstance(outer.body, cst.IndentedBlock) else ():
            if statement is function:
                return None
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and any(target is found for target in small.targets):
                        return small.value if len(small.targets) == 1 else None
        return None

    def _enclosing(self, function: cst.FunctionDef) -> cst.FunctionDef | None:
        """The function whose body defines ``function`` at its top level (None: none known)."""
        for outer in list(dict.values(self.info.functions)):
            if outer is not function and isinstance(outer.body, cst.IndentedBlock) \
                    and any(statement is function for statement in outer.body.body):
                return outer
        return None

    # -- expressions --------------------------------------------------------------------
    def _eval(self, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
        kind = type(node)  # not isinstance: see module_info.exact_types (every expression evaluated)
        if kind is cst.SimpleString:
            return literal_value(node)
        if kind is cst.ConcatenatedString:
            left, right = self._eval(node.left, env), self._eval(node.right, env)
            return left + right if isinstance(left, str) and isinstance(right, str) else UNKNOWN
        if kind is cst.FormattedString:
            return self._fstring(node, env)
        if kind is cst.Integer:
            return literal_value(node)
        if kind is cst.Float:
            return literal_value(node)
        if kind is cst.Name:
            return self._name(node.value, env)
        if kind in _SEQUENCES:
            return self._sequence(node, env)
        if kind is cst.Dict:
            return self._dict(node, env)
        if kind is cst.UnaryOperation and isinstance(node.operator, cst.Minus):
            value = self._eval(node.expression, env)
            return -value if isinstance(value, (int, float)) else UNKNOWN
        if kind is cst.UnaryOperation and isinstance(node.operator, cst.Not):
            value = self._eval(node.expression, env)
            return UNKNOWN if value is UNKNOWN else not value
        if kind is cst.BinaryOperation:
            return self._binary(node, env)
        if kind is cst.BooleanOperation:
            return self._boolean(node, env)
        if kind is cst.Comparison:
            return self._comparison(node, env)
        if kind is cst.Attribute:
            return self._attribute(node, env)
        if kind is cst.Subscript:
            return self._subscript(node, env)
        if kind is cst.Call:
            value = self._call(node, env)
            if isinstance(value, ObjectValue) and value.kind != INSTANCE and attributes_set_after(node):
                return UNKNOWN  # `P = Prompt(...)` then `P.arguments = [...]`: not what the call made
            return value
        if kind is cst.DictComp:
            return self._dict_comprehension(node, env)
        if kind in _COMPREHENSIONS:
            return self._comprehension(node, env)
        if kind is cst.IfExp:
            test = self._eval(node.test, env)
            if test is UNKNOWN:
                return UNKNOWN
            return self._eval(node.body if test else node.orelse, env)
        if kind is cst.Await:
            return self._awaited(node, env)
        if kind is cst.Lambda:
            return self._forwarding_lambda(node, env)
        return UNKNOWN

    def _forwarding_lambda(self, node: cst.Lambda, env: dict[str, Any]) -> Any:
        """``lambda arguments: _echo(arguments)`` (a handler table's entry): a lambda that only
        hands its own parameters, in order, to a project function is that function (a bound
        method or a partial alike); UNKNOWN for any other lambda."""
        params = node.params
        if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None \
                or params.kwonly_params or params.star_kwarg is not None or params.posonly_params \
                or any(param.default is not None for param in params.params):
            return UNKNOWN
        body = node.body
        names = [param.name.value for param in params.params]
        if not isinstance(body, cst.Call) or len(body.args) != len(names) \
                or any(arg.star or arg.keyword is not None or dotted_name(arg.value) != name
                       for arg, name in zip(body.args, names)):
            return UNKNOWN
        if any(name in names for name in _names_read(body.func)):
            return UNKNOWN  # `lambda h: h(...)`: the called function depends on the call
        target = self._eval(body.func, env)
        return target if isinstance(target, FunctionRef) else UNKNOWN

    def _awaited(self, node: cst.Await, env: dict[str, Any]) -> Any:
        """``await handle_list_prompts()``: what a project coroutine function (or a method of a
        project object) returns, which its interpreted body already gives (a list handler
        delegating to an ``async def`` of another module). Any other awaitable (a library
        call, a task) stays UNKNOWN."""
        call = node.expression
        if not isinstance(call, cst.Call):
            return UNKNOWN
        if isinstance(call.func, cst.Attribute):  # `await self.prompts.list()` on a project object
            base = self._eval(call.func.value, env)
            known = isinstance(base, ObjectValue) and base.kind == INSTANCE
            return self._call(call, env) if known else UNKNOWN
        if not isinstance(call.func, cst.Name) or call.func.value in env:
            return UNKNOWN
        function = self.info.functions.get(call.func.value)
        if function is None or function.asynchronous is None:
            return UNKNOWN
        return self._call(call, env)

    def _fstring(self, node: cst.FormattedString, env: dict[str, Any]) -> Any:
        """``f"{prefix}-prompt"`` with every part known (str or int, no format spec or
        conversion); UNKNOWN otherwise."""
        pieces = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                pieces.append(part.value)
                continue
            value = self._eval(part.expression, env)
            if part.format_spec or part.conversion or part.equal \
                    or isinstance(value, bool) or not isinstance(value, (str, int)):
                return UNKNOWN
            pieces.append(str(value))
        text = "".join(pieces)
        return text if "{" not in text and "\\" not in text else UNKNOWN  # escapes: not worth decoding

    def _name(self, name: str, env: dict[str, Any]) -> Any:
        if name in env:
            return env[name]
        if name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[name]
        if name in self.info.constants or name in self.info.filled:
            return self.constant(name)
        function = self.info.functions.get(name)
        if function is not None:
            return FunctionRef(function)
        cls = self.info.classes.get(name)
        if cls is not None:  # `for tool_class in (RestartTool, ...): mcp.add_tool(tool_class(...))`
            return ClassRef(cls)
        qualified = self.info.imports.get(name)
        if qualified is not None and name in ERROR_CODES:
            return ERROR_CODES[name]
        return UNKNOWN

    def _sequence(self, node, env) -> Any:
        items: list[Any] = []
        for element in node.elements:
            value = self._eval(element.value, env)
            if value is UNKNOWN:
                return UNKNOWN
            if isinstance(element, cst.StarredElement):
                if not isinstance(value, (list, tuple)):
                    return UNKNOWN
                items.extend(value)
            else:
                items.append(value)
        if isinstance(node, cst.Tuple):
            return tuple(items)
        if isinstance(node, cst.Set):
            return tuple(items)
        return items

    def _dict(self, node: cst.Dict, env) -> Any:
        result: dict[Any, Any] = {}
        for element in node.elements:
            if isinstance(element, cst.StarredDictElement):  # `{**KNOWN, ...}`
                spread = self._eval(element.value, env)
                if not isinstance(spread, dict):
                    return UNKNOWN
                result.update(spread)
                continue
            key = self._eval(element.key, env)
            if key is UNKNOWN or isinstance(key, (list, dict)):
                return UNKNOWN
            result[key] = self._eval(element.value, env)
        return result

    def _binary(self, node: cst.BinaryOperation, env) -> Any:
        left, right = self._eval(node.left, env), self._eval(node.right, env)
        if left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        if isinstance(node.operator, cst.Add):
            if isinstance(left, list) and isinstance(right, (list, tuple)):
                return left + list(right)
            if type(left) is type(right) and isinstance(left, (str, tuple, int, float)):
                return left + right
        return UNKNOWN

    def _boolean(self, node: cst.BooleanOperation, env) -> Any:
        left = self._eval(node.left, env)
        if left is UNKNOWN:
            return UNKNOWN
        if isinstance(node.operator, cst.Or):
            return left if left else self._eval(node.right, env)
        return self._eval(node.right, env) if left else left

    def _comparison(self, node: cst.Comparison, env) -> Any:
        left = self._eval(node.left, env)
        for target in node.comparisons:
            right = self._eval(target.comparator, env)
            if left is UNKNOWN or right is UNKNOWN:
                return UNKNOWN
            outcome = _compare(target.operator, left, right)
            if outcome is UNKNOWN or not outcome:
                return outcome
            left = right
        return True

    def _attribute(self, node: cst.Attribute, env) -> Any:
        dotted = dotted_name(node)
        if dotted in self.info.constants or dotted in self.info.filled:
            return self.constant(dotted)  # ``prompts.PROMPTS`` of a linked project module
        if "." in (dotted or "") and dotted in self.info.functions:
            return FunctionRef(self.info.functions[dotted])  # ``render.postmortem``
        if isinstance(node.value, cst.Name) and node.value.value in self.info.classes and node.value.value not in env:
            owner = self.info.classes[node.value.value]
            if node.attr.value == "model_fields":
                return self.pydantic_fields(owner)  # `for key in DigestArgs.model_fields`
            if node.attr.value == "__annotations__":
                return class_annotations(owner)
            if node.attr.value == "_fields" and self.namedtuple_fields(owner) is not None:
                return self.namedtuple_fields(owner)  # `for field in Request._fields`
            hooked = self.subclass_registry(owner, node.attr.value)
            if hooked is not None:  # `Base.registry`, filled by `__init_subclass__`
                return hooked
            # An enum member or class constant: ``Tools.STATUS = "git_status"``.
            return self._class_constant(owner, node.attr.value)
        base = self._eval(node.value, env)
        if isinstance(base, ObjectValue) and node.attr.value in attributes_set_after(base.node):
            return UNKNOWN  # set again after the object was made (`cfg = Config(); cfg.mode = ...`)
        if isinstance(base, str) and node.attr.value == "value":
            return base  # ``Tools.STATUS.value`` of a ``str`` enum
        if isinstance(base, ObjectValue) and base.kind == INSTANCE:
            return self.instance_attribute(base, node.attr.value)
        if isinstance(base, ObjectValue):
            return base.get(node.attr.value)
        if isinstance(base, FunctionRef) and node.attr.value in ("__name__", "__qualname__"):
            return base.function.name.value
        if isinstance(base, FunctionRef) and node.attr.value == "__doc__":
            return base.function.get_docstring()
        if isinstance(base, ClassRef) and node.attr.value == "__name__":
            return base.node.name.value
        if isinstance(base, ClassRef) and node.attr.value == "__doc__":
            return base.node.get_docstring()
        if isinstance(base, ClassRef) and node.attr.value == "model_fields":
            return self.pydantic_fields(base.node)  # `for key in DigestArgs.model_fields`
        if isinstance(base, ClassRef) and node.attr.value == "__annotations__":
            return class_annotations(base.node)  # `for name in spec.__annotations__`
        if isinstance(base, ClassRef):
            return self._class_attribute(base.node, node.attr.value)
        qualified = self.info.qualify(node)
        if qualified and qualified.rsplit(".", 1)[-1] in ERROR_CODES:
            return ERROR_CODES[qualified.rsplit(".", 1)[-1]]
        return UNKNOWN

    def _subscript(self, node: cst.Subscript, env) -> Any:
        base = self._eval(node.value, env)
        if base is not UNKNOWN and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice):
            return self._slice(base, node.slice[0].slice, env)
        if base is UNKNOWN or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return UNKNOWN
        key = self._eval(node.slice[0].slice.value, env)
        if key is UNKNOWN:
            return UNKNOWN
        return base[key]

    def _slice(self, base: Any, part: cst.Slice, env) -> Any:
        """``code[:2]``, ``items[1:]``: a slice of a known string, list or tuple with known
        (or omitted) integer bounds, else UNKNOWN."""
        if not isinstance(base, (str, list, tuple)):
            return UNKNOWN
        bounds = [None if bound is None else self._eval(bound, env) for bound in (part.lower, part.upper, part.step)]
        if not all(bound is None or (type(bound) is int) for bound in bounds) or bounds[2] == 0:
            return UNKNOWN
        return base[bounds[0]:bounds[1]:bounds[2]]

    def _call(self, node: cst.Call, env) -> Any:
        func = node.func
        if (self.info.qualify(func) or "") == "functools.partial" and node.args \
                and not any(arg.star or arg.keyword is not None for arg in node.args):
            target = self._eval(node.args[0].value, env)  # `partial(render, templates)`: render, one bound
            return FunctionRef(target.function, target.bound + len(node.args) - 1) \
                if isinstance(target, FunctionRef) else UNKNOWN
        # Methods on known values: str normalisation, dict views.
        if isinstance(func, cst.Attribute):
            base = self._eval(func.value, env)
            method = func.attr.value
            if isinstance(base, str) and method in _STR_METHODS and not node.args:
                return getattr(base, method)()
            if isinstance(base, str) and method in _STR_EDITS and len(node.args) == _STR_EDITS[method]:
                edits = [self._eval(arg.value, env) for arg in node.args]  # `name.replace("-", "_")`
                if all(isinstance(edit, str) for edit in edits) and not any(arg.keyword or arg.star for arg in node.args):
                    return getattr(base, method)(*edits)
            if isinstance(base, dict) and method in ("values", "keys", "items") and not node.args:
                return list(getattr(base, method)())
            if isinstance(base, dict) and method == "copy" and not node.args:
                return dict(base)
            if isinstance(base, dict) and method == "get" and node.args and len(node.args) <= 2:
                key = self._eval(node.args[0].value, env)
                fallback = self._eval(node.args[1].value, env) if len(node.args) == 2 else None
                known = isinstance(key, str) and (key in base or isinstance(base, CompleteMapping))
                return base.get(key, fallback) if known else UNKNOWN
            if isinstance(base, ClassRef) and method in ("model_json_schema", "schema") and not node.args:
                return self.model_schema(base.node)
            if isinstance(base, ClassRef) and method == "__subclasses__" and not node.args:
                return self._subclass_refs(base.node)  # `{c.name: c() for c in BaseTool.__subclasses__()}`
            if isinstance(base, ObjectValue) and base.kind == INSTANCE:
                return self._method_call(base, method, node, env)
            if isinstance(func.value, cst.Name) and func.value.value in self.info.classes and func.value.value not in env:
                value = self._classmethod_call(self.info.classes[func.value.value], method, node, env)
                if value is not UNKNOWN:
                    return value
        if isinstance(func, cst.Attribute) and func.attr.value in ("model_json_schema", "schema") \
                and isinstance(func.value, cst.Name) and func.value.value in self.info.classes:
            return self.model_schema(self.info.classes[func.value.value])
        if isinstance(func, cst.Attribute) and func.attr.value == "json_schema" and not node.args:
            adapted = self._type_adapter_class(func.value)
            if adapted is not None:
                if self.typeddict_total(adapted) is not None:
                    return self.typeddict_schema(adapted)
                return self.model_schema(adapted) if _is_dataclass(adapted) is False else self.dataclass_schema(adapted)
        name = dotted_name(func)
        args, kwargs = self._arguments(node, env)
        if args is None:
            return UNKNOWN
        if isinstance(func, cst.Name) and isinstance(env.get(func.value), ClassRef):
            made = env[func.value].node  # `cls(name=cls.prompt_name)` over a list of classes
            return ObjectValue(self.framework_kind(made) or INSTANCE, kwargs, node, args, cls=made)
        if name in ("list", "tuple", "sorted") and len(args) == 1 and not kwargs \
                and isinstance(args[0], (list, tuple, dict)) and name not in self.info.functions:
            items = list(args[0])  # of a dict: its keys (`"required": list(required)`)
            if name == "sorted":
                return sorted(items) if all(isinstance(i, str) for i in items) else UNKNOWN
            return items if name == "list" else tuple(items)
        if name in ("zip", "enumerate") and args and not kwargs and name not in self.info.functions \
                and all(isinstance(arg, (list, tuple)) for arg in args) and (name == "zip" or len(args) == 1):
            # `for name, fn in zip(NAMES, FUNCS)`, `for i, fn in enumerate(TOOLS)`: rows of known sequences
            return list(zip(*args)) if name == "zip" else list(enumerate(args[0]))
        if len(args) == 1 and not kwargs and isinstance(args[0], ClassRef) \
                and self.info.qualify(func) == "dataclasses.fields":
            return self.dataclass_fields(args[0].node, node)  # `for f in fields(ReviewArgs)`
        if name == "vars" and len(args) == 1 and not kwargs and isinstance(args[0], ClassRef) \
                and "vars" not in self.info.functions:
            return class_namespace(args[0].node)  # `optional = vars(spec)`: what the class body binds
        if name == "isinstance" and len(args) == 2:
            return _isinstance(args[0], node.args[1].value)
        if name == "len" and len(args) == 1 and isinstance(args[0], (str, list, tuple, dict)):
            return len(args[0])
        if name in ("all", "any") and len(args) == 1 and not kwargs and isinstance(args[0], (list, tuple)) \
                and name not in self.info.functions and UNKNOWN not in args[0]:
            return all(args[0]) if name == "all" else any(args[0])  # `all(p.isdigit() for p in parts)`
        if name == "str" and len(args) == 1 and isinstance(args[0], str):
            return args[0]
        if name == "dict" and not args:
            return dict(kwargs)
        if name == "dict" and len(args) == 1 and isinstance(args[0], dict) and "dict" not in self.info.functions:
            return {**args[0], **kwargs}  # a copy of a known dict
        qualified = self.info.qualify(func) or ""
        copied = _copied_table(qualified, name, args, kwargs)
        if copied is not UNKNOWN:
            return copied
        kind = qualified.rsplit(".", 1)[-1]
        if kind in MCP_OBJECTS and name not in self.info.functions:
            return ObjectValue(kind, kwargs, node, args)
        if name in self.info.functions:
            return self.call_function(self.info.functions[name], args, kwargs)
        subclass = self.info.classes.get(name) if name else None
        kind = self.framework_kind(subclass) if subclass is not None else None
        if subclass is not None and (kind is not None or declaration_kind(self, subclass) is not None):
            # class ReviewPrompt(types.Prompt) with super().__init__(name=..., arguments=[...])
            fields = subclass_fields(self, subclass, args, kwargs)
            return ObjectValue(kind or declaration_kind(self, subclass), kwargs if fields is None else fields,
                               node, args, cls=subclass)
        if subclass is not None:
            return ObjectValue(INSTANCE, kwargs, node, args, cls=subclass)
        return UNKNOWN

    def _subclass_refs(self, owner: cst.ClassDef) -> Any:
        """``Owner.__subclasses__()``: a :class:`ClassRef` per direct project subclass (each
        subclass's helpers then resolve as in its own module); UNKNOWN when they are not known."""
        found = direct_subclasses(self.info, owner)
        if found is None:
            return UNKNOWN
        for _cls, other in found:
            if other is not None and self.info.adopt is not None:
                self.info.adopt(other)
        return [ClassRef(cls) for cls, _other in found]

    def instance_attribute(self, instance: ObjectValue, name: str) -> Any:
        """``h.prompt`` of an object of a project class: a dataclass field given to the
        constructor (by keyword or position), else a class attribute (through project bases).
        An MCP object read so is tagged with the object (:attr:`ObjectValue.holder`)."""
        fields = _dataclass_fields(instance.cls)
        if name in instance.fields:
            value = instance.fields[name]
        elif fields is not None and name in fields and fields.index(name) < len(instance.positional):
            value = instance.positional[fields.index(name)]
        elif _assigns_in_methods(instance.cls, name):
            value = self._init_attribute(instance, name)
        else:
            value = self._class_attribute(instance.cls, name)
            if value is UNKNOWN and fields is not None and name in fields:
                value = self._field_factory_value(instance.cls, name)  # `field(default_factory=...)`
            if value is UNKNOWN:
                value = self._init_attribute(instance, name)
        if value is UNKNOWN:
            value = self._bound_method(instance, name)
        if value is UNKNOWN:
            value = self._property_value(instance, name)
        if isinstance(value, ObjectValue) and value.kind != INSTANCE:
            return replace(value, holder=instance)
        return value

    def _field_factory_value(self, cls: cst.ClassDef, name: str) -> Any:
        """The value a dataclass field ``name = field(default=..., default_factory=...)`` takes
        when the constructor was not given it: the ``default``, or what a zero-argument lambda
        or builtin factory makes; UNKNOWN otherwise. (Python ``dataclasses.field``.)"""
        for statement in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) \
                        and small.target.value == name and isinstance(small.value, cst.Call):
                    return self._factory_result(small.value)
        return UNKNOWN

    def _factory_result(self, call: cst.Call) -> Any:
        """What a ``field(...)``/``attrs.field(...)`` call gives an instance built without it."""
        for arg in call.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "default":
                return self.eval(arg.value)
            if keyword in ("default_factory", "factory") and isinstance(arg.value, cst.Lambda) \
                    and not arg.value.params.params:
                return self.eval(arg.value.body)
            if keyword in ("default_factory", "factory") and dotted_name(arg.value) in ("list", "dict") \
                    and dotted_name(arg.value) not in self.info.functions:
                return [] if dotted_name(arg.value) == "list" else {}
        return UNKNOWN

    def _property_value(self, instance: ObjectValue, name: str) -> Any:
        """``tool.definition`` where the object's class (or a project base) defines ``name`` as a
        ``@property`` (``functools.cached_property`` too): its getter interpreted with ``self``
        bound to the object (``return Tool(name="parse", inputSchema={...})``); UNKNOWN for
        anything else."""
        method = self._inherited(instance.cls, name)
        if method is None or not any((dotted_name(d.decorator) or "").rsplit(".", 1)[-1]
                                     in ("property", "cached_property") for d in method.decorators):
            return UNKNOWN
        return self.call_function(method, [instance], {})

    def _bound_method(self, instance: ObjectValue, name: str) -> Any:
        """``self.ping`` / ``tools.ping``: a plain method of the object's class (or of a project
        base) as a function whose first parameter the object fills; UNKNOWN for anything else
        (a property, a static or class method, no such method)."""
        method = self._inherited(instance.cls, name)
        if method is None or method.decorators or not method.params.params:
            return UNKNOWN
        return FunctionRef(method, 1, owner=instance)

    def _init_attribute(self, instance: ObjectValue, name: str) -> Any:
        """``self.name = ...`` set by the ``__init__`` chain (``super().__init__("get_note")``)
        from the constructor call's literal arguments (:mod:`mcplint.model.instances`); UNKNOWN
        when another method of the class assigns it too, or the source does not fix it."""
        if _assigns_in_methods(instance.cls, name, skip_init=True):
            return UNKNOWN  # set elsewhere too
        if _changed_by_methods(instance.cls, name):  # filled in place (`self._handlers["x"] = ...`)
            return self._instance_registry(instance, name)
        value = instance_attribute(self.info, self, instance.cls, name, list(instance.node.args), instance=instance)
        return UNKNOWN if value is None else value

    def _instance_registry(self, instance: ObjectValue, name: str) -> Any:
        """``self.<name>`` of a registry object bound once at the top of a module (``registry =
        ToolRegistry()``) whose one filling method the project calls at import
        (``registry.register(SearchTool())``, ``@registry.register`` on a function or class):
        the dict or list those calls fill, each filling run with ``self`` bound to the object
        (:mod:`mcplint.model.instance_registries`). UNKNOWN when a use or value is not known."""
        key = (id(instance.node), name)
        if not isinstance(instance.node, cst.Call):
            return UNKNOWN
        known = self._registries.get(key)
        if known is not None and known[0] is instance.node:
            return known[1]
        self._registries[key] = (instance.node, UNKNOWN)  # a filling that reads the registry it fills
        value = self._fill_instance_registry(instance, name)
        self._registries[key] = (instance.node, value)
        return value

    def _fill_instance_registry(self, instance: ObjectValue, name: str) -> Any:
        filling = instance_filler(instance.cls, name)
        uses = instance_applications(self.info, instance.cls, instance.node, filling[0].name.value) \
            if filling is not None else None
        if not uses:
            return UNKNOWN
        empty = _init_value(instance.cls, name)
        result: Any = {} if isinstance(empty, cst.Dict) or isinstance(empty, cst.Call) \
            and dotted_name(empty.func) == "dict" else []
        for used, where in uses:
            if where is not self.info and self.info.adopt is not None:
                self.info.adopt(where)  # the entry's own helpers resolve as in its module
            if isinstance(used, cst.FunctionDef):
                value: Any = FunctionRef(used)
            elif isinstance(used, cst.ClassDef):
                value = ClassRef(used)
            else:
                value = Evaluator(where).eval(used) if where is not self.info else self.eval(used)
            if value is UNKNOWN or not self._fill_registry(filling[0], filling[1], [instance, value], result):
                return UNKNOWN
        return result

    def _class_attribute(self, node: cst.ClassDef, name: str, depth: int = 0) -> Any:
        """A class-body assignment ``name = ...`` of ``node`` or of its nearest project base;
        ``_fields`` of a ``typing.NamedTuple`` class is its field names, in order."""
        if name == "_fields" and self.namedtuple_fields(node) is not None:
            return self.namedtuple_fields(node)
        for statement in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                        [small.target] if isinstance(small, cst.AnnAssign) and small.value is not None else []
                    if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                        if _changed_by_methods(node, name):  # a registry the class's methods fill
                            return self.class_registry(node, name, small.value)
                        return self.eval(small.value)
        for base in node.bases:
            parent = self.info.classes.get(dotted_name(base.value) or "")
            if parent is not None and parent is not node and depth < _MAX_BASES:
                return self._class_attribute(parent, name, depth + 1)
        return UNKNOWN

    def _classmethod_call(self, node: cst.ClassDef, method: str, call: cst.Call, env) -> Any:
        """``Search.as_tool()``: a ``@classmethod`` of a project class (or of one of its
        project bases) interpreted with ``cls`` bound to the class it was called on."""
        function = self._inherited(node, method)
        if function is None or not any(dotted_name(d.decorator) == "classmethod" for d in function.decorators):
            return UNKNOWN
        args, kwargs = self._arguments(call, env)
        if args is None:
            return UNKNOWN
        return self.call_function(function, [ClassRef(node), *args], kwargs)

    def _method_call(self, instance: ObjectValue, method: str, call: cst.Call, env) -> Any:
        """``h.declaration()`` on an object of a project class: its method (through project
        bases) interpreted with ``self`` bound to the object; an MCP object it returns is
        tagged with the object (:attr:`ObjectValue.holder`)."""
        function = self._inherited(instance.cls, method)
        decorators = {dotted_name(d.decorator) for d in function.decorators} if function is not None else set()
        if function is None or "property" in decorators:
            return UNKNOWN
        args, kwargs = self._arguments(call, env)
        if args is None:
            return UNKNOWN
        # `handler.get_prompts()` of a @staticmethod gets no object; a @classmethod its class
        first = [] if "staticmethod" in decorators else [ClassRef(instance.cls)] if "classmethod" in decorators \
            else [instance]
        value = self.call_function(function, [*first, *args], kwargs)
        if isinstance(value, ObjectValue) and value.kind != INSTANCE:
            return replace(value, holder=instance)
        return value

    def _inherited(self, node: cst.ClassDef, name: str, depth: int = 0) -> cst.FunctionDef | None:
        """The method ``name`` of the class ``node`` or of its nearest project base that has one."""
        if isinstance(node.body, cst.IndentedBlock):
            for statement in node.body.body:
                if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
                    return statement
        for base in node.bases:
            parent = self.info.classes.get(dotted_name(base.value) or "")
            if parent is not None and parent is not node and depth < _MAX_BASES:
                found = self._inherited(parent, name, depth + 1)
                if found is not None:
                    return found
        return None

    def framework_kind(self, node: cst.ClassDef, depth: int = 0) -> str | None:
        """``Prompt`` when the project class ``node`` derives, through project classes, from
        a framework ``Prompt`` class (qualified under ``fastmcp`` or ``mcp``), ``Tool`` when
        from fastmcp's ``Tool`` (see :data:`_SUBCLASSED_OBJECTS`); else None."""
        for base in node.bases:
            qualified = self.info.qualify(base.value) or ""
            kind = qualified.rsplit(".", 1)[-1]
            if qualified.split(".")[0] in _SUBCLASSED_OBJECTS.get(kind, ()):
                return kind
            parent = self.info.classes.get(dotted_name(base.value) or "")
            if parent is not None and parent is not node and depth < _MAX_BASES:
                found = self.framework_kind(parent, depth + 1)
                if found is not None:
                    return found
        return None

    def _arguments(self, node: cst.Call, env) -> tuple[list[Any] | None, dict[str, Any]]:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for arg in node.args:
            value = self._eval(arg.value, env)
            if arg.star == "*":
                if not isinstance(value, (list, tuple)):
                    return None, {}
                args.extend(value)
            elif arg.star == "**":
                if not isinstance(value, dict):
                    return None, {}
                kwargs.update(value)
            elif arg.keyword is not None:
                kwargs[arg.keyword.value] = value
            else:
                args.append(value)
        return args, kwargs

    def _comprehension(self, node, env) -> Any:
        results: list[Any] = []
        if not self._expand(node.for_in, dict(env), node.elt, results):
            return UNKNOWN
        return results

    def _dict_comprehension(self, node: cst.DictComp, env) -> Any:
        """``{name: {"type": "string"} for name in fields}`` (a schema helper's properties):
        evaluated as the list of its pairs; UNKNOWN when a key is no string or number."""
        pairs: list[Any] = []
        if not self._expand(node.for_in, dict(env), cst.Tuple([cst.Element(node.key), cst.Element(node.value)]),
                            pairs):
            return UNKNOWN
        if not all(isinstance(key, (str, int)) for key, _ in pairs):
            return UNKNOWN
        return dict(pairs)

    def _expand(self, clause: cst.CompFor, env: dict[str, Any], elt, results: list[Any]) -> bool:
        iterable = self._eval(clause.iter, env)
        if not isinstance(iterable, (list, tuple, str, dict)) or clause.asynchronous is not None:
            return False
        for item in iterable:
            scope = dict(env)
            if not bind_target(clause.target, item, scope):
                return False
            keep = True
            for condition in clause.ifs:
                outcome = self._eval(condition.test, scope)
                if outcome is UNKNOWN:
                    return False
                keep = keep and bool(outcome)
            if not keep:
                continue
            if clause.inner_for_in is not None:
                if not self._expand(clause.inner_for_in, scope, elt, results):
                    return False
            else:
                value = self._eval(elt, scope)
                if value is UNKNOWN:
                    return False
                results.append(value)
        return True

    # -- classes ------------------------------------------------------------------------
    def subclass_registry(self, owner: cst.ClassDef, attr: str) -> Any:
        """``owner.<attr>`` when ``owner.__init_subclass__`` fills it with the subclasses
        (:mod:`mcplint.model.subclass_hooks`): a list of :class:`ClassRef`, one per project
        subclass whose test passes; UNKNOWN when a test or the subclasses are not known; None
        when no hook fills it (the attribute is then read as usual)."""
        tests = registering_hook(owner, attr)
        if tests is None:
            return None
        subclasses = project_subclasses(self.info, owner)
        if subclasses is None:
            return UNKNOWN
        found: list[ClassRef] = []
        for cls, other in subclasses:
            if other is not None and self.info.adopt is not None:
                self.info.adopt(other)  # the subclass's own helpers resolve as in its module
            passed = [True if test is None else self.eval(test, {"cls": ClassRef(cls)}) for test in tests]
            if any(value is UNKNOWN for value in passed):
                return UNKNOWN
            if any(passed):
                found.append(ClassRef(cls))
        return found

    def class_registry(self, owner: cst.ClassDef, attr: str, literal: cst.BaseExpression | None) -> Any:
        """``Owner.<attr>`` (written ``{}`` or ``[]``) as its classmethods fill it while the
        project's modules are imported: ``register(cls, tool_class)`` storing ``cls._tools[
        tool.name] = tool_class()``, applied by a base class's ``__init_subclass__`` to each
        subclass (under its test) or as a class decorator (:mod:`mcplint.model.subclass_hooks`).
        UNKNOWN when a filling, a test or the classes are not known."""
        fillers = class_fillers(owner, attr)
        if not fillers or not isinstance(literal, (cst.Dict, cst.List)) or literal.elements:
            return UNKNOWN
        result: Any = {} if isinstance(literal, cst.Dict) else []
        for filler, statement in fillers:
            applied = filler_applications(self.info, owner, filler)
            if applied is None:
                return UNKNOWN
            for cls, other, tests in applied:
                if other is not None and self.info.adopt is not None:
                    self.info.adopt(other)
                passed = [True if test is None else self.eval(test, {"cls": ClassRef(cls)}) for test in tests or [None]]
                if any(value is UNKNOWN for value in passed):
                    return UNKNOWN
                if any(passed) and not self._fill_registry(filler, statement, [ClassRef(owner), ClassRef(cls)], result):
                    return UNKNOWN
        return result or UNKNOWN

    def _fill_registry(self, filler: cst.FunctionDef, statement: cst.BaseSmallStatement, args: list[Any],
                       result: Any) -> bool:
        """Run ``filler(*args)``'s top-level assignments up to ``statement`` and apply it to ``result``."""
        env = bind_arguments(filler, args, {}, self)
        if env is None:
            return False
        for line in suite_statements(filler.body):
            smalls = line.body if isinstance(line, cst.SimpleStatementLine) else ()
            if statement in smalls:
                break
            for small in smalls:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and not self.run_statement(small, env):
                    return False
        if isinstance(statement, cst.Assign):
            slice_ = statement.targets[0].target.slice[0].slice
            key = self.eval(slice_.value, env) if isinstance(slice_, cst.Index) else UNKNOWN
            value = self.eval(statement.value, env)
            if not isinstance(result, dict) or not isinstance(key, str) or value is UNKNOWN:
                return False
            result[key] = value
            return True
        value = self.eval(statement.value.args[0].value, env)
        if not isinstance(result, list) or value is UNKNOWN:
            return False
        result.append(value)
        return True

    def _class_constant(self, node: cst.ClassDef, name: str) -> Any:
        for statement in node.body.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and any(
                            isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets):
                        return self.eval(small.value)
        return UNKNOWN

    def _type_adapter_class(self, node: cst.BaseExpression) -> cst.ClassDef | None:
        """The project class of ``TypeAdapter(Cls)`` (pydantic), else None."""
        if not isinstance(node, cst.Call) or len(node.args) != 1 or node.args[0].keyword is not None:
            return None
        if (self.info.qualify(node.func) or "").rsplit(".", 1)[-1] != "TypeAdapter":
            return None
        cls = self.info.classes.get(dotted_name(node.args[0].value) or "")
        return cls if isinstance(cls, cst.ClassDef) else None

    def dataclass_schema(self, node: cst.ClassDef) -> Any:
        """The JSON schema ``TypeAdapter(Cls).json_schema()`` gives a ``@dataclass`` of this
        project (pydantic 2, ``TypeAdapter.json_schema``): a field is required when it has no
        default (neither ``= value`` nor ``field(default=...)`` / ``field(default_factory=...)``).
        Only ``properties`` and ``required``; UNKNOWN when the class has project bases."""
        if node.bases:
            return UNKNOWN
        properties: dict[str, Any] = {}
        required: list[str] = []
        for small in _field_statements(node):
            name = small.target.value
            properties[name] = {}
            value = small.value
            if value is None or (isinstance(value, cst.Call) and dotted_name(value.func) in ("field", "dataclasses.field")
                                 and not any(arg.keyword is not None and arg.keyword.value in ("default", "default_factory")
                                             for arg in value.args)):
                required.append(name)
        return ModelSchema({"type": "object", "properties": properties, "required": required}, node)

    def typeddict_total(self, node: cst.ClassDef) -> bool | None:
        """For a ``TypedDict`` class of the project (``class Args(TypedDict)``, also through a
        project base that is one, ``typing`` or ``typing_extensions``): whether its keys are
        required unless marked (``total=True``, the default); None for any other class."""
        for _ in range(_MAX_DEPTH):
            bases = [(self.info.qualify(b.value) or "").rsplit(".", 1)[-1] for b in node.bases]
            if "TypedDict" in bases:
                total = next((k.value for k in node.keywords if k.keyword is not None and k.keyword.value == "total"), None)
                return not (isinstance(total, cst.Name) and total.value == "False")
            parent = next((self.info.classes.get(dotted_name(b.value) or "") for b in node.bases
                           if dotted_name(b.value) in self.info.classes), None)
            if parent is None or len(node.bases) != 1:
                return None
            node = parent
        return None

    def typeddict_schema(self, node: cst.ClassDef, depth: int = 0) -> Any:
        """The JSON schema ``TypeAdapter(Args).json_schema()`` gives a project ``TypedDict``
        (pydantic 2): every annotated key is a property, required when the class is total and
        the key is not ``NotRequired[...]``, or when it is ``Required[...]`` in a ``total=False``
        class; a project ``TypedDict`` base adds its own keys by its own totality. UNKNOWN
        when a base is neither ``TypedDict`` nor a project ``TypedDict``."""
        total = self.typeddict_total(node)
        if total is None or depth > _MAX_DEPTH:
            return UNKNOWN
        properties: dict[str, Any] = {}
        required: list[str] = []
        for base in node.bases:
            if (self.info.qualify(base.value) or "").rsplit(".", 1)[-1] == "TypedDict":
                continue
            parent = self.info.classes.get(dotted_name(base.value) or "")
            inherited = self.typeddict_schema(parent, depth + 1) if parent is not None else UNKNOWN
            if inherited is UNKNOWN:
                return UNKNOWN
            properties.update(inherited["properties"])
            required.extend(inherited["required"])
        for small in _field_statements(node):
            name = small.target.value
            properties[name] = {}
            marker = _required_marker(small.annotation.annotation)
            if marker == "Required" or (total and marker != "NotRequired"):
                required.append(name)
        return ModelSchema({"type": "object", "properties": properties, "required": required}, node)

    def model_schema(self, node: cst.ClassDef, depth: int = 0) -> Any:
        """The JSON schema pydantic would give a module-local ``BaseModel`` subclass.

        Only ``properties`` and ``required`` are modelled: a field is required when it has no
        default (``Optional[X]`` without default included, as in pydantic v2); an
        ``alias=`` renames the property. UNKNOWN for anything that is not plainly a model.
        """
        properties: dict[str, Any] = {}
        required: list[str] = []
        for base in node.bases:
            base_name = dotted_name(base.value) or ""
            if base_name in self.info.classes and depth < _MAX_DEPTH:
                inherited = self.model_schema(self.info.classes[base_name], depth + 1)
                if inherited is UNKNOWN:
                    return UNKNOWN
                properties.update(inherited["properties"])
                required.extend(inherited["required"])
            elif (self.info.qualify(base.value) or "").rsplit(".", 1)[-1] != "BaseModel":
                return UNKNOWN
        renaming = self._alias_generator(node)
        for small in _field_statements(node):
            name, is_required = self._model_field(small, renaming)
            if name is UNKNOWN:
                return UNKNOWN
            properties[name] = {}
            if is_required:
                required.append(name)
        return ModelSchema({"type": "object", "properties": properties, "required": required}, node)

    def model_fields(self, node: cst.ClassDef, depth: int = 0) -> tuple[str, list[tuple[str, bool, Any]]] | None:
        """The fields a module-local pydantic model, dataclass or ``typing.NamedTuple`` takes
        from a mapping.

        Returns ``(kind, fields)``: ``kind`` is ``pydantic``, ``dataclass`` or ``namedtuple``
        (constructed like a dataclass: a field without a default is a required parameter of
        the class, Python ``typing.NamedTuple``); each field is
        ``(key, required, default)`` with ``key`` the name a caller's mapping must use (a
        pydantic ``alias=``) and ``default`` the evaluated default (UNKNOWN when not
        evaluable, None for ``None`` or a ``default_factory``). None for any other class,
        or one whose bases cannot all be read.
        """
        makers = [d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator for d in node.decorators]
        kind = "dataclass" if any((dotted_name(m) or "").rsplit(".", 1)[-1] == "dataclass" or self._attrs_maker(m)
                                  for m in makers) else None
        if kind and any((self.info.qualify(m) or "").startswith("pydantic.") for m in makers):
            kind = "pydantic"  # `@pydantic.dataclasses.dataclass`: validated, a missing field is a ValidationError
        fields: dict[str, tuple[str, bool, Any]] = {}
        for base in node.bases:
            base_name = dotted_name(base.value) or ""
            if base_name in self.info.classes and depth < _MAX_DEPTH:
                inherited = self.model_fields(self.info.classes[base_name], depth + 1)
                if inherited is None:
                    return None
                kind = kind or inherited[0]
                for entry in inherited[1]:
                    fields[entry[0]] = entry
            elif (self.info.qualify(base.value) or "").rsplit(".", 1)[-1] == "BaseModel":
                kind = kind or "pydantic"
            elif (self.info.qualify(base.value) or "") in ("typing.NamedTuple", "NamedTuple") and not node.decorators:
                kind = "namedtuple"
            elif (self.info.qualify(base.value) or "") in _STRUCT_BASES:
                kind = kind or "dataclass"  # `msgspec.Struct`: built like a dataclass, a missing field fails
            elif kind not in ("dataclass", "pydantic") or not makers:
                return None
        if kind is None:
            return None
        renaming = self._alias_generator(node) if kind == "pydantic" else None
        for small in _field_statements(node):
            key, required = self._model_field(small, renaming)
            if key is UNKNOWN:
                return None
            value = small.value if small.value is not None else self._annotated_field(small.annotation.annotation)
            fields[key] = (key, required, UNKNOWN if required else self._field_default(value))
        return kind, list(fields.values())

    def _attrs_maker(self, maker: cst.BaseExpression) -> bool:
        """``@attrs.define`` / ``@attr.s`` / ``@define`` (from attrs) and their frozen and mutable
        forms: the class takes its fields as a dataclass does (attrs ``define``: a field
        without a default is a required ``__init__`` parameter)."""
        qualified = self.info.qualify(maker) or ""
        root, _, last = qualified.rpartition(".")
        return root.split(".", 1)[0] in ("attr", "attrs") and last in _ATTRS_MAKERS

    def namedtuple_fields(self, node: cst.ClassDef) -> tuple[str, ...] | None:
        """``C._fields`` of a project ``typing.NamedTuple``: its field names in order; None for
        another class. Source: CPython ``Lib/typing.py`` ``NamedTuple`` (``collections.namedtuple``)."""
        described = self.model_fields(node)
        if described is None or described[0] != "namedtuple":
            return None
        return tuple(key for key, _, _ in described[1])

    def dataclass_fields(self, node: cst.ClassDef, call: cst.Call) -> Any:
        """``dataclasses.fields(C)`` of a project dataclass: one ``Field`` object per field, in
        order, with its ``name`` (and ``default`` when evaluable); UNKNOWN for another class.
        Source: CPython ``Lib/dataclasses.py`` ``fields()`` (a tuple of ``Field``)."""
        found = self.model_fields(node)
        if found is None or found[0] != "dataclass":
            return UNKNOWN
        return tuple(ObjectValue("Field", {"name": key, "default": default}, call) for key, _, default in found[1])

    def pydantic_fields(self, node: cst.ClassDef) -> Any:
        """``C.model_fields`` of a project pydantic model: a dict keyed by its field names (the
        values, pydantic ``FieldInfo`` objects, unknown). UNKNOWN for another class, or one
        renaming its keys (``alias=``, an alias generator: the attribute names are then not the
        keys a caller sends). Source: pydantic 2 ``BaseModel.model_fields``."""
        found = self.model_fields(node)
        if found is None or found[0] != "pydantic" or self._alias_generator(node) is not None \
                or any(isinstance(inner, cst.Arg) and inner.keyword is not None and "alias" in inner.keyword.value
                       for inner in walk(node.body)):
            return UNKNOWN
        return {key: UNKNOWN for key, _, _ in found[1]}

    def _annotated_field(self, annotation: cst.BaseExpression) -> cst.Call | None:
        """The ``Field(...)`` call inside ``Annotated[T, Field(...)]``, if any."""
        if not isinstance(annotation, cst.Subscript) or (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] != "Annotated":
            return None
        for element in annotation.slice[1:]:
            value = element.slice.value if isinstance(element.slice, cst.Index) else None
            if isinstance(value, cst.Call) and (self.info.qualify(value.func) or "").rsplit(".", 1)[-1] == "Field":
                return value
        return None

    def _field_default(self, value: cst.BaseExpression) -> Any:
        """The default of ``x: str = "a"`` / ``Field("a")`` / ``Field(default="a")`` / ``field(default="a")``."""
        if isinstance(value, cst.Call) and (self.info.qualify(value.func) or dotted_name(value.func) or "").rsplit(
                ".", 1)[-1] in ("Field", "field", "ib", "attrib"):
            for arg in value.args:
                if arg.keyword is not None and arg.keyword.value == "default":
                    return self.eval(arg.value)
                if arg.keyword is not None and arg.keyword.value in ("default_factory", "factory"):
                    # `list`/`dict`: a fresh empty value, treated like a None default; any other
                    # factory (`uuid4`, `lambda: ...`) makes a value the caller never sent
                    return None if (dotted_name(arg.value) or "") in _EMPTY_FACTORIES else UNKNOWN
            positional = [arg.value for arg in value.args if arg.keyword is None]
            return self.eval(positional[0]) if positional else UNKNOWN
        return self.eval(value)

    def _model_field(self, field: cst.AnnAssign, renaming: Any = None) -> tuple[Any, bool]:
        """(the key a caller's mapping uses for ``field``, whether it is required). The key is
        the field's ``validation_alias`` or ``alias`` when given, else ``renaming`` (the
        model's alias generator, see :meth:`_alias_generator`) applied to its name; UNKNOWN
        when an alias or the generator cannot be evaluated (never the name as a guess)."""
        name = field.target.value
        # `x: Annotated[int, Field(default=5)]`: the Field call carries alias and default
        value = field.value if field.value is not None else self._annotated_field(field.annotation.annotation)
        generated = UNKNOWN if renaming is UNKNOWN else renaming(name) if renaming is not None else name
        if value is None:
            return generated, True
        maker = (self.info.qualify(value.func) or "").rsplit(".", 1)[-1] if isinstance(value, cst.Call) else ""
        if maker in ("field", "ib", "attrib") and (self.info.qualify(value.func) or "").split(".", 1)[0] in (
                "dataclasses", "attr", "attrs"):
            # `dataclasses.field(metadata=...)` / `attrs.field(validator=...)` without a default: required
            keywords = {arg.keyword.value for arg in value.args if arg.keyword is not None}
            return generated, not keywords & {"default", "default_factory", "factory"}
        if maker == "Field":
            keywords = {arg.keyword.value: arg.value for arg in value.args if arg.keyword is not None}
            positional = [arg.value for arg in value.args if arg.keyword is None]
            has_default = "default" in keywords or "default_factory" in keywords or (
                bool(positional) and not isinstance(positional[0], cst.Ellipsis))
            for option in ("validation_alias", "alias"):  # pydantic validates by the first
                if option in keywords:
                    alias = self.eval(keywords[option])
                    return (alias if isinstance(alias, str) else UNKNOWN), not has_default
            return generated, not has_default
        return generated, False

    def _alias_generator(self, node: cst.ClassDef, depth: int = 0) -> Any:
        """The alias generator a pydantic model (or a project base of it) configures: None
        when it sets none, the function for pydantic's own ``to_camel`` / ``to_pascal`` /
        ``to_snake`` (``pydantic/alias_generators.py``, pydantic 2.x), UNKNOWN for any other
        (a lambda, ``AliasGenerator``) or a configuration that cannot be read. Looked for in
        the class keywords, ``model_config = ConfigDict(...)`` / ``{...}`` and ``class Config``."""
        for keyword in node.keywords:
            if keyword.keyword is not None and keyword.keyword.value == "alias_generator":
                return self._known_generator(keyword.value)
        for statement in node.body.body:
            if isinstance(statement, cst.ClassDef) and statement.name.value == "Config":
                for small in _assignments(statement):
                    if _assigned_name(small) == "alias_generator":
                        return self._known_generator(small.value)
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if _assigned_name(small) != "model_config" or small.value is None:
                    continue
                options = _config_options(small.value)
                if options is None:
                    return UNKNOWN
                if "alias_generator" in options:
                    return self._known_generator(options["alias_generator"])
        for base in node.bases:
            base_name = dotted_name(base.value) or ""
            if base_name in self.info.classes and depth < _MAX_DEPTH:
                inherited = self._alias_generator(self.info.classes[base_name], depth + 1)
                if inherited is not None:
                    return inherited
        return None

    def _known_generator(self, node: cst.BaseExpression) -> Any:
        name = (self.info.qualify(node) or dotted_name(node) or "").rsplit(".", 1)[-1]
        if isinstance(node, cst.Name) and node.value == "None":
            return None
        return _ALIAS_GENERATORS.get(name, UNKNOWN) if (self.info.qualify(node) or "").startswith("pydantic") \
            else UNKNOWN

    # -- helper bodies ------------------------------------------------------------------
    def _run_body(self, body: cst.BaseSuite, env: dict[str, Any]) -> Any:
        if not isinstance(body, cst.IndentedBlock):
            return UNKNOWN
        for statement in body.body:
            if isinstance(statement, cst.FunctionDef) and _plain_closure(statement, env):
                env[statement.name.value] = FunctionRef(statement)  # `def handle(arguments): ...` then `return handle`
                continue
            if not isinstance(statement, cst.SimpleStatementLine):
                return UNKNOWN  # branches and loops: not worth modelling here
            for small in statement.body:
                outcome = self._run_small(small, env)
                if outcome is not None:
                    return outcome[0]
        return None

    def _run_small(self, small: cst.BaseSmallStatement, env: dict[str, Any]) -> tuple[Any] | None:
        if isinstance(small, cst.Return):
            return (self.eval(small.value, env) if small.value is not None else None,)
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            if not bind_target(small.targets[0].target, self.eval(small.value, env), env):
                return (UNKNOWN,)
            return None
        if isinstance(small, cst.AnnAssign) and small.value is not None:
            if not bind_target(small.target, self.eval(small.value, env), env):
                return (UNKNOWN,)
            return None
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            op = cst.BinaryOperation(left=small.target, operator=cst.Add(), right=small.value)
            if not isinstance(small.operator, cst.AddAssign):
                return (UNKNOWN,)
            env[small.target.value] = self.eval(op, env)
            return None
        if isinstance(small, (cst.Expr, cst.Pass)):
            return None
        return (UNKNOWN,)




def _init_value(cls: cst.ClassDef, name: str) -> cst.BaseExpression | None:
    """The value ``__init__`` writes to ``self.<name>`` at its top level (the first one)."""
    init = next((s for s in suite_statements(cls.body) if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
                None)
    for statement in suite_statements(init.body) if init is not None else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and any(dotted_name(t.target) == f"self.{name}" for t in small.targets):
                return small.value
            if isinstance(small, cst.AnnAssign) and dotted_name(small.target) == f"self.{name}":
                return small.value
    return None


def _names_read(node: cst.BaseExpression) -> set[str]:
    return {inner.value for inner in walk(node) if isinstance(inner, cst.Name)}


def _plain_closure(function: cst.FunctionDef, env: dict[str, Any]) -> bool:
    """Whether a ``def`` nested in a factory being interpreted is itself the value a handler
    table keeps (``HANDLERS = {"search": make_search(10)}``): undecorated, and made by a
    factory that was handed no function or class. A factory handed one is a decorator, whose
    nested wrapper stands for the function it wraps and is followed as such elsewhere
    (``flow.inline_wrapper``)."""
    return not function.decorators and not any(isinstance(value, (FunctionRef, ClassRef)) for value in env.values())


#: In :func:`case_values`: a case pattern other than a value, an or-pattern or a catch-all.
OTHER_PATTERN: Any = object()


def _to_pascal(snake: str) -> str:
    return re.sub("([0-9A-Za-z])_(?=[0-9A-Z])", lambda m: m.group(1), snake.title())


def _to_camel(snake: str) -> str:
    if re.match("^[a-z]+[A-Za-z0-9]*$", snake) and not re.search(r"\d[a-z]", snake):
        return snake
    return re.sub("(^_*[A-Z])", lambda m: m.group(1).lower(), _to_pascal(snake))


def _to_snake(camel: str) -> str:
    snake = re.sub(r"([A-Z]+)([A-Z][a-z])", lambda m: f"{m.group(1)}_{m.group(2)}", camel)
    snake = re.sub(r"([a-z])([A-Z])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    snake = re.sub(r"([0-9])([A-Z])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    snake = re.sub(r"([a-z])([0-9])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    return snake.replace("-", "_").lower()


#: pydantic's alias generators, as pydantic 2.x writes them (``pydantic/alias_generators.py``).
_ALIAS_GENERATORS = {"to_camel": _to_camel, "to_pascal": _to_pascal, "to_snake": _to_snake}


def _assigned_name(small: cst.CSTNode) -> str | None:
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target.value
    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
        return small.target.value
    return None


def _assignments(node: cst.ClassDef) -> Iterator[cst.CSTNode]:
    for statement in node.body.body:
        if isinstance(statement, cst.SimpleStatementLine):
            yield from statement.body


def _config_options(value: cst.BaseExpression) -> dict[str, cst.BaseExpression] | None:
    """The options of ``ConfigDict(k=v, ...)`` or ``{"k": v, ...}`` by name; None for any
    other value (a constant defined elsewhere: what it sets is not read)."""
    if isinstance(value, cst.Call):
        if any(arg.keyword is None for arg in value.args):
            return None
        return {arg.keyword.value: arg.value for arg in value.args}
    if isinstance(value, cst.Dict):
        options = {}
        for element in value.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                return None
            options[element.key.evaluated_value] = element.value
        return options
    return None


def _is_dataclass(node: cst.ClassDef) -> bool:
    """Whether a class is decorated ``@dataclass`` / ``@dataclasses.dataclass(...)`` /
    ``@pydantic.dataclasses.dataclass``."""
    for decorator in node.decorators:
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if (dotted_name(target) or "").rsplit(".", 1)[-1] == "dataclass":
            return True
    return False


def class_annotations(node: cst.ClassDef) -> dict[str, Any]:
    """``Cls.__annotations__``: the names the class body itself annotates, in order (a base's
    are not included, as in Python), each value unknown."""
    found: dict[str, Any] = {}
    for statement in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                found[small.target.value] = UNKNOWN
    return found


#: What ``vars(Cls)`` holds besides the body's own bindings (a plain class, CPython 3.10+).
_CLASS_DUNDERS = ("__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__annotations__")


def class_namespace(node: cst.ClassDef) -> dict[str, Any]:
    """``vars(Cls)``: the names the class body binds with a value (assignments, annotated
    assignments with a value, functions, classes) and the dunders Python adds; each value
    unknown. An annotation without a value binds nothing."""
    found: dict[str, Any] = dict.fromkeys(_CLASS_DUNDERS, UNKNOWN)
    for statement in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            found[statement.name.value] = UNKNOWN
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
                found[small.target.value] = UNKNOWN
            elif isinstance(small, cst.Assign):
                for target in small.targets:
                    if isinstance(target.target, cst.Name):
                        found[target.target.value] = UNKNOWN
    return found


def _required_marker(annotation: cst.BaseExpression) -> str | None:
    """``"NotRequired"`` / ``"Required"`` for ``NotRequired[T]`` / ``Required[T]`` (any
    module prefix, also inside ``Annotated[...]``), else None."""
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        if head in ("NotRequired", "Required"):
            return head
        if head == "Annotated" and annotation.slice and isinstance(annotation.slice[0].slice, cst.Index):
            return _required_marker(annotation.slice[0].slice.value)
    return None


#: attrs class makers (attrs 22+: ``attrs.define``/``frozen``/``mutable``; classic ``attr.s``).
_ATTRS_MAKERS = frozenset({"define", "frozen", "mutable", "s", "attrs", "dataclass"})
#: Bases whose subclasses are built from their annotated fields like a dataclass (msgspec 0.18).
_STRUCT_BASES = frozenset({"msgspec.Struct"})
#: Factories that make an empty container or string (treated like a None default).
_EMPTY_FACTORIES = frozenset({"list", "dict", "set", "tuple", "str", "frozenset"})


def _field_statements(node: cst.ClassDef) -> Iterator[cst.AnnAssign]:
    """The annotated fields a model class body declares (``ClassVar`` and ``model_config`` excluded)."""
    for statement in node.body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) \
                    and "ClassVar" not in (dotted_name(small.annotation.annotation) or "") \
                    and small.target.value != "model_config":
                yield small


def case_values(evaluator: Evaluator, pattern: cst.MatchPattern) -> list[Any] | None:
    """What a ``case`` pattern compares the subject with: None for a catch-all (``case _``,
    ``case name``); else one entry per alternative: the evaluated value of a value pattern
    (UNKNOWN when not evaluable), :data:`OTHER_PATTERN` for any other kind of pattern."""
    if isinstance(pattern, cst.MatchValue):
        return [evaluator.eval(pattern.value)]
    if isinstance(pattern, cst.MatchOr):
        values: list[Any] = []
        for element in pattern.patterns:
            inner = case_values(evaluator, element.pattern)
            if inner is None:
                return None
            values.extend(inner)
        return values
    if isinstance(pattern, cst.MatchAs) and pattern.pattern is None:
        return None
    return [OTHER_PATTERN]


def bind_arguments(function: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any], evaluator: Evaluator | None = None) -> dict[str, Any] | None:
    """Bind call values to a function's parameters like Python does; None if they do not fit."""
    params = function.params
    env: dict[str, Any] = {}
    positional = list(params.posonly_params) + list(params.params)
    remaining = list(args)
    for param in positional:
        name = param.name.value
        if remaining:
            env[name] = remaining.pop(0)
        elif name in kwargs:
            env[name] = kwargs.pop(name)
        elif param.default is not None:
            env[name] = evaluator.eval(param.default) if evaluator else UNKNOWN
        else:
            return None
    star = params.star_arg
    if isinstance(star, cst.Param):
        env[star.name.value] = tuple(remaining)
    elif remaining:
        return None
    for param in params.kwonly_params:
        name = param.name.value
        if name in kwargs:
            env[name] = kwargs.pop(name)
        elif param.default is not None:
            env[name] = evaluator.eval(param.default) if evaluator else UNKNOWN
        else:
            return None
    if params.star_kwarg is not None:
        env[params.star_kwarg.name.value] = dict(kwargs)
    elif kwargs:
        return None
    return env


def _dataclass_fields(node: cst.ClassDef) -> list[str] | None:
    """The field names of a ``@dataclass`` class body in order (None for another class)."""
    if not any((dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
               .rsplit(".", 1)[-1] == "dataclass" for d in node.decorators):
        return None
    return [small.target.value for small in _field_statements(node)]


_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "add", "pop", "remove", "clear"})


def _changed_by_methods(node: cst.ClassDef, name: str) -> bool:
    """Whether a method of the class changes its class attribute ``name`` in place
    (``cls._prompts[key] = prompt``, ``self.items.append(x)``, ``Registry.items.update(...)``):
    a registry whose literal is not its value."""
    owners = {f"cls.{name}", f"self.{name}", f"{node.name.value}.{name}"}
    return not owners.isdisjoint(_changed_in_methods(node))


_CHANGED_IN_METHODS: dict = {}  # memo of _changed_in_methods, by class


def _changed_in_methods(node: cst.ClassDef) -> frozenset[str]:
    """The dotted names the class's methods change in place: subscript-assigned
    (``cls._prompts[key] = ...``) or called with a mutator (``self.items.append(x)``).
    Memoised per class: an attribute's value is asked about for each name, and each answer
    was a walk of every method (about 2 % of a cold run)."""
    def index() -> frozenset[str]:
        changed: set[str | None] = set()
        for statement in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
            if not isinstance(statement, cst.FunctionDef):
                continue
            for inner in walk(statement.body):
                if isinstance(inner, cst.AssignTarget) and isinstance(inner.target, cst.Subscript):
                    changed.add(dotted_name(inner.target.value))
                elif isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) \
                        and inner.func.attr.value in _MUTATORS:
                    changed.add(dotted_name(inner.func.value))
        changed.discard(None)
        return frozenset(changed)
    return memo_by_node(_CHANGED_IN_METHODS, node, index, limit=256)


def _assigns_in_methods(node: cst.ClassDef, name: str, skip_init: bool = False) -> bool:
    """Whether a method of the class (other than ``__init__`` with ``skip_init``) assigns ``self.<name>``."""
    wanted = f"self.{name}"
    return any(wanted in targets for method, targets in _method_assign_targets(node)
               if not (skip_init and method == "__init__"))


_ASSIGN_TARGETS: dict = {}  # memo of _method_assign_targets, by class


def _method_assign_targets(node: cst.ClassDef) -> tuple[tuple[str, frozenset[str | None]], ...]:
    """Each method of the class (by name, in order) with the dotted names of the assignment
    targets in its body. Memoised per class: an attribute's value is asked about for each
    name, and each answer was a walk of every method."""
    def index() -> tuple[tuple[str, frozenset[str | None]], ...]:
        return tuple((statement.name.value,
                      frozenset(dotted_name(inner.target) for inner in walk(statement.body)
                                if isinstance(inner, cst.AssignTarget)))
                     for statement in (node.body.body if isinstance(node.body, cst.IndentedBlock) else ())
                     if isinstance(statement, cst.FunctionDef))
    return memo_by_node(_ASSIGN_TARGETS, node, index, limit=256)


def _names_bound(target: cst.BaseExpression) -> Iterator[str]:
    """The plain names an assignment or loop target binds."""
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _names_bound(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _names_bound(target.value)


def bind_target(target: cst.BaseExpression, value: Any, env: dict[str, Any]) -> bool:
    """Bind ``value`` to an assignment or loop target (a name or nested tuple/list of names)
    in ``env`` like Python unpacks; False when the shapes do not fit or are unknown."""
    if isinstance(target, cst.Name):
        env[target.value] = value
        return True
    if isinstance(target, (cst.Tuple, cst.List)):
        if not isinstance(value, (list, tuple)) or len(value) != len(target.elements):
            return False
        return all(bind_target(el.value, item, env) for el, item in zip(target.elements, value))
    return False


def _compare(operator: cst.BaseCompOp, left: Any, right: Any) -> Any:
    if isinstance(operator, cst.Equal):
        return left == right
    if isinstance(operator, cst.NotEqual):
        return left != right
    if isinstance(operator, (cst.In, cst.NotIn)):
        if not isinstance(right, (list, tuple, dict, str)):
            return UNKNOWN
        if isinstance(right, str) and not isinstance(left, str):
            return UNKNOWN
        inside = left in right
        return inside if isinstance(operator, cst.In) else not inside
    if isinstance(operator, cst.Is):
        return left is right if left is None or right is None else UNKNOWN
    if isinstance(operator, cst.IsNot):
        return left is not right if left is None or right is None else UNKNOWN
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return {cst.LessThan: left < right, cst.GreaterThan: left > right,
                cst.LessThanEqual: left <= right, cst.GreaterThanEqual: left >= right}.get(type(operator), UNKNOWN)
    return UNKNOWN


_COPIERS = frozenset({"copy.copy", "copy.deepcopy", "collections.OrderedDict"})


def _copied_table(qualified: str, name: str | None, args: list, kwargs: dict) -> Any:
    """A new dict whose entries are known before the caller's are put in: ``copy.deepcopy(BASE)``,
    ``copy.copy(BASE)``, ``OrderedDict(BASE)`` (a copy of a known dict) and
    ``dict.fromkeys(NAMES, value)`` (every listed key mapped to one value, None when omitted);
    UNKNOWN for anything else. (Python ``copy``, ``collections.OrderedDict``, ``dict.fromkeys``.)"""
    if qualified in _COPIERS and len(args) == 1 and not kwargs and isinstance(args[0], dict):
        return dict(args[0])
    if (name == "dict.fromkeys" or qualified.endswith("OrderedDict.fromkeys")) and 1 <= len(args) <= 2 \
            and not kwargs and isinstance(args[0], (list, tuple, dict)) and all(isinstance(k, str) for k in args[0]):
        return dict.fromkeys(args[0], args[1] if len(args) == 2 else None)
    return UNKNOWN


def _isinstance(value: Any, type_node: cst.BaseExpression) -> Any:
    names = []
    if isinstance(type_node, cst.Tuple):
        names = [dotted_name(el.value) for el in type_node.elements]
    else:
        names = [dotted_name(type_node)]
    builtin = {"str": str, "int": int, "float": float, "bool": bool, "list": list, "dict": dict, "tuple": tuple}
    if value is UNKNOWN or any(name not in builtin for name in names):
        return UNKNOWN
    return isinstance(value, tuple(builtin[name] for name in names))
