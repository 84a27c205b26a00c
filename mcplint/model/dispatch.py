"""Name dispatch of a low-level get-prompt / call-tool handler: which names reach which return.

A low-level handler receives the requested name (``name`` on mcp 1.x, ``params.name`` on
mcp 2.x) and decides itself what to do with names the list never declared
(``../shared/FRAMEWORKS.md`` §1 and §3: the SDK passes any name through). This module follows
the name through the handler's statements only: ``if``/``elif``/``else`` chains and ``match``
statements that compare it with literal names (or module constants, enum members), guards
that raise, and the returns each set of names reaches. It records

* which declared names, and whether undeclared ("unknown") names, may reach each ``return``;
* whether the handler tests the name at all;
* whether the name reaches code this analysis cannot follow (a call argument, a subscript,
  a loop comparing it, an unrecognised test): then ``escaped`` is true and rules stay silent.

Returns inside ``except`` clauses are error paths and never count as serving a name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import libcst as cst

from mcplint.model.evaluate import Evaluator, case_values
from mcplint.model.module_info import ModuleInfo, dotted_name, fast_children, suite_statements, walk

_MESSAGE_CALLS = {"TextContent", "PromptMessage", "UserMessage", "AssistantMessage", "Message",
                  "GetPromptResult", "CallToolResult", "ImageContent", "EmbeddedResource"}
_LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
_STR_NORMALISERS = {"strip", "lower", "upper", "casefold", "lstrip", "rstrip"}


@dataclass
class DispatchReturn:
    """One ``return`` of the handler and the names that may reach it.

    ``names`` are the declared names that may reach it; ``unknown`` is true when a name the
    list never declared may reach it; ``error`` is true when it returns an error rather than
    a rendered prompt or tool result (``ErrorData``, ``isError=True``, ``None``, an empty
    literal, or a return reached only by unknown names whose value echoes the name);
    ``in_else`` marks the final ``else:``/``case _:`` of a dispatch on the name.
    """

    node: cst.Return
    names: frozenset[str]
    unknown: bool
    error: bool
    in_else: bool = False
    empty: bool = False  # an empty list/tuple/dict literal: an error, or empty tool content (see served_names)


@dataclass
class NameDispatch:
    """How a low-level handler uses the requested name.

    ``tests_name``: some ``if``/``match`` compares the name; ``escaped``: the name reaches
    code mcplint cannot follow (rules must stay silent); ``returns``: every ``return`` of the
    handler outside ``except`` clauses; ``tested_names`` maps each literal name a test
    compares with to that test (undeclared ones included, for "did you mean").
    """

    tests_name: bool = False
    escaped: bool = False
    returns: list[DispatchReturn] = field(default_factory=list)
    tested_names: dict[str, cst.CSTNode] = field(default_factory=dict)
    # Declared names a branch selects explicitly and answers with a raise: the handler
    # serves them by rejecting them on purpose (``if name == "restricted": raise ...``).
    rejected_names: frozenset[str] = frozenset()
    # An empty list/tuple/dict is a valid result: an mcp 1.x low-level tool returning no
    # content (``mcp/server/lowlevel/server.py`` 1.30.0 ``call_tool``: any iterable is the
    # content, a dict the structured content), not an error.
    empty_is_result: bool = False

    def served_names(self) -> frozenset[str]:
        """Declared names that reach a return which renders (not an error), or a raise of a
        branch that selects them and no unknown name."""
        served: frozenset[str] = self.rejected_names
        for site in self.returns:
            if not site.error or (site.empty and self.empty_is_result):
                served |= site.names
        return served


class _Escape(Exception):
    """The name reached code this analysis cannot follow."""


@dataclass
class _State:
    names: frozenset[str]
    unknown: bool
    in_else: bool = False


def analyse_dispatch(info: ModuleInfo, evaluator: Evaluator, function: cst.FunctionDef,
                     declared: frozenset[str], name_names: set[str], name_attrs: set[str]) -> NameDispatch:
    """The :class:`NameDispatch` of ``function``.

    ``declared`` are the names the list handler declares; ``name_names`` are local names
    holding the requested name (mcp 1.x: the first parameter), ``name_attrs`` dotted
    attributes holding it (mcp 2.x: ``params.name``). With neither, the result is escaped.
    """
    result = NameDispatch()
    if not name_names and not name_attrs:
        result.escaped = True
        return result
    walker = _Walker(info, evaluator, result, set(name_names), set(name_attrs))
    walker.memo_tables = _memo_tables(info, function)
    try:
        walker.block(suite_statements(function.body), _State(names=declared, unknown=True))
    except _Escape:
        result.escaped = True
    return result


class _Walker:
    """Forward walk over the handler's statements, splitting the set of names at each test."""

    def __init__(self, info, evaluator, result: NameDispatch, aliases: set[str], attrs: set[str]) -> None:
        self.info = info
        self.evaluator = evaluator
        self.result = result
        self.aliases = aliases
        self.attrs = attrs
        self.containers = {attr.rsplit(".", 1)[0] for attr in attrs}  # ``params`` of ``params.name``
        self.in_except = 0
        self.fstring_depth = 0  # inside an f-string: the name is message text
        self.memo_tables: set[str] = set()  # module dicts only this handler fills (its results)

    # -- statements ---------------------------------------------------------------------
    def exiting_block(self, statements, state: _State) -> _State | None:
        """:meth:`block` for one branch: a name variable rebound in a branch that always
        exits (``name = arguments["name"]; return ...``) is still the name after it."""
        aliases = set(self.aliases)
        after = self.block(statements, state)
        if after is None:
            self.aliases = aliases
        return after

    def block(self, statements, state: _State) -> _State | None:
        """Walk ``statements``; the state after them, or None when they always exit."""
        for statement in statements:
            state = self.statement(statement, state)
            if state is None:
                return None
        return state

    def statement(self, node: cst.CSTNode, state: _State) -> _State | None:
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                if not self.small(small, state):
                    return None
            return state
        if isinstance(node, cst.If):
            return self.if_chain(node, state)
        if isinstance(node, cst.Match):
            return self.match(node, state)
        if isinstance(node, cst.Try):
            return self.try_(node, state)
        if isinstance(node, cst.With):
            for item in node.items:
                self.check_escape(item)
            return self.block(suite_statements(node.body), state)
        if isinstance(node, (cst.For, cst.While)):
            self.check_escape(node.iter if isinstance(node, cst.For) else node.test)
            after = self.block(suite_statements(node.body), replace(state))
            if node.orelse is not None:
                self.block(suite_statements(node.orelse.body), replace(state))
            return _merge(state, after)
        self.check_escape(node)  # nested def/class: a closure over the name escapes
        return state

    def small(self, node: cst.BaseSmallStatement, state: _State) -> bool:
        """Walk one small statement; False when it leaves the handler."""
        if isinstance(node, cst.Raise):
            if state.names and not state.unknown and self.result.tests_name and not _not_implemented(node):
                self.result.rejected_names |= state.names  # chosen by name, then refused on purpose
            return False  # an error for the names reaching it, whatever it mentions
        if isinstance(node, cst.Return):
            if node.value is not None:
                self.check_escape(node.value)
            self.record_return(node, state)
            return False
        if not state.names and state.unknown and self.mentions_name(node):
            # Only unknown names get here and the code names them: an error message being
            # built (``result = f"Unknown tool {name}"``), whatever later code does with it.
            state.unknown = False
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            value = node.value
            if value is not None and self.is_name(value):
                self.aliases.update(t.value for t in targets if isinstance(t, cst.Name))
                return True
            for target in targets:
                if isinstance(target, cst.Name):
                    self.aliases.discard(target.value)
            if value is not None and not self.defaulted_lookup(value):
                self.check_escape(value)
            return True
        self.check_escape(node)
        return True

    def if_chain(self, node: cst.If, state: _State) -> _State | None:
        split = self.split(node.test, state)
        if split is None:  # a test that does not involve the name
            self.check_escape(node.test)
            true_state, false_state, on_name = replace(state), replace(state), False
        else:
            true_state, false_state = split
            on_name = True
            self.result.tests_name = True
        true_state.in_else = state.in_else and not on_name
        body_after = self.exiting_block(suite_statements(node.body), true_state)
        if node.orelse is None:
            else_after = false_state
        elif isinstance(node.orelse, cst.If):
            else_after = self.if_chain(node.orelse, false_state)
        else:
            false_state.in_else = on_name or state.in_else
            else_after = self.exiting_block(suite_statements(node.orelse.body), false_state)
        merged = _merge(body_after, else_after)
        if merged is not None:
            merged.in_else = state.in_else
        return merged

    def match(self, node: cst.Match, state: _State) -> _State | None:
        if not self.is_name(node.subject):
            self.check_escape(node.subject)
            outcomes = [self.block(suite_statements(case.body), replace(state)) for case in node.cases]
            result = state
            for outcome in outcomes:
                result = _merge(result, outcome)
            return result
        self.result.tests_name = True
        remaining = state
        outcomes = []
        for case in node.cases:
            if case.guard is not None and self.mentions_name(case.guard):
                raise _Escape
            names = self.pattern_names(case.pattern)
            if names is None:  # ``case _:`` / a capture: every name left over
                outcomes.append(self.exiting_block(suite_statements(case.body), replace(remaining, in_else=True)))
                remaining = None
                break
            self.note_tested(names, case.pattern)
            matched = self.matching(remaining.names, names, node.subject)
            outcomes.append(self.exiting_block(suite_statements(case.body), _State(matched, False)))
            if case.guard is None:
                remaining = _State(remaining.names - matched, remaining.unknown)
        result = remaining
        for outcome in outcomes:
            result = _merge(result, outcome)
        if result is not None:
            result.in_else = state.in_else
        return result

    def try_(self, node: cst.Try, state: _State) -> _State | None:
        after = self.block(suite_statements(node.body), replace(state))
        if after is not None and node.orelse is not None:
            after = self.block(suite_statements(node.orelse.body), after)
        self.in_except += 1
        try:
            for handler in node.handlers:
                after = _merge(after, self.block(suite_statements(handler.body), replace(state)))
        finally:
            self.in_except -= 1
        if node.finalbody is not None:
            final = self.block(suite_statements(node.finalbody.body), replace(after or state))
            if final is None:
                return None
        return after

    def defaulted_lookup(self, value: cst.BaseExpression) -> bool:
        """``TEMPLATES.get(name, DEFAULT)`` / ``TEMPLATES.get(name) or DEFAULT`` on a dict of
        names the source spells out: every name, an unknown one included, comes out with a
        value (the default), so the name goes on to whatever that value feeds."""
        default = None
        if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
            value, default = value.left, value.right
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute) \
                or value.func.attr.value != "get" or not value.args or not self.is_name(value.args[0].value):
            return False
        if len(value.args) == 2 and default is None:
            default = value.args[1].value
        if default is None or len(value.args) > 2 or self.mentions_name(value.func.value) \
                or (isinstance(default, cst.Name) and default.value == "None"):
            return False
        table = self.evaluator.eval(value.func.value)
        if not isinstance(table, dict) or not table or not all(isinstance(key, str) for key in table):
            return False
        # text or a spec to render (not a function to call: a fallback handler may answer an error)
        if not isinstance(default, (cst.FormattedString, cst.ConcatenatedString)):
            fallback = self.evaluator.eval(default)
            if not isinstance(fallback, (str, dict)) or not fallback:
                return False  # `TEMPLATES.get(name, "")`: an empty default is tested as the miss

        self.check_escape(default)
        return True

    # -- the name and its tests ---------------------------------------------------------
    def split(self, test: cst.BaseExpression, state: _State) -> tuple[_State, _State] | None:
        """(state where ``test`` holds, state where it fails), or None if it ignores the name."""
        if not self.mentions_name(test):
            return None
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self.split(test.expression, state)
            if inner is None:
                raise _Escape
            return inner[1], inner[0]
        if isinstance(test, cst.BooleanOperation):
            return self.split_boolean(test, state)
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            raise _Escape
        target = test.comparisons[0]
        if self.is_name(test.left):
            other = target.comparator
        elif self.is_name(target.comparator) and isinstance(target.operator, (cst.Equal, cst.NotEqual)):
            other = test.left
        else:
            raise _Escape
        names = self.literal_names(other, target.operator)
        self.note_tested(names, test)
        matched = self.matching(state.names, names, test.left if self.is_name(test.left) else target.comparator)
        inside = _State(matched, False)
        outside = _State(state.names - matched, state.unknown)
        if isinstance(target.operator, (cst.Equal, cst.In)):
            return inside, outside
        return outside, inside

    def split_boolean(self, test: cst.BooleanOperation, state: _State) -> tuple[_State, _State]:
        left, right = self.split(test.left, state), self.split(test.right, state)
        if isinstance(test.operator, cst.Or):
            if left is None or right is None:
                raise _Escape  # ``name == "a" or flag``: which names pass is unknown
            return _union(left[0], right[0]), _intersection(left[1], right[1])
        if left is not None and right is not None:
            raise _Escape
        one = left or right
        # ``name == "a" and ready``: true only for "a"; false for every name.
        return one[0], replace(state)

    def literal_names(self, node: cst.BaseExpression, op: cst.BaseCompOp) -> frozenset[str]:
        value = self.evaluator.eval(node)
        if isinstance(op, (cst.Equal, cst.NotEqual)) and isinstance(value, str):
            return frozenset({value})
        if isinstance(op, (cst.In, cst.NotIn)):
            if isinstance(value, dict):
                value = list(value)
            if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                return frozenset(value)
        raise _Escape

    def pattern_names(self, pattern: cst.MatchPattern) -> frozenset[str] | None:
        values = case_values(self.evaluator, pattern)
        if values is None:
            return None
        if not all(isinstance(value, str) for value in values):
            raise _Escape
        return frozenset(values)

    def matching(self, declared: frozenset[str], names: frozenset[str], tested: cst.CSTNode) -> frozenset[str]:
        """The declared names a test against ``names`` accepts: ``name.lower() == "add"`` accepts "Add"."""
        methods = []
        while isinstance(tested, cst.Call):
            methods.append(tested.func.attr.value)
            tested = tested.func.value
        if not methods:  # `name == "add"`: one lookup per tested name (a dispatcher may test 800)
            return declared & names
        found = set()
        for name in declared:
            value = name
            for method in reversed(methods):
                value = getattr(value, method)()
            if value in names:
                found.add(name)
        return frozenset(found)

    def note_tested(self, names: frozenset[str], node: cst.CSTNode) -> None:
        for name in names:
            self.result.tested_names.setdefault(name, node)

    def is_name(self, node: cst.CSTNode) -> bool:
        """True for the requested name, also normalised (``name.lower()``)."""
        if isinstance(node, cst.Name):
            return node.value in self.aliases
        if isinstance(node, cst.Attribute):
            return dotted_name(node) in self.attrs
        if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in _STR_NORMALISERS:
            return self.is_name(node.func.value)
        return False

    def mentions_name(self, node: cst.CSTNode) -> bool:
        """True when the requested name occurs anywhere in ``node``."""
        stack = [node]
        while stack:
            current = stack.pop()
            if self.is_name(current):
                return True
            stack.extend(fast_children(current, tokens=False))
        return False

    # -- escapes ------------------------------------------------------------------------
    def check_escape(self, node: cst.CSTNode, in_call: bool = False) -> None:
        """Raise :class:`_Escape` when ``node`` hands the name to code mcplint cannot follow.

        Allowed: log calls, and the name interpolated into message text (an f-string that is
        not an argument of some other call).
        """
        if self.is_name(node):
            if not in_call and self.fstring_depth:
                return
            raise _Escape
        if isinstance(node, cst.Name) and node.value in self.containers:
            raise _Escape  # ``params`` handed on whole
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value in self.containers:
            return  # ``params.arguments`` and friends
        if isinstance(node, cst.Call):
            if _is_logging_call(node.func):
                return
            last = (self.info.qualify(node.func) or "").rsplit(".", 1)[-1]
            in_call = in_call or last not in _MESSAGE_CALLS
        if isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef)) and self.mentions_name(node):
            raise _Escape
        entering = isinstance(node, cst.FormattedString)
        self.fstring_depth += entering
        try:
            for child in fast_children(node, tokens=False):
                self.check_escape(child, in_call)
        finally:
            self.fstring_depth -= entering

    # -- returns ------------------------------------------------------------------------
    def record_return(self, node: cst.Return, state: _State) -> None:
        if self.in_except or _looks_up(node.value, self.memo_tables):
            return  # `return _CACHE[key]`: an earlier result of this handler, for a name it served
        error = _is_error_value(self.info, node.value) or (
            not state.names and node.value is not None and self.mentions_name(node.value))
        empty = isinstance(node.value, (cst.List, cst.Tuple, cst.Dict)) and not node.value.elements
        self.result.returns.append(DispatchReturn(node=node, names=state.names, unknown=state.unknown,
                                                  error=error, in_else=state.in_else, empty=empty))


# -- module-level helpers ---------------------------------------------------------------------
def _memo_tables(info: ModuleInfo, function: cst.FunctionDef) -> set[str]:
    """Module-level dicts made empty (``_CACHE = {}`` / ``dict()``) that ``function`` fills
    (``_CACHE[key] = result``): a memo of the handler's own results, whatever the key."""
    filled = {target.value.value for node in walk(function.body) if isinstance(node, cst.Assign)
              for target in (t.target for t in node.targets)
              if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name)}
    return {name for name in filled if _is_empty_dict(info.constants.get(name))}


def _is_empty_dict(value: cst.BaseExpression | None) -> bool:
    if isinstance(value, cst.Dict):
        return not value.elements
    return isinstance(value, cst.Call) and dotted_name(value.func) in ("dict", "OrderedDict") and not value.args


def _looks_up(value: cst.BaseExpression | None, tables: set[str]) -> bool:
    """``TABLE[key]`` or ``TABLE.get(key)`` on one of ``tables``."""
    if isinstance(value, cst.Subscript):
        return isinstance(value.value, cst.Name) and value.value.value in tables
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
        and isinstance(value.func.value, cst.Name) and value.func.value.value in tables


def _merge(first: _State | None, second: _State | None) -> _State | None:
    if first is None:
        return second
    if second is None:
        return first
    return _union(first, second)


def _union(first: _State, second: _State) -> _State:
    return _State(first.names | second.names, first.unknown or second.unknown)


def _intersection(first: _State, second: _State) -> _State:
    return _State(first.names & second.names, first.unknown and second.unknown)


def _not_implemented(node: cst.Raise) -> bool:
    """``raise NotImplementedError(...)``: a stub, not a deliberate refusal of the request."""
    exc = node.exc.func if isinstance(node.exc, cst.Call) else node.exc
    return exc is not None and (dotted_name(exc) or "").rsplit(".", 1)[-1] == "NotImplementedError"


def _is_error_value(info: ModuleInfo, value: cst.BaseExpression | None) -> bool:
    """A return value that is an error, not a rendered result."""
    if value is None or (isinstance(value, cst.Name) and value.value == "None"):
        return True
    if isinstance(value, (cst.List, cst.Tuple, cst.Dict)) and not value.elements:
        return True
    if isinstance(value, cst.Await):
        return False
    if isinstance(value, cst.Call):
        if (info.qualify(value.func) or "").rsplit(".", 1)[-1] == "ErrorData":
            return True
        for arg in value.args:
            if arg.keyword is not None and arg.keyword.value in ("isError", "is_error") \
                    and dotted_name(arg.value) == "True":
                return True
    return False


def _is_logging_call(func: cst.BaseExpression) -> bool:
    """``logger.info(...)``, ``logging.debug(...)``, ``print(...)``: output that is not a prompt."""
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute):
        return False
    base = (dotted_name(func.value) or "").lower()
    return func.attr.value in _LOG_METHODS and ("log" in base or base in ("self", "ctx", "context"))
