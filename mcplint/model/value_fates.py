"""Where a value goes: whether an argument's value can reach anything that affects what the
handler returns or does.

A value is *used* when it can reach a render or a return, a branch that changes the result, a
call into a library or any callee the model cannot see, a stored state (an attribute, an item
of a container), or anything else this module does not know. It is *without effect* when every
path of the value ends in one of a few known dead ends:

- ``discarded``: an expression statement (``canonical_unit(unit)`` whose result nobody keeps);
- ``logged``: an argument of a logging call (``log.debug(...)``, ``print``, ``warnings.warn``,
  the client log of a ``Context``: ``await ctx.info(...)``) in the function that reads it,
  which changes nothing returned (in a callee, a function that only logs what it is handed
  stands in for a side effect: a stub of a send or a write, so that is a use);
- ``deleted``: ``del tone``;
- ``overwritten``: a local bound from it (``header = f"...{tone}"``) is bound anew on every
  path before anything loads it, or never loaded at all;
- ``inert branch``: the test of an ``if`` whose branches only log or pass;
- ``validated``: the test of an ``if`` that checks the value's content and only raises
  (``if depth not in DEPTHS: raise ...``): the value is checked, never used;
- ``unread parameter``: a parameter of a project function (at most :data:`MAX_DEPTH` calls
  down, in any module of the project, methods of project classes included) whose own value is
  without effect; a callee that hands it back (``return f"..{p}"``) passes the question to
  what the caller does with the call's result.

The value is followed, not the name: through the expressions that compute from it
(f-strings, operators, method calls on it, conversions by builtins, containers written in
place), into the locals it is assigned to, and into the parameters of project calls. Anything
else is "may be used" (None), so the judgement errs on the side of silence.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.dead_parameters import overwritten_after, overwritten_parameter
from mcplint.model.instance_types import attribute_class, bound_class, class_method
from mcplint.model.module_info import dotted_name, fast_children, memo_by_node

MAX_DEPTH = 3  # project calls followed below the handler (budget: deeper keeps the value)

#: Expressions whose value is computed from their operands: a value in one flows into it.
_CARRIERS = (
    cst.BinaryOperation, cst.UnaryOperation, cst.BooleanOperation, cst.Comparison, cst.ComparisonTarget,
    cst.FormattedStringExpression, cst.FormattedString, cst.ConcatenatedString, cst.Tuple, cst.List,
    cst.Set, cst.Element, cst.StarredElement, cst.Await, cst.Dict, cst.DictElement, cst.ListComp,
    cst.SetComp, cst.GeneratorExp, cst.DictComp, cst.CompFor, cst.CompIf, cst.IfExp,
)
#: Builtins whose result is computed from their arguments alone (no effect of their own).
_PURE_BUILTINS = frozenset({
    "str", "int", "float", "bool", "len", "repr", "sorted", "list", "tuple", "set", "frozenset", "dict",
    "min", "max", "abs", "round", "format", "isinstance", "reversed", "enumerate", "zip", "sum", "any", "all",
})
#: Methods of strings and mappings that compute a result and change nothing (a value that is
#: the receiver of any other method call may act through it: a use).
_PURE_METHODS = frozenset({
    "lower", "upper", "strip", "lstrip", "rstrip", "title", "capitalize", "casefold", "split", "rsplit",
    "splitlines", "replace", "startswith", "endswith", "format", "join", "encode", "decode", "zfill",
    "removeprefix", "removesuffix", "isdigit", "isnumeric", "isalpha", "isalnum", "find", "count",
    "get", "keys", "values", "items", "copy",
})
#: Method names of a logger (``logging``, structlog, loguru) and of a ``Context``'s client log.
_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "trace"})
#: Receivers spelt as loggers: the last part of the dotted name, lower-cased.
_LOGGER_NAMES = frozenset({"log", "logger", "_log", "_logger", "logging", "ctx", "context", "structlog", "loguru"})
#: Literals whose methods compute a result from their arguments and change nothing else.
_LITERALS = (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})

Fate = tuple  # ((reason, node), ...) of the dead ends a value reaches; None: it may be used


def parameter_fate(function: cst.FunctionDef, name: str, info, *, returned_is_effect: bool = True) -> Fate | None:
    """The dead ends every load of parameter ``name`` of ``function`` reaches (see the module
    docstring), or None when the value may be used. ``info``: the function's module
    bindings (calls resolve against its project module). A function that reads none of its
    other parameters (a placeholder returning canned data), a decorated one (a wrapper may
    consume the parameter) or one that reads its locals dynamically keeps every parameter.
    With ``returned_is_effect`` (a handler: what it returns is the result), a value that
    reaches a ``return`` is used."""
    fate = memo_by_node(_PARAMETER_FATES, function, lambda: _Follow(info).parameter(function, name, 0),
                        extra=name, limit=256)
    if fate is None or (returned_is_effect and any(reason == "returned" for reason, _ in fate)):
        return None
    return fate


_PARAMETER_FATES: dict = {}


def node_fate(function: cst.FunctionDef, node: cst.CSTNode, info) -> Fate | None:
    """The dead ends the value of expression ``node`` (written in ``function``, a handler or a
    helper it calls: a ``return`` counts as a use) reaches, or None when it may be used."""
    follow = _Follow(info)
    if follow.blocked(function):
        return None
    fate = follow.node(function, node, 0)
    if fate is None or any(reason == "returned" for reason, _ in fate):
        return None
    return fate


def deleted_unread(function: cst.FunctionDef, name: str) -> cst.Del | None:
    """The ``del name`` statement of ``function`` (nested scopes apart) when nothing in it
    loads ``name``: where a parameter deleted unread ends (``del timeline  # TODO``)."""
    if not isinstance(function, cst.FunctionDef) or name in _loads(function):
        return None
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Del) and any(n.value == name for n in _names(node.target)):
            return node
        if not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            stack.extend(fast_children(node, tokens=False))
    return None


#: Which dead end a finding is placed at when a value reaches several: the one that decides
#: most (a branch that only logs before the log line in it).
_SITE_ORDER = ("inert branch", "validated", "discarded", "overwritten", "deleted", "unread parameter", "logged")


def end_site(fate: Fate) -> cst.CSTNode:
    """The node where the value of ``fate`` ends, for the finding (see :data:`_SITE_ORDER`)."""
    rank = {reason: index for index, reason in enumerate(_SITE_ORDER)}
    return min(fate, key=lambda end: rank.get(end[0], len(rank)))[1]


def describe(fate: Fate) -> str:
    """Words for where a value without effect ends (for a finding's message)."""
    words = {"discarded": "computed into a result nobody keeps", "logged": "only logged",
             "deleted": "deleted unread", "overwritten": "assigned to a name that is overwritten or never read",
             "inert branch": "only tested by a branch that merely logs",
             "unread parameter": "handed to a parameter that nothing reads",
             "validated": "checked by a test that can only reject it",
             "left out of the model's dump": "left out, by an include/exclude list, of every dump of the model "
                                             "that holds it"}
    reasons = list(dict.fromkeys(reason for reason, _ in fate))
    return " or ".join(words.get(reason, reason) for reason in reasons) or "never used"


class _Follow:
    """One judgement: the module bindings and the (function, name) pairs already on the path
    (a value assigned back to its own name adds nothing new)."""

    def __init__(self, info) -> None:
        self.info = info
        self.visiting: set[tuple[int, str]] = set()
        self.homes: dict[int, tuple] = {}  # id(method) -> (method, the module defining its class)

    def blocked(self, function: cst.FunctionDef) -> bool:
        """Functions whose names the model cannot follow: ``locals()``/``eval`` readers."""
        return not _loaded_names(function)[0].isdisjoint(_DYNAMIC)

    def parameter(self, function: cst.FunctionDef, name: str, depth: int) -> Fate | None:
        if depth > MAX_DEPTH or not _plainly_defined(function, depth) or self.blocked(function) or _is_stub(function):
            return None
        params = function.params
        others = {p.name.value for p in (*params.params, *params.kwonly_params)} - {name, "self", "cls"}
        loaded, declared = _loaded_names(function)
        param = next((p for p in (*params.params, *params.kwonly_params) if p.name.value == name), None)
        if param is None or name in declared:
            return None
        if name not in loaded or overwritten_parameter(function, name) is not None:
            # a function reading none of its inputs is a placeholder returning canned data
            return (("unread parameter", param),) if not loaded.isdisjoint(others) else None
        return self.name(function, name, None, depth, param)

    def name(self, function: cst.FunctionDef, name: str, statement, depth: int, place) -> Fate | None:
        """Every load of local ``name`` in ``function``; ``statement`` binds it (None: a
        parameter). A load inside a nested function or lambda may run anywhere: used."""
        key = (id(function), name)
        if key in self.visiting:
            return ()
        if statement is not None and overwritten_after(function, statement, name) is not None:
            return (("overwritten", statement),)
        loads = _loads(function).get(name, []) if statement is None else _reachable_loads(function, statement, name)
        if not loads:
            return (("overwritten", statement),) if statement is not None else (("unread parameter", place),)
        self.visiting.add(key)
        try:
            fates: list = []
            for load in loads:
                fate = self.node(function, load, depth)
                if fate is None:
                    return None
                fates.extend(fate)
            return tuple(dict.fromkeys(fates))
        finally:
            self.visiting.discard(key)

    def node(self, function: cst.FunctionDef, node: cst.CSTNode, depth: int) -> Fate | None:
        """Follow the value of ``node`` up through the expressions computed from it to the
        statement or call that consumes it."""
        parents = _parents(function)
        child = node
        tested = True  # the value itself, or its negation: a test of it is a test of its truth
        while True:
            parent = parents.get(id(child))
            if parent is None or isinstance(parent, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return None
            tested = tested and (isinstance(parent, (cst.UnaryOperation, cst.BooleanOperation, cst.If))
                                 or _equality(parent))
            if isinstance(parent, _CARRIERS) and not (isinstance(parent, cst.IfExp) and child is parent.test):
                child = parent
            elif isinstance(parent, cst.Attribute) and child is parent.value:
                called = parents.get(id(parent))
                if isinstance(called, cst.Call) and called.func is parent and parent.attr.value not in _PURE_METHODS:
                    return None  # `transport.send(msg)`: a method of the value may act on the world
                child = parent  # `unit.lower()` (the call's result carries it), `opts.depth`
            elif isinstance(parent, cst.Call) and child is parent.func:
                child = parent
            elif isinstance(parent, cst.Subscript) and child is parent.value:
                child = parent  # `parts[0]`
            elif isinstance(parent, cst.Arg):
                return self.argument(function, parents, parent, depth)
            elif isinstance(parent, cst.Expr):
                return (("discarded", parent),)
            elif isinstance(parent, cst.Return):
                return (("returned", parent),)
            elif isinstance(parent, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and child is parent.value:
                return self.assigned(function, parents, parent, depth)
            elif isinstance(parent, cst.If) and child is parent.test:
                if _inert_branches(parent):
                    return (("inert branch", parent),)
                return (("validated", parent),) if not tested and _rejects_only(parent) else None
            else:
                return None

    def assigned(self, function: cst.FunctionDef, parents: dict, assign, depth: int) -> Fate | None:
        """A value bound to one local name: the fate of that name from this statement on."""
        if isinstance(assign, cst.Assign):
            if len(assign.targets) != 1:
                return None
            target = assign.targets[0].target
        else:
            target = assign.target
        if not isinstance(target, cst.Name):
            return None  # an attribute or an item: stored state
        statement = parents.get(id(assign))
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None
        return self.name(function, target.value, statement, depth, assign)

    def argument(self, function: cst.FunctionDef, parents: dict, arg: cst.Arg, depth: int) -> Fate | None:
        """A value passed to a call: logged, converted by a builtin (the result carries it),
        or bound to a parameter of a project function (followed there)."""
        call = parents.get(id(arg))
        if not isinstance(call, cst.Call) or arg.star:
            return None
        if _is_log_call(call):  # in a callee, a function that only logs stands in for a side effect (a stub)
            return (("logged", call),) if depth == 0 else None
        if isinstance(call.func, cst.Name) and call.func.value in _PURE_BUILTINS \
                and call.func.value not in self._module_names(function):
            return self.node(function, call, depth)
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in _PURE_METHODS \
                and self._literal(function, call.func.value):
            return self.node(function, call, depth)  # `{"c": "metric"}.get(unit)`, `STYLES.get(style)`
        callee = self.callee(function, call)
        if callee is None or any(a.star for a in call.args) or isinstance(callee.params.star_arg, cst.Param) \
                or callee.params.posonly_params:
            return None
        slot = _receiving(callee, call, arg)
        if slot is None:
            return None
        fate = self.parameter(callee, slot, depth + 1)
        if fate is None:
            return None
        if not any(reason == "returned" for reason, _ in fate):
            return fate
        rest = self.node(function, call, depth)  # handed back: what the caller does with the result
        if rest is None:
            return None
        return tuple(dict.fromkeys((*[f for f in fate if f[0] != "returned"], *rest)))

    def callee(self, function: cst.FunctionDef, call: cst.Call) -> cst.FunctionDef | None:
        """The project function or method ``call`` calls: a function by name (in the module of
        ``function``, imports followed), a method of ``self``'s class, or a bound method of a
        local or global instance of a project class. None otherwise."""
        home = self._home(function)
        if home is None:
            return None
        func = call.func
        if isinstance(func, cst.Name):
            found = home.functions.get(func.value)
            return found if isinstance(found, cst.FunctionDef) and found is not function else None
        if not isinstance(func, cst.Attribute):
            return None
        if isinstance(func.value, cst.Name) and func.value.value == "self":
            cls = _enclosing_class(home, function)
            method = class_method(home, cls, func.attr.value) if cls is not None else None
            return self._method(method, home, function)
        cls = None
        if isinstance(func.value, cst.Name):
            chain = _enclosing_functions(home, function)
            cls = bound_class(home, func.value.value, chain) if chain else None
        elif isinstance(func.value, cst.Call):  # `Client(base).latest(...)`
            cls = home.classes.get(dotted_name(func.value.func) or "")
        elif isinstance(func.value, cst.Attribute) and dotted_name(func.value.value) == "self":
            around = _enclosing_class(home, function)  # `self.repo.search(...)`: what the methods set it to
            methods = [s for s in getattr(around.body, "body", ()) if isinstance(s, cst.FunctionDef)] if around else []
            cls = attribute_class(home, methods, func.value.attr.value) if methods else None
        if isinstance(cls, cst.ClassDef):
            method = class_method(home, cls, func.attr.value)
            return self._method(method, (home.home_of(cls) if home.home_of is not None else None) or home, function)
        found = home.functions.get(dotted_name(func) or "")  # `helpers.render(...)` of an imported module
        return found if isinstance(found, cst.FunctionDef) and found is not function else None

    def _method(self, method, home, caller: cst.FunctionDef) -> cst.FunctionDef | None:
        """A resolved method, remembered with the module that defines its class (its own calls
        resolve there); None for a static, class or property method (no ``self`` slot)."""
        if not isinstance(method, cst.FunctionDef) or method is caller or any(
                dotted_name(d.decorator) in ("staticmethod", "classmethod", "property") for d in method.decorators):
            return None
        self.homes[id(method)] = (method, home)
        return method

    def _literal(self, function: cst.FunctionDef, node: cst.BaseExpression) -> bool:
        """A literal written in place, or a module constant bound to one (``STYLES = {...}``):
        a table whose pure methods (:data:`_PURE_METHODS`) change nothing."""
        if isinstance(node, _LITERALS):
            return True
        home = self._home(function) if isinstance(node, cst.Name) else None
        if home is None or node.value in _loads(function) and _binds(function, node.value):
            return False
        return isinstance(home.constants.get(node.value), _LITERALS)

    def _home(self, function: cst.FunctionDef):
        info = self.info
        if info is None:
            return None
        known = self.homes.get(id(function))
        if known is not None and known[0] is function:
            return known[1]
        if info.home_of is None:
            return info
        return memo_by_node(_HOMES, function, lambda: info.home_of(function) or info, limit=256)

    def _module_names(self, function: cst.FunctionDef) -> set:
        home = self._home(function)
        if home is None:
            return set()
        return {name for name in ("str", "int", "float", "len", "format", "list", "dict", "sorted")
                if home.functions.get(name) is not None or name in home.imports}


_HOMES: dict = {}


def _receiving(function: cst.FunctionDef, call: cst.Call, arg: cst.Arg) -> str | None:
    """The parameter of ``function`` that ``arg`` of ``call`` binds (``self`` skipped for a
    method called on an object); None when it lands in ``*args``/``**kwargs`` or nowhere."""
    params = function.params
    named = [p.name.value for p in params.params]
    if named and named[0] in ("self", "cls") and isinstance(call.func, cst.Attribute):
        named = named[1:]
    if arg.keyword is not None:
        keyword = arg.keyword.value
        return keyword if keyword in named or keyword in {p.name.value for p in params.kwonly_params} else None
    positional = [a for a in call.args if a.keyword is None]
    index = next(i for i, a in enumerate(positional) if a is arg)
    return named[index] if index < len(named) else None


def _is_log_call(call: cst.Call) -> bool:
    """``log.debug(...)``, ``self.logger.info(...)``, ``logging.warning(...)``, ``ctx.info(...)``,
    ``print(...)`` and ``warnings.warn(...)``: calls that report and change no result."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute):
        return False
    owner = dotted_name(func.value) or ""
    if owner == "warnings" and func.attr.value == "warn":
        return True
    return func.attr.value in _LOG_METHODS and owner.rpartition(".")[2].lower() in _LOGGER_NAMES


def _inert_branches(statement: cst.If) -> bool:
    """Whether every branch of ``statement`` only logs or passes (an ``elif`` chain included):
    its test then decides nothing the handler returns or does."""
    branch: cst.CSTNode | None = statement
    while branch is not None:
        body = branch.body if isinstance(branch, (cst.If, cst.Else)) else None
        if body is None or not all(_inert_statement(s) for s in getattr(body, "body", ())):
            return False
        branch = branch.orelse if isinstance(branch, cst.If) else None
    return True


def _equality(node: cst.CSTNode) -> bool:
    """``confirm == "yes"``, ``mode is not None``: a comparison with one value by (in)equality
    or identity, which tests a flag (a gate) rather than checking content against a range or
    a list of choices."""
    if isinstance(node, cst.ComparisonTarget):
        return isinstance(node.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot))
    return isinstance(node, cst.Comparison) and all(
        isinstance(c.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)) for c in node.comparisons)


def _rejects_only(statement: cst.If) -> bool:
    """``if depth not in DEPTHS: raise ...`` (no ``else``): a test that only rejects. The
    caller (:meth:`_Follow.node`) asks only for a test of the value's content (a range, a
    list of choices, a call), not of its bare truth or its equality with one value: ``if not
    confirm: raise`` or ``if confirm != "yes": raise`` make a flag decide whether the work
    runs, which is a use."""
    if statement.orelse is not None:
        return False
    body = getattr(statement.body, "body", ())
    last = body[-1] if body else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Raise) \
        and all(_inert_statement(s) for s in body[:-1])


def _inert_statement(statement: cst.CSTNode) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Pass):
            continue
        value = small.value if isinstance(small, cst.Expr) else None
        value = value.expression if isinstance(value, cst.Await) else value
        if not (isinstance(value, cst.Call) and _is_log_call(value)):
            return False
    return True


def _plainly_defined(function: cst.FunctionDef, depth: int) -> bool:
    """No decorator, or for the handler itself (``depth`` 0) only registration decorators
    (``@mcp.tool()``, ``@server.prompt(name=...)``, fastmcp 3's standalone ``@tool``): any
    other decorator may consume or transform a parameter."""
    for decorator in function.decorators:
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        last = (dotted_name(target) or "").rpartition(".")[2]
        if depth > 0 or last not in ("tool", "prompt"):
            return False
    return True


def _is_stub(function: cst.FunctionDef) -> bool:
    """A body of only a docstring, ``pass``, ``...`` or ``raise NotImplementedError``."""
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for small in statement.body:
            if isinstance(small, cst.Pass) or (isinstance(small, cst.Expr) and isinstance(
                    small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis))):
                continue
            if isinstance(small, cst.Raise) and "NotImplementedError" in (dotted_name(
                    small.exc.func if isinstance(small.exc, cst.Call) else small.exc) or ""):
                continue
            return False
    return True


def _reachable_loads(function: cst.FunctionDef, statement: cst.CSTNode, name: str) -> list[cst.Name]:
    """The loads of ``name`` the binding ``statement`` may reach: those in the rest of its
    block when the block ends by leaving the function (``if name == "standup": since = ...;
    return ...`` does not reach the ``since`` of the next branch), else every load after it in
    the source; every load when a loop holds the statement (the next pass reaches back)."""
    loads = _loads(function).get(name, [])
    parents, order = _parents(function), _order(function)
    block = parents.get(id(statement))
    ancestor = block
    while ancestor is not None and ancestor is not function:
        if isinstance(ancestor, (cst.For, cst.While)):
            return loads
        ancestor = parents.get(id(ancestor))
    body = list(getattr(block, "body", ()))
    if statement not in body:
        return loads
    rest = body[body.index(statement) + 1:]
    start = order.get(id(statement), 0)
    others = _other_arms(function, block, parents)
    after = [load for load in loads if order.get(id(load), 0) > start and not _within(load, others, parents, function)]
    if not rest or not _leaves(rest[-1]):
        return after
    inside = {id(node) for node in rest}
    return [load for load in after if _within(load, inside, parents, block)]


def reachable_uses(function: cst.FunctionDef, statement: cst.CSTNode, name: str) -> list[tuple[cst.CSTNode, cst.Name]]:
    """(parent, load) for each load of local ``name`` the binding ``statement`` may reach
    (see :func:`_reachable_loads`)."""
    parents = _parents(function)
    return [(parents.get(id(load)), load) for load in _reachable_loads(function, statement, name)]


def _other_arms(function: cst.FunctionDef, block: cst.CSTNode, parents: dict) -> set[int]:
    """The ids of the other arms of each ``if``/``elif``/``else`` chain ``block`` lies in one
    arm of: code there never runs after this arm on the same call."""
    others: set[int] = set()
    child, ancestor = block, parents.get(id(block))
    while ancestor is not None and ancestor is not function:
        if isinstance(ancestor, cst.If):
            if child is ancestor.body and ancestor.orelse is not None:
                others.add(id(ancestor.orelse))
            elif child is ancestor.orelse:
                others.add(id(ancestor.body))
        child, ancestor = ancestor, parents.get(id(ancestor))
    return others


def _leaves(statement: cst.CSTNode) -> bool:
    """A ``return`` or ``raise`` line: the block ends by leaving the function."""
    return isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[-1], (cst.Return, cst.Raise))


def _within(node: cst.CSTNode, statements: set[int], parents: dict, block: cst.CSTNode) -> bool:
    """Whether ``node`` lies in one of ``statements`` (ids of statements of ``block``)."""
    current = node
    while current is not None and current is not block:
        if id(current) in statements:
            return True
        current = parents.get(id(current))
    return False


def _order(function: cst.FunctionDef) -> dict[int, int]:
    """id(node) -> its place in a source-order walk of ``function``. Once per function."""
    return memo_by_node(_ORDER, function, lambda: _collect_order(function), limit=256)


_ORDER: dict = {}


def _collect_order(function: cst.FunctionDef) -> dict[int, int]:
    order: dict[int, int] = {}
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        order[id(node)] = len(order)
        stack.extend(reversed(list(fast_children(node, tokens=False))))
    return order


def _parents(function: cst.FunctionDef) -> dict[int, cst.CSTNode]:
    """id(node) -> its parent, for every node of ``function`` (nested scopes included: the
    walk stops going up at a nested function or lambda). Once per function."""
    return memo_by_node(_PARENTS, function, lambda: _collect_parents(function), limit=256)


_PARENTS: dict = {}


def _collect_parents(function: cst.FunctionDef) -> dict[int, cst.CSTNode]:
    parents: dict[int, cst.CSTNode] = {}
    stack: list[cst.CSTNode] = [function.body]
    parents[id(function.body)] = function
    while stack:
        node = stack.pop()
        for child in fast_children(node, tokens=False):
            parents[id(child)] = node
            stack.append(child)
    return parents


def _loads(function: cst.FunctionDef) -> dict[str, list[cst.Name]]:
    """name -> every node loading it in ``function`` (not stores, deletions, attribute names
    or keywords; nested functions included). Once per function."""
    return memo_by_node(_LOADS, function, lambda: _collect_loads(function)[0], limit=256)


def _loaded_names(function: cst.FunctionDef) -> tuple[frozenset[str], frozenset[str]]:
    """(the names ``function`` loads, the names it declares global/nonlocal)."""
    return memo_by_node(_LOADED, function, lambda: _collect_loads(function)[1:], limit=256)


_LOADS: dict = {}
_LOADED: dict = {}


def _collect_loads(function: cst.FunctionDef):
    skipped: set[int] = set()
    loads: dict[str, list[cst.Name]] = {}
    declared: set[str] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            skipped.add(id(node.target))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) and isinstance(node.target, cst.Name):
            skipped.add(id(node.target))  # `total += x` stores; what it holds is judged where loaded
        elif isinstance(node, cst.Del):
            skipped.update(id(n) for n in _names(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            declared.update(item.name.value for item in node.names)
        elif isinstance(node, cst.Attribute):
            skipped.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skipped.add(id(node.keyword))
        elif isinstance(node, (cst.For, cst.CompFor)) and isinstance(node.target, cst.Name):
            skipped.add(id(node.target))
        elif isinstance(node, cst.Name) and id(node) not in skipped:
            loads.setdefault(node.value, []).append(node)
        stack.extend(fast_children(node, tokens=False))
    return loads, frozenset(loads), frozenset(declared)


def _binds(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` binds ``name`` itself (a local shadowing a module constant)."""
    return any(isinstance(node, cst.Name) and node.value == name and id(node) not in _load_ids(function)
               for node in _names(function.body))


def _load_ids(function: cst.FunctionDef) -> set[int]:
    return memo_by_node(_LOAD_IDS, function, lambda: {id(n) for ns in _loads(function).values() for n in ns},
                        limit=256)


_LOAD_IDS: dict = {}


def _names(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            yield current
        stack.extend(fast_children(current, tokens=False))


def _enclosing_class(home, function: cst.FunctionDef) -> cst.ClassDef | None:
    """The class of the module whose body defines ``function`` as a method."""
    for statement in home.module.body:
        if isinstance(statement, cst.ClassDef) and any(s is function for s in getattr(statement.body, "body", ())):
            return statement
    return None


def _enclosing_functions(home, function: cst.FunctionDef) -> list[cst.FunctionDef]:
    """The functions of ``home``'s module around ``function``, outermost first, ending with it
    (for :func:`mcplint.model.instance_types.bound_method`'s view of local instances)."""
    chain: list[cst.FunctionDef] = []

    def visit(node: cst.CSTNode, path: list) -> bool:
        for child in getattr(getattr(node, "body", None), "body", ()) if not isinstance(node, cst.Module) \
                else node.body:
            if child is function:
                chain.extend((*path, function))
                return True
            if isinstance(child, (cst.FunctionDef, cst.ClassDef)) \
                    and visit(child, [*path, child] if isinstance(child, cst.FunctionDef) else path):
                return True
        return False
    visit(home.module, [])
    return chain
