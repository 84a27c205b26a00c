"""Walk one handler's statements in order and record what it reads, defaults, raises and renders.

The walk is a forward, path-insensitive approximation of the handler's control flow:
``if`` branches get a copy of the state and are merged afterwards; a branch that always
raises or returns is a guard, and what its test checked is known afterwards. Dispatch on the
prompt name (``if name == ...``, ``match``, ``not in``) narrows which declarations the
following code serves. Module-local helper functions that receive the arguments mapping are
walked in place with their parameters bound, so their reads count at the call site.
"""

from __future__ import annotations

import datetime
import decimal
import ipaddress
import json
import re
import shlex
import string
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

import libcst as cst

from mcplint.model.ambient import is_ambient, witness
from mcplint.model.guard_run import PASSES, RAISES, reached_return, run_guards
from mcplint.model.post_init import judge_post_init
from mcplint.model.derived_forms import (CHECKING_FORMS, LIBRARY_FORMS, constrained_fields, is_command_call, is_predicate,
                                         returns_record)
from mcplint.model.built_tables import map_values
from mcplint.model.dropped_reads import mark_dropped_reads
from mcplint.model.key_filters import KeyFilter, comprehension_filter
from mcplint.model.key_getters import getter_keys
from mcplint.model.errors import classify_method_builder, classify_raise, error_caught_by, handler_catches, is_subclass_name
from mcplint.model.error_boundaries import boundary_clauses, first_clause
from mcplint.model.evaluate import (INSTANCE, OTHER_PATTERN, UNKNOWN, ClassRef, CompleteMapping, Evaluator, FunctionRef,
                                    ObjectValue, bind_arguments, case_values)
from mcplint.model.facts import DefaultUse, ErrorKind, HandlerModel, RaiseSite, Read, RenderSite
from mcplint.model.instance_types import attribute_class, bound_class
from mcplint.model.members import (attribute_pattern, getattr_call, is_member_lookup, member_table, module_functions,
                                   spelled_members)
from mcplint.model.validators import before_validation_fills, rejecting_fields
from mcplint.model.tested_locals import tested_only_after
from mcplint.model.template_sites import (bound_names, dollar_placeholders, placeholder_part, template_literal,
                                          template_text)
from mcplint.model.module_info import (LEAF_TYPES, NESTED_SCOPE_TYPES, ModuleInfo, assigned_names, contains, dotted_name,
                                       exact_types, fast_children, functions_defined_in, memo_by_node, names_bound_by,
                                       names_under,
                                       node_types, plain_assignments, suite_statements, walk)
from mcplint.model.library_raises import (PROGRAM_NOT_FOUND, UNKNOWN_PARSE_ERROR, library_raise, read_path, parse_kind_raise, started_program,
                                          takes_pattern)
from mcplint.model.optional_results import ATTRIBUTE_USE, SUBSCRIPT_USE, lazy_subject, optional_subject, tested_names
from mcplint.model.library_validators import caught_by, library_validation
from mcplint.model.missed_lookups import missed_lookup_reason
from mcplint.model.missing_fallbacks import (enum_fallback, lookup_fallback, preassigned_value, project_enum,
                                               prototype_copy, suppressed_errors)
from mcplint.model.returned_classes import annotated_return_class, runs_own_method
from mcplint.model.name_lookups import name_parameter, none_when_unknown
from mcplint.model.mapping_patterns import filled_constants, pattern_bindings, pattern_keys
from mcplint.model.lenient_templates import lenient_render
from mcplint.model.template_fallbacks import jinja_fallbacks, lenient_formatter
from mcplint.model.returns.statements import statement_lists
from mcplint.model.returns.exhausted import POLL_KEY, exhausted_names, polls
from mcplint.model.returns.swallowed import swallowing_manager
from mcplint.model.returns import (failure_sides, forget_checked_results, mark_failure_side, note_error_entry_append,
                                   note_failure_local,
                                   note_helper_result, note_kept_append,
                                   passed_sides,
                                   note_kept_exception, note_kept_loop, logs_error_then_returns,
                                   outcome_failure_sides, record_helper_return, unmatched_outcome_failure,
                                   rejects_unmatched_case, tests_argument_value,
                                   record_fall_off, record_return, rejects_other_values, selects_name)
from mcplint.model.returns.statements import parameter_names

# `TEMPLATE.format(**m)`, `.format_map(m)`, `string.Template(...).substitute(m)` (`safe_substitute`):
# text filled from a whole mapping.
_FILLERS = {"format", "format_map", "substitute", "safe_substitute"}
# what a builtin default factory makes (``defaultdict(str, arguments)``)
_FACTORY_VALUES: dict[str, Any] = {"str": "", "int": 0, "float": 0.0, "bool": False, "list": [], "dict": {},
                                   "tuple": (), "set": UNKNOWN}
#: Library functions returning their text argument escaped or quoted for a sink (XML/HTML
#: markup, a shell word, a URL part, a regular expression): a safe form of the same value.
_ESCAPERS = LIBRARY_FORMS
#: escapers for the markup a message's text carries (HTML, XML)
_MARKUP_ESCAPERS = frozenset({"html.escape", "markupsafe.escape", "markupsafe.Markup.escape", "xml.sax.saxutils.escape",
                              "xml.sax.saxutils.quoteattr", "bleach.clean", "nh3.clean"})
STR_NORMALISERS = {"strip", "lower", "upper", "casefold", "title", "capitalize", "lstrip", "rstrip",
                    "removeprefix", "removesuffix"}
_STR_SPLITTERS = {"split", "rsplit", "splitlines"}
_PATTERN_MATCHERS = {"match", "fullmatch", "search"}
#: Tests of a value's type, and of its prefix, which do not vet its content (see _vetted_names).
_TYPE_PROBES = frozenset({"isinstance", "type", "hasattr", "callable", "issubclass"})
_PREFIX_TESTS = frozenset({"startswith", "endswith"})
#: Failure kinds of a path (State.failure) on which the walk is past a failed check of an
#: argument (or in an ``except`` of one): text built there reports the rejection.
_REJECTING_PATHS = frozenset({"argument", "except"})
_MESSAGE_CALLS = {"TextContent", "PromptMessage", "UserMessage", "AssistantMessage", "Message",
                  "GetPromptResult"}
# Builtins that look at a value without taking it as the argument's value.
#: Calls that turn a whole mapping into text (every key and value as sent), see _serialises_whole.
_SERIALISERS = {"json.dumps", "str", "repr", "pprint.pformat", "yaml.dump", "yaml.safe_dump", "toml.dumps",
                "tomli_w.dumps", "orjson.dumps", "ujson.dumps", "simplejson.dumps"}
_INSPECTING_CALLS = {"len", "isinstance", "bool", "type", "hasattr", "callable", "id", "issubclass"}
_MAX_HELPER_DEPTH = 4
_MAX_UNROLLED = 12  # items of a loop over known keys walked one by one; a longer loop is walked once
#: Calls that run a function in a worker thread and return its value: runner -> the position of
#: the function among the call's arguments (asyncio, anyio, loop.run_in_executor, starlette).
_THREAD_RUNNERS = {"to_thread": 0, "run_sync": 0, "run_in_threadpool": 0, "run_in_executor": 1}
_KEYWORDS_FORWARDED = frozenset({"to_thread", "run_in_threadpool"})  # the others take no keywords for f
_ENUM_BASES = {"Enum", "StrEnum", "IntEnum"}
#: Standard-library conversions of argument text that raise on a bad value, by qualified name:
#: a default they fail on is rejected (see HandlerWalker._reject_default_by_conversion).
_TEXT_CONVERSIONS = {"int": int, "float": float, "json.loads": json.loads,
                     "datetime.date.fromisoformat": datetime.date.fromisoformat,
                     "datetime.datetime.fromisoformat": datetime.datetime.fromisoformat,
                     "uuid.UUID": uuid.UUID, "decimal.Decimal": decimal.Decimal,
                     "ipaddress.ip_address": ipaddress.ip_address}
#: More standard-library (and dateutil) parsers of text, by the last two parts of the qualified
#: name -> what they raise on a bad value (ZoneInfoNotFoundError is a KeyError: fastmcp's
#: ErrorHandlingMiddleware sends it as not-found, -32001).
_PARSER_ERRORS = {("ipaddress", "ip_address"): "ValueError", ("ipaddress", "ip_network"): "ValueError",
                  ("ipaddress", "ip_interface"): "ValueError", ("ast", "literal_eval"): "ValueError",
                  ("fractions", "Fraction"): "ValueError", ("zoneinfo", "ZoneInfo"): "ZoneInfoNotFoundError",
                  ("parser", "isoparse"): "ValueError", ("tomllib", "loads"): "TOMLDecodeError"}
_SAME_NAME = object()  # a match subject that is the requested name itself (see _name_view)
# what a missing-keys comprehension checks: (keys for every request, requested name -> its keys)
KeyCheck = tuple[list[str], dict[str, frozenset[str]]]
_UNKNOWN_NAME = "\0unknown"  # a served name that could not be evaluated: no declaration matches it


@dataclass
class Val:
    """What a local variable or expression holds, in terms of one argument.

    ``missing`` is its value when the caller left the argument out (or, for a parameter,
    sent it empty); ``normalized`` marks a transformed or validator-returned value.
    """

    key: str
    node: cst.CSTNode
    normalized: bool = False
    default: DefaultUse | None = None
    missing: Any = None
    checked: bool = False
    from_get: bool = False
    implicit: DefaultUse | None = None  # the None of a bare `.get(k)`, once the value was used
    none_kept: bool = False  # a default covers only a None mapping: a missing key still gives None
    validated: bool = False  # returned by a project function that raises on a bad value
    # looked up by the argument (`LANGS.get(x.lower())`): a fallback after it covers a missed
    # lookup, not a missing argument
    derived: bool = False
    # a method was called on it (`url.startswith(...)`): a None there raises AttributeError, so
    # past that call a missing value is no longer None
    dereferenced: bool = False


@dataclass
class State:
    """The facts that hold at one point of the handler."""

    served: frozenset[str] | None
    aliases: dict[str, bool]  # local name -> the mapping may still be None
    values: dict[str, Val]
    name_vars: set[str]
    present: set[str] = field(default_factory=set)
    all_present: bool = False
    caught: tuple[str, ...] = ()
    caller_reason: tuple[str, str | None] | None = None
    normalized: dict[str, cst.CSTNode] = field(default_factory=dict)  # key -> node of validated value
    failure: str | None = None  # "except" / "argument": on a failure path (mcplint.model.returns)
    failure_key: str | None = None
    except_clause: cst.ExceptHandler | None = None
    name_selected: bool = False  # inside `if name == X`: a branch for one name, even if X is not evaluable
    # None until a test on the name; then whether only names that matched no test reach here
    # (the fall-through after `if name == A: return ...`), before any other work is done.
    unmatched: bool | None = None
    lookups: set[str] = field(default_factory=set)  # locals that are None iff the name is unknown
    # locals holding an entry of a dispatch table looked up by the name: local -> the table
    tables: dict[str, dict[str, cst.FunctionDef]] = field(default_factory=dict)
    vetted: set[str] = field(default_factory=set)  # locals an enclosing test inspects (`x.isdigit()`)
    # the values a local got on the other branches that meet here (`if a: x = args.get("x", "")
    # elif b: x = args.get("x", "")`): a check after the join judges each one's default
    others: dict[str, tuple[Val, ...]] = field(default_factory=dict)
    # key -> the checked or normalised value of it written back into the mapping
    # (`args[k] = v` after `v = args.get(k, "").strip(); if not v: raise`): reads of the key
    # give that value, not the one the caller sent
    rewritten: dict[str, Val] = field(default_factory=dict)
    # locals a failed `if not x: raise ...` proved non-empty from here on: `x or "d"` past it
    # never uses its fallback
    truthy: set[str] = field(default_factory=set)
    # requested name -> keys proved present for requests of that name only (a check over the
    # declaration's rows of the requested prompt: `missing_required(name, args)`)
    present_for: dict[str, frozenset[str]] = field(default_factory=dict)
    # `result = helper(...)` on this path: local -> ids of the helper calls whose value it may
    # hold (one per branch that met here: `if a: result = f(x) elif b: result = g(x)`), so a
    # later `json.dumps(result)` hands back the failure returns of each (mcplint.model.returns)
    results: dict[str, frozenset[int]] = field(default_factory=dict)

    def has(self, key: str) -> bool:
        """Whether ``key`` is known present here: for every request, or for each name served."""
        if self.all_present or key in self.present:
            return True
        return bool(self.present_for) and bool(self.served) and all(
            key in self.present_for.get(name, ()) for name in self.served)

    def copy(self) -> "State":
        return replace(self, aliases=dict(self.aliases), values=dict(self.values), others=dict(self.others),
                       rewritten=dict(self.rewritten), truthy=set(self.truthy),
                       name_vars=set(self.name_vars), present=set(self.present),
                       normalized=dict(self.normalized), lookups=set(self.lookups), vetted=set(self.vetted),
                       tables=dict(self.tables), present_for=dict(self.present_for), results=dict(self.results))


@dataclass
class HandlerSpec:
    """How to read a handler: which expressions are the arguments mapping and the name.

    ``mapping_names`` map a parameter name to whether it may be None; ``mapping_attrs``
    are dotted attribute chains that are the mapping (``params.arguments``);
    ``name_names``/``name_attrs`` likewise for the prompt or tool name.
    """

    mapping_names: dict[str, bool] = field(default_factory=dict)
    mapping_attrs: dict[str, bool] = field(default_factory=dict)
    name_names: set[str] = field(default_factory=set)
    name_attrs: set[str] = field(default_factory=set)
    parameters: dict[str, cst.Param] = field(default_factory=dict)  # signature style
    # The object ``self`` is in a ``Prompt`` subclass's render (its declared arguments, its
    # fields): ``for arg in self.arguments`` is then walked once per declared argument.
    instance: Any = None


_ENCLOSING: dict = {}  # memo of enclosing_functions, by module
#: As a set of node classes (``type(node) in``: see module_info.node_types), since the index
#: tests every child of every statement of the module.
_STATEMENT_CONTAINERS = node_types(cst.Module, cst.IndentedBlock, cst.BaseCompoundStatement, cst.Else,
                                   cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally, cst.MatchCase)


def enclosing_functions(module: cst.Module) -> dict[int, tuple[cst.FunctionDef, ...]]:
    """For every function of ``module``, by id, the functions it is nested in (outermost
    first): one walk of the statements per module instead of a search per handler."""
    return memo_by_node(_ENCLOSING, module, lambda: _index_enclosing(module), limit=8)


def _index_enclosing(module: cst.Module) -> dict[int, tuple[cst.FunctionDef, ...]]:
    index: dict[int, tuple[cst.FunctionDef, ...]] = {}
    stack: list[tuple[cst.CSTNode, tuple[cst.FunctionDef, ...]]] = [(module, ())]
    while stack:
        node, outer = stack.pop()
        if type(node) is cst.FunctionDef:
            index[id(node)] = outer
            outer = outer + (node,)
        for child in fast_children(node, tokens=False):
            if type(child) in _STATEMENT_CONTAINERS:
                stack.append((child, outer))
    return index


def _declared_names(handler: HandlerModel) -> frozenset[str] | None:
    """The names ``handler`` declares, worked out once per declarations list: a walker is
    made for every helper a dispatcher of 800 prompts calls."""
    declarations = handler.declarations
    if declarations is None:
        return None
    memo = handler.__dict__.get("_declared_names")
    if memo is None or memo[0] is not declarations or memo[1] != len(declarations):
        memo = (declarations, len(declarations), frozenset(d.name for d in declarations if d.name is not None))
        handler.__dict__["_declared_names"] = memo
    return memo[2]


def _new_table_entry(handler: HandlerModel, entry: cst.FunctionDef) -> bool:
    """Whether ``entry`` is not yet among ``handler.table_entries`` (a set of their ids kept
    beside the list, rebuilt when the list changed elsewhere)."""
    memo = handler.__dict__.get("_table_entry_ids")
    if memo is None or memo[0] != len(handler.table_entries):
        memo = (len(handler.table_entries), {id(function) for _, function in handler.table_entries})
    if id(entry) in memo[1]:
        handler.__dict__["_table_entry_ids"] = memo
        return False
    memo[1].add(id(entry))
    handler.__dict__["_table_entry_ids"] = (memo[0] + 1, memo[1])
    return True


class HandlerWalker:
    """Fill a :class:`HandlerModel` by walking its function body."""

    def __init__(self, info: ModuleInfo, evaluator: Evaluator, handler: HandlerModel, spec: HandlerSpec) -> None:
        self.info = info
        self.evaluator = evaluator
        self.handler = handler
        self.spec = spec
        # the prompt function's own parameters (signature style), kept for helpers walked in
        # place, whose spec is their own: what type an argument arrived as is the handler's
        self.handler_parameters = spec.parameters
        self.declared_names = _declared_names(handler)
        self._helper_stack: list[str] = []
        self._seen_raises: set[int] = set()
        # per enclosing `try`: what its clauses catch, and the (exception name, key) of the
        # argument raises in its body they catch
        self._swallowed: list[tuple[tuple[str, ...], list[tuple[ErrorKind, str | None]]]] = []
        self._call_site: cst.CSTNode | None = None
        self._function: cst.FunctionDef | None = None  # the helper being walked in place, if any
        self._filtered_copies: set[str] = set()  # aliases that hold only chosen keys of the mapping
        # aliases copied through a key filter (`{k: v for k, v in args.items() if k not in INTERNAL}`)
        # -> what it removes: a read of a removed key there never sees the caller's value
        self._key_filters: dict[str, KeyFilter] = {}
        self._loop_env: dict[str, Any] = {}  # the loop variable of a loop walked once per known item
        self._statement: cst.CSTNode | None = None  # the statement being walked (see Read.statement)
        self._loop_depth = 0  # loop bodies being walked (a `continue` there ends one pass only)
        self._pass_keys: set[str] = set()  # keys proved present for the rest of one pass by `if ...: continue`
        self._aliases_of_self: frozenset[str] | None = None  # see _self_aliases
        # `if not x: problem = "..."`: the local keeping the verdict -> the tests it keeps
        self._deferred_checks: dict[str, list[cst.BaseExpression]] = {}
        self._default_nodes: dict[int, tuple[cst.CSTNode, DefaultUse]] = {}  # id of a defaulting read -> its default
        # local -> the validated or escaped form it holds (`url, _ = page_link(page)`), and per
        # f-string being scanned the ids of the forms its placeholders show (see _shown_beside)
        self._form_holders: dict[str, cst.CSTNode] = {}
        # ids of forms bound to a local nobody reads (`safe_title = html.escape(title)`): the
        # value to render, whatever the raw value rendered beside it was checked for (see bind)
        self._unused_form_nodes: set[int] = set()
        self._shown_forms: list[set[int]] = []
        # argument -> defaults a lookup's fallback supplied for its missing value (_missing_fallback)
        self._fallback_uses: dict[str, list[DefaultUse]] = {}
        self._bound_value: cst.BaseExpression | None = None  # the value of the assignment being walked
        self._bound_target: cst.BaseExpression | None = None  # and its one target (None: several)
        self._tidied_values: list[Val] = []  # values string methods tidied in that assignment
        # id of a helper call returning a merged copy -> the defaults its merge supplied
        self._call_defaults: dict[int, dict[str, DefaultUse]] = {}
        # alias of a merged copy (`{**DEFAULTS, **arguments}`) -> key -> the default the merge supplied
        self._supplied_defaults: dict[str, dict[str, DefaultUse]] = {}
        # alias of `defaultdict(factory, arguments)` -> (that call, what the factory makes)
        self._key_fillers: dict[str, tuple[cst.CSTNode, Any]] = {}
        # local -> `inspect.signature(f).bind(**arguments)` it holds: `f(*b.args, **b.kwargs)` is `f(**arguments)`
        self._bound_signatures: dict[str, cst.Call] = {}
        self._per_served_tables = False  # _table_for_served also answers keys only some served names hold
        # id of a helper call that returns such a `defaultdict` of the mapping -> what the factory makes
        self._filler_results: dict[int, Any] = {}
        self._namespaces: set[str] = set()  # locals holding `SimpleNamespace(**arguments)`
        self._namespace_results: set[int] = set()  # ids of helper calls that hand back such a namespace
        # what the function a call runs closes over (see _closure_target), for the next _helper_call
        self._closure_env: dict[str, Any] = {}
        # local -> (its value, the dict of known keys it holds), until it is rebound or merged
        self._constant_dicts: dict[str, tuple[cst.BaseExpression, dict]] = {}
        self._quiet = 0
        self._command_text = 0  # > 0 while the arguments of a shell, SQL or HTTP call are scanned
        # inside an error message or a log line: a value there is not used as the argument
        # (``_quiet`` also covers helpers walked in place, whose uses of a value still count)
        self._muted = 0
        self._handed = 0  # depth of helpers walked in place because they were handed argument values
        # `missing = [k for k in REQUIRED if not args.get(k)]`: local name -> the keys it checks
        self._key_checks: dict[str, list[str]] = {}
        # `missing = [a for a, req, _ in ARGS[name] if req and not args.get(a)]`: local name ->
        # requested name -> the keys it checks for that name
        self._key_checks_for: dict[str, dict[str, frozenset[str]]] = {}
        #: locals collecting the missing required arguments of declarations the model does not
        #: know (``missing = [a.name for a in self.arguments if a.required and ...]``)
        self._whole_checks: set[str] = set()
        # `missing = [...]` locals whose tests read only the caller's own mapping (no copy that
        # holds defaults): the keys they check, None for every required one (see apply_guard)
        self._own_mapping_checks: dict[str, frozenset[str] | None] = {}
        # id of a call of a helper walked in place that returns such a check -> what it checks
        self._call_key_checks: dict[int, KeyCheck] = {}
        # `missing = [n for n, v in (("x", x), ("y", y)) if not v]`: local name -> the values
        # it collects (local variable, the test, the loop variable the test is about)
        self._value_checks: dict[str, list[tuple[str, cst.BaseExpression, str]]] = {}
        # id of a call of a helper walked in place -> its failure returns (mcplint.model.returns)
        self.helper_failures: dict[int, list] = {}
        # locals holding exception text an `except` clause put in place of the result
        # (mcplint.model.returns.note_kept_exception) -> that assignment; and the ones reported
        self.kept_exceptions: dict[str, cst.Assign] = {}
        self.reported_kept: set[int] = set()
        # outcome flags an `except` clause set to failed (`ok = False`) -> (that assignment, the
        # clause), sent later as `{"success": ok, ...}` (mcplint.model.returns.kept)
        self.kept_flags: dict[str, tuple[cst.CSTNode, cst.ExceptHandler]] = {}
        self._class_methods: dict[str, cst.FunctionDef] | None = None
        self._method_call: tuple[bool, dict[str, cst.FunctionDef]] | None = None  # see _helper_call
        self._leading_args: tuple[Any, ...] = ()  # likewise: the arguments a partial bound
        self._preset_keywords: dict[str, cst.BaseExpression] = {}  # likewise: the keywords a partial bound
        self._partials: dict[str, cst.Call] = {}  # local -> the `functools.partial(f, ...)` it holds
        self._skipped_args = 0  # likewise: leading arguments of the call that are not the helper's (partial's fn)
        # `str(...)` calls whose text a conversion that fails on "None" parses next (`Decimal(str(raw))`)
        self._str_into_conversion: set[int] = set()
        # id of a `Model.model_validate(arguments)` call -> field -> its default; and the locals
        # holding such a model: `req.tone` is the validated value of the argument `tone`
        self._model_results: dict[int, dict[str, Any]] = {}
        self._model_locals: dict[str, dict[str, Any]] = {}
        # local -> the argument it was converted from (`pct = float(raw)`, `n = int(days) - 1`): a
        # test of it that fails rejects what the caller sent (see test_reason)
        self._converted: dict[str, str] = {}
        # id of a call of a helper walked in place whose every return is the mapping it was
        # handed (`args = require_arguments(arguments)`) -> whether that may be None
        self._mapping_results: dict[int, bool] = {}
        # id of a dict literal scanned -> the argument values its entries hold; and the locals
        # bound to such a dict (`fields = {"topic": args.get("topic")}`), see _render_field_dict
        self._dict_values: dict[int, list[Val]] = {}
        self._field_dicts: dict[str, list[Val]] = {}
        # id of an `args.get("k")` call written as a call's argument -> the value it read
        self._handed_reads: dict[int, Val] = {}
        # project classes of instances called on, and the enclosing functions' bindings (see _instance_class)
        self._instance_memo: dict[str, dict] = {}

    # -- entry --------------------------------------------------------------------------
    def run(self) -> None:
        """Walk the handler and record its facts on ``self.handler``."""
        state = State(served=None, aliases=dict(self.spec.mapping_names), values={},
                      name_vars=set(self.spec.name_names))
        for name, param in self.spec.parameters.items():
            state.values[name] = Val(key=name, node=param.name, missing="")
        body = suite_statements(self.handler.function.body)
        end, exits = self.walk_block(body, state)
        if not exits and body and self.handler.style == "mapping" and self.handler.kind == "prompt" \
                and not _is_generator(self.handler.function):
            record_fall_off(self, body[-1], end)  # the `None` a body that ends without `return` answers
        # `@logged` re-raising what a prompt handler raised (a tool's decorators are judged where
        # the handler raises, by mcplint.model.returns.wrappers, for MCP207)
        for decorator in self.handler.function.decorators if self.handler.kind == "prompt" else ():
            self._cross_boundary(self._boundary_function(decorator.decorator), 0, decorator.decorator, 0)
        mark_dropped_reads(self.handler, self.info.functions, self.info)

    def _is_task_group(self, expr: cst.BaseExpression) -> bool:
        """``asyncio.TaskGroup()`` / ``anyio.create_task_group()`` (a ``with`` item)."""
        name = self.info.qualify(expr.func) if isinstance(expr, cst.Call) else None
        return name in ("asyncio.TaskGroup", "anyio.create_task_group", "asyncio.taskgroups.TaskGroup")

    def _group_raises(self, statement: cst.With, start: int, state: State) -> None:
        """A task group re-raises its tasks' failures as an ``ExceptionGroup`` (Python 3.11
        ``asyncio.TaskGroup``, anyio 4 task groups) when the block ends: whatever the work in it
        raised (``McpError(INVALID_PARAMS)`` included) reaches the SDK as that group, which no
        stack maps to -32602. The raises recorded from ``start`` on become one raise of the
        group at the ``with`` statement, with the first caller error's reason."""
        inside = self.handler.raises[start:]
        if not inside:
            return
        group = ErrorKind("generic", "ExceptionGroup", ancestors=("Exception",))
        if any(error_caught_by(group, caught) for caught in state.caught):
            del self.handler.raises[start:]  # an enclosing `except Exception` / `except*` answers the group
            return
        first = next((site for site in inside if site.reason is not None), inside[0])
        self.handler.raises[start:] = [replace(first, node=statement, error=group, implicit=None, when_missing=False,
                                               through=(first.error.name, "the task group"))]

    def _boundary_function(self, expr: cst.BaseExpression) -> cst.FunctionDef | None:
        """The project function a ``with`` item or a decorator runs (``error_boundary(...)``,
        ``logged``), or None."""
        func = expr.func if isinstance(expr, cst.Call) else expr
        name = dotted_name(func)
        if name is not None and name in self.info.classes and isinstance(expr, cst.Call):
            methods = self._class_methods_of(self.info.classes[name])  # `with Translate():` runs its __exit__
            return methods.get("__exit__") or methods.get("__aexit__")
        return self.info.functions.get(name) if name is not None else None

    def _cross_boundary(self, function: cst.FunctionDef | None, start: int, call: cst.BaseExpression | None = None,
                        reads_start: int | None = None) -> None:
        """Replace the raises recorded from ``start`` on by what ``function``'s clauses make of
        them (:mod:`mcplint.model.error_boundaries`): the clause's own raise, with the caller
        error's reason, in place of the raise it caught; nothing for one it swallows."""
        clauses = boundary_clauses(self.info, function, call if isinstance(call, cst.Call) else None) \
            if function is not None else None
        if not clauses:
            return
        if reads_start is not None:
            self._reads_through_boundary(clauses, reads_start, start)
        kept, crossed = self.handler.raises[:start], []
        for site in self.handler.raises[start:]:
            clause = first_clause(clauses, lambda name, error=site.error: error_caught_by(error, name))
            if clause is None or (clause.raised is None and not clause.swallows):
                crossed.append(site)
                continue
            if clause.raised is None:
                continue  # swallowed: the boundary answers, no error reaches the client
            error = classify_raise(self.info, self.evaluator, clause.raised.exc)
            if error is None or any(s.node is clause.raised for s in crossed):
                continue
            crossed.append(replace(site, node=clause.raised, error=error, implicit=None, when_missing=False,
                                   through=(site.error.name, f"{function.name.value}()")))
        self.handler.raises[:] = kept + crossed

    def _reads_through_boundary(self, clauses, reads_start: int, start: int) -> None:
        """``args["base"]`` inside ``with invalid_params(KeyError):`` (or under a prompt's
        ``@client_errors``): the KeyError of a missing key is the boundary's to answer, like a
        written raise. Each unguarded subscript read since ``reads_start`` is marked guarded and,
        when a clause takes KeyError, recorded as a KeyError raise (from ``start`` on, so the
        crossing that follows turns it into the clause's own raise or drops it as swallowed)."""
        clause = first_clause(clauses, lambda name: is_subclass_name("KeyError", name))
        if clause is None or (clause.raised is None and not clause.swallows):
            return
        for read in self.handler.reads[reads_start:]:
            if read.form != "subscript" or read.guarded or read.mapping_may_be_none:
                continue
            read.guarded = True
            self.handler.raises.insert(start, RaiseSite(node=read.node, error=ErrorKind("generic", "KeyError"),
                                                        reason="argument", key=read.key, served=read.served,
                                                        when_missing=True))

    # -- statements ---------------------------------------------------------------------
    @property
    def walks_helper(self) -> bool:
        """Whether this walk is of a helper walked in place (not of the handler itself)."""
        return self._function is not None

    def walk_block(self, statements, state: State) -> tuple[State, bool]:
        """Walk ``statements``; return the state after them and whether they always exit."""
        statements = list(statements)
        for index, statement in enumerate(statements):
            state, exits = self.walk_statement(statement, state)
            if exits:
                return state, True
            after = index + 1
            while after < len(statements) and self._not_taken(statements[after]):
                after += 1  # `if fallback is not None: return fallback`, the call passed no fallback
            if _returns_then_raises(statement, statements[after:after + 1]):
                # `if value: return value` then `raise ...`: the same as `if not value: raise`, so
                # what the test lets through to the raise (a default "" it finds false) is rejected
                self.apply_guard(statement.test, state, negate=True)
        return state, False

    def _not_taken(self, statement: cst.CSTNode) -> bool:
        """An ``if`` without ``else`` known never to run (a helper's test of the constants its
        call passed: :meth:`HelperWalker._folded`); the handler's own walk knows none."""
        return False

    def walk_statement(self, statement: cst.CSTNode, state: State) -> tuple[State, bool]:
        self._statement = statement
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if self.walk_small(small, state):
                    return state, True
            if not all(_is_bookkeeping(small) for small in statement.body):
                _work_done(state, self.declared_names)
            return state, False
        if isinstance(statement, cst.If):
            return self.walk_if(statement, state)
        _work_done(state, self.declared_names)
        if isinstance(statement, cst.Match):
            return self.walk_match(statement, state)
        if isinstance(statement, (cst.Try, cst.TryStar)):  # `except* E` catches a bare E raised in the body too
            return self.walk_try(statement, state)
        if isinstance(statement, cst.For) and self._unrolled_envs(statement, state) is not None:
            return self._walk_unrolled(statement, state)
        if isinstance(statement, (cst.For, cst.While)):
            if isinstance(statement, cst.For):
                self.scan(statement.iter, state)
                note_kept_loop(self, statement)
            else:
                self.scan(statement.test, state)
            inner, _ = self._walk_pass(statement, state.copy())
            self._merge_reads_only(state, inner)
            if isinstance(statement, cst.For):
                self._loop_guard(statement, state)
                if state.caller_reason is None and self._searches_for_name(statement, state):
                    state.caller_reason = ("unknown-name", None)  # only a name no item matched gets past
                found = self._picked_by_name(statement, state)
                if found is not None:
                    state.lookups.add(found)
            _mark_exhausted(statement, state)
            return state, False
        if isinstance(statement, cst.With):
            for item in statement.items:
                self.scan(item.item, state)
            suppressed = suppressed_errors(statement, self.info.qualify)
            raises_before, reads_before = len(self.handler.raises), len(self.handler.reads)
            if suppressed:
                after, exits = self._walk_suppressing(statement, suppressed, state), False
            else:
                after, exits = self.walk_block(suite_statements(statement.body), state)
            for item in statement.items:  # `with error_boundary(...):` re-raising what its body raised
                self._cross_boundary(self._boundary_function(item.item), raises_before, item.item, reads_before)
            if any(self._is_task_group(item.item) for item in statement.items):
                self._group_raises(statement, raises_before, state)
            swallow = swallowing_manager(self.info, self._function or self.handler.function, statement, bool(suppressed),
                                         set(state.values) | set(state.aliases)) \
                if not exits and after.failure is None else None
            if swallow is not None:  # the block's failure is swallowed: what follows answers as a success
                after.failure, after.except_clause = "swallowed", swallow[0]
                after.failure_key = swallow[1]
            return after, exits
        return state, False  # nested def/class: not part of this handler's flow

    def _unrolled_envs(self, loop: cst.For, state: State) -> list[dict[str, Any]] | None:
        """The loop variables' values per pass of ``for field in ("a", "b"):`` or ``for key,
        default in DEFAULTS.items():`` when the loop can be walked once per item: a known, short
        tuple or list of strings (or a known dict's string-keyed items), plain loop variables,
        no ``break``/``else`` (every item then runs, in order) and not inside another unrolled
        loop (the budget)."""
        if self._loop_env or loop.orelse is not None \
                or isinstance(loop.iter, cst.Name) and loop.iter.value in state.aliases:
            return None
        if any(isinstance(node, cst.Break) for node in walk(loop.body, into_nested_scopes=False)):
            return None
        if isinstance(loop.target, cst.Name):
            items = _iterated(self.evaluator.eval(loop.iter, self._env(state)))
            if not isinstance(items, (list, tuple)) or not items or len(items) > _MAX_UNROLLED:
                return None
            # strings, the declared arguments of the prompt object itself (`self.arguments`), or
            # the fields of a dataclass (`for f in fields(ReviewArgs)`: its reads are `args[f.name]`)
            if not all(isinstance(item, str) for item in items) and not (
                    self.spec.instance is not None and "self" in _names_in(loop.iter)
                    and all(isinstance(item, ObjectValue) for item in items)) \
                    and not all(isinstance(item, ObjectValue) and item.kind == "Field" for item in items) \
                    and not self._searches_objects(loop, items, state):
                return None
            return [{loop.target.value: item} for item in items]
        return self._unrolled_items(loop, state)

    def _searches_objects(self, loop: cst.For, items: list, state: State) -> bool:
        """``for tool in TOOLS: if tool.name == name: return await tool.execute(arguments)``: a
        search for the requested name (:meth:`_searches_for_name`) over known objects of project
        classes (``TOOLS = [ParseTool(), EchoTool()]``). Walked once per object, the test picks
        the name each serves and the call in its body runs that object's class's method."""
        if not isinstance(loop.target, cst.Name) or not all(
                isinstance(item, ObjectValue) and item.kind == INSTANCE and item.cls is not None for item in items) \
                or not self._searches_for_name(loop, state):
            return False
        # every object must say which name it serves (`tool.name` known): an object whose name
        # is not known would serve every name on its pass, and its reads would count for all
        tests = [node.test for node in walk(loop.body, into_nested_scopes=False)
                 if isinstance(node, cst.If) and self._compares_name(node.test, state)]
        if len(tests) != 1:
            return False
        test = tests[0]
        other = test.comparisons[0].comparator if self.is_name_expr(test.left, state) else test.left
        names = [self.evaluator.eval(other, {**self._env(state), loop.target.value: item}) for item in items]
        return all(isinstance(name, str) for name in names) and len(set(names)) == len(names)

    def _scan_unrolled_comprehension(self, node, state: State, render: bool) -> bool:
        """``[f"{k}: {arguments[k]}" for k in ("title", "summary") if arguments.get(k)]``: a
        comprehension over a short literal tuple of strings, scanned once per item with its
        variable bound, as a ``for`` statement over it is walked (reads of each key are then
        reads, not an escape). False (nothing scanned) for any other comprehension."""
        loop = node.for_in
        if self._loop_env or loop.inner_for_in is not None or not isinstance(loop.target, cst.Name) \
                or loop.asynchronous is not None:
            return False
        if not isinstance(node, cst.DictComp) and isinstance(node.elt, cst.Name) and node.elt.value == loop.target.value:
            return False  # `[k for k in KEYS if not args.get(k)]`: a key check (_record_key_check)
        items = _iterated(self.evaluator.eval(loop.iter, self._env(state)))
        if not isinstance(items, (list, tuple)) or not items or len(items) > _MAX_UNROLLED \
                or not all(isinstance(item, str) or (isinstance(item, ObjectValue) and item.kind == "Field")
                           for item in items):
            return False
        parts = [node.key, node.value] if isinstance(node, cst.DictComp) else [node.elt]
        self.scan(loop.iter, state)
        try:
            for item in items:
                self._loop_env = {loop.target.value: item}
                inner = state.copy()
                for condition in loop.ifs:
                    self.scan(condition.test, inner)
                    self._enter_filter(condition.test, inner)
                for part in parts:
                    self.scan(part, inner, render)
                self._merge_reads_only(state, inner)
        finally:
            self._loop_env = {}
        return True

    def _declared_check_reads(self, node, state: State) -> bool:
        """``[a.name for a in prompt.arguments or [] if a.required and not args.get(a.name)]``
        (or over a tool schema's required list) where the served declarations are known: the
        keys it looks up are the declared (required) arguments, each a presence test of its
        own key (recorded per declaration), not reads the walk cannot list. False (nothing
        recorded, the comprehension scanned as any other) when the declarations are unknown."""
        loop = node.for_in if not isinstance(node, cst.DictComp) else None
        targets = _target_names(loop.target) if loop is not None else None
        if loop is None or loop.inner_for_in is not None or not loop.ifs or targets is None:
            return False
        key_tests, filters = self._key_tests_and_filters([check.test for check in loop.ifs], state)
        schema = _checks_schema_required(loop.iter, targets, key_tests, filters)
        if not key_tests or not (schema or _checks_declared_arguments(self._declared_rows(loop.iter), targets, key_tests, filters)):
            return False
        declarations = self.handler.served_declarations(state.served)
        if not declarations or any(d.arguments is None or d.name is None for d in declarations):
            return False
        for declaration in declarations:
            served = frozenset({declaration.name})
            for argument in declaration.arguments:
                if argument.required or not (filters or schema):
                    self._read(argument.name, node, "contains", replace(state, served=served))
        return True

    def _enter_filter(self, test: cst.BaseExpression, state: State) -> None:
        """Past a comprehension's ``if``: what the test established for the element, as inside
        an ``if`` block (``k in args``), and a key whose ``args.get(k)`` was truthy is present."""
        self.enter_condition(test, state)

    def _known_operands_dropped(self, test: cst.BaseExpression, state: State) -> cst.BaseExpression:
        """``arg.required and not value`` in a loop walked once per declared argument: an
        ``and`` operand known true (an ``or`` operand known false) from the loop variable's
        value says nothing, so the test is the other operand. Anything else as written."""
        if not isinstance(test, cst.BooleanOperation):
            return test
        left = self.evaluator.eval(test.left, self._env(state))
        if isinstance(left, bool) and left == isinstance(test.operator, cst.And):
            return self._known_operands_dropped(test.right, state)
        return test

    def _unrolled_items(self, loop: cst.For, state: State) -> list[dict[str, Any]] | None:
        """``for key, default in DEFAULTS.items():`` over a known dict with string keys."""
        target, source = loop.target, loop.iter
        if not isinstance(target, cst.Tuple) or len(target.elements) != 2 \
                or not all(isinstance(e.value, cst.Name) for e in target.elements) \
                or not isinstance(source, cst.Call) or not isinstance(source.func, cst.Attribute) \
                or source.func.attr.value != "items" or source.args or self.is_mapping(source.func.value, state):
            return None
        table = self.evaluator.eval(source.func.value, self._env(state))
        if not isinstance(table, dict) or not table or len(table) > _MAX_UNROLLED \
                or not all(isinstance(key, str) for key in table):
            return None
        first, second = (e.value.value for e in target.elements)
        return [{first: key, second: value} for key, value in table.items()]

    def _walk_unrolled(self, loop: cst.For, state: State) -> tuple[State, bool]:
        """Walk ``loop``'s body once per item with the loop variables bound to it: the reads,
        checks and raises of each pass are those of that key."""
        envs = self._unrolled_envs(loop, state) or []
        for name in envs[0] if envs else ():
            state.values.pop(name, None)
            state.others.pop(name, None)
            state.aliases.pop(name, None)
        try:
            for env in envs:
                self._loop_env = env
                state, exits = self._walk_pass(loop, state)
                if exits:
                    return state, True
        finally:
            self._loop_env = {}
        if state.caller_reason is None and self._searches_for_name(loop, state):
            state.caller_reason = ("unknown-name", None)  # as for a loop walked once: no item took the name
        _mark_exhausted(loop, state)
        return state, False

    def _walk_pass(self, loop: cst.For | cst.While, state: State) -> tuple[State, bool]:
        """One pass of a loop's body. Keys an ``if not args.get(k): continue`` proved present hold
        for the rest of this pass only, not after the loop."""
        before, saved = set(state.present), self._pass_keys
        self._loop_depth += 1
        self._pass_keys = set()
        try:
            state, exits = self.walk_block(suite_statements(loop.body), state)
            state.present -= self._pass_keys - before
        finally:
            self._loop_depth -= 1
            self._pass_keys = saved
        return state, exits

    def _skips_pass(self, node: cst.If) -> bool:
        """``if not args.get(k): continue`` inside a loop body: the block only goes on to the
        next pass (a bare ``continue``, perhaps after a logging call)."""
        if not self._loop_depth or node.orelse is not None:
            return False
        statements = suite_statements(node.body)
        if not statements or not all(isinstance(st, cst.SimpleStatementLine) for st in statements):
            return False
        smalls = [small for st in statements for small in st.body]
        return isinstance(smalls[-1], cst.Continue) and all(
            isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and _is_logging_call(small.value.func)
            for small in smalls[:-1])

    def _note_constant_dict(self, assign: cst.Assign, state: State) -> None:
        """``merged = dict(DEFAULTS)`` (``{**DEFAULTS}``, ``DEFAULTS.copy()``, a literal): a local
        dict of known string keys, which ``merged.update(arguments)`` turns into the mapping."""
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return
        name = assign.targets[0].target.value
        self._constant_dicts.pop(name, None)
        if name in state.aliases or name in state.values:
            return
        table = self.evaluator.eval(assign.value, self._env(state))
        if isinstance(table, dict) and all(isinstance(k, str) for k in table):
            self._constant_dicts[name] = (assign.value, dict(table))
            return
        made = self._empty_filler(assign.value, state)
        if made is not None:  # `table = defaultdict(str)`: every key it lacks reads as ""
            self._constant_dicts[name] = (assign.value, made)

    def _empty_filler(self, node: cst.BaseExpression, state: State) -> "_AnyKey | None":
        """``defaultdict(str)`` / ``defaultdict(lambda: "main")`` with no mapping yet: a dict
        whose every absent key reads as the factory's value (None: no such call, or a factory
        that makes None). (Python ``collections.defaultdict.__missing__``.)"""
        if not isinstance(node, cst.Call) or len(node.args) != 1 or node.args[0].star or node.args[0].keyword \
                or (self.info.qualify(node.func) or dotted_name(node.func) or "").rsplit(".", 1)[-1] != "defaultdict":
            return None
        value = self._factory_value(node.args[0].value, state)
        return _AnyKey(value) if value is not None else None

    def _factory_value(self, factory: cst.BaseExpression, state: State) -> Any:
        """What ``factory()`` makes: a zero-argument lambda's known body, a builtin type's empty
        value, else UNKNOWN (None when the lambda makes None)."""
        if isinstance(factory, cst.Lambda) and not factory.params.params:
            return self.evaluator.eval(factory.body, self._env(state))
        return _FACTORY_VALUES.get(dotted_name(factory) or "", UNKNOWN)

    def _merge_into_defaults(self, node: cst.BaseExpression, state: State) -> bool:
        """``merged.update(arguments)`` on a local dict of known keys (see
        :meth:`_note_constant_dict`): ``merged`` becomes the mapping with those keys' values as
        defaults, like ``{**DEFAULTS, **arguments}``. The update may filter or transform the
        caller's entries (``{k: v.strip() for k, v in arguments.items() if v}``): what it keeps
        still overrides the default. True when ``node`` was such a call and was recorded."""
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) \
                or node.func.attr.value != "update" or not isinstance(node.func.value, cst.Name) \
                or node.func.value.value not in self._constant_dicts or len(node.args) != 1 or node.args[0].keyword:
            return False
        source = node.args[0].value
        if not (self.is_mapping(source, state) or self._mapping_items_copy(source, state)):
            return False
        name = node.func.value.value
        value_node, table = self._constant_dicts.pop(name)
        if isinstance(table, _AnyKey):  # `table = defaultdict(str); table.update(arguments)`
            state.aliases[name] = False
            self._key_fillers[name] = (value_node, table.value)
            return True
        supplied = self._supplied_defaults.setdefault(name, {})
        for key, default in table.items():
            if default is not None and default is not UNKNOWN:
                supplied[key] = self._default(key, value_node, default, state)
            state.present.add(key)  # the merged dict has the key whatever the caller sent
        state.aliases[name] = False
        return True

    def _carry_supplied_default(self, mapping: cst.BaseExpression, value: Val,
                                value_served: frozenset[str] | None = None) -> None:
        """A read through a merged copy holds the default the merge supplied when the caller
        left the key out: later checks of the value judge that default."""
        use = self._supplied_defaults.get(mapping.value, {}).get(value.key) if isinstance(mapping, cst.Name) else None
        if use is not None and _may_serve_same(use.served, value_served):
            value.default, value.missing = use, use.value

    def _supplied_by(self, mapping: cst.BaseExpression) -> dict[str, DefaultUse] | None:
        """The defaults a copy of the mapping already holds: those of an alias
        (``args.setdefault``, a merge) or of a helper's call returning it (``fill(args)``)."""
        if isinstance(mapping, cst.Name):
            return self._supplied_defaults.get(mapping.value)
        return self._call_defaults.get(id(mapping)) if isinstance(mapping, cst.Call) else None

    def _mapping_items_copy(self, node: cst.BaseExpression, state: State) -> bool:
        """``{k: v... for k, v in arguments.items() ...}``: the caller's entries, filtered or transformed."""
        if not isinstance(node, cst.DictComp) or node.for_in.inner_for_in is not None:
            return False
        source = node.for_in.iter
        return isinstance(source, cst.Call) and isinstance(source.func, cst.Attribute) \
            and source.func.attr.value == "items" and not source.args and self.is_mapping(source.func.value, state)

    def _is_lookup_key(self, assign: cst.Assign) -> bool:
        """``key = f"{name}:{arguments}"`` whose only uses are as a dict key (``CACHE[key]``,
        ``key in CACHE``, ``CACHE.get(key)``): text that indexes a table, never shown."""
        if not isinstance(assign.value, cst.FormattedString) or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0].target, cst.Name) or _is_url_text(assign.value):
            return False  # `url = f"{API}/users/{name}"` then `requests.get(url)`: a request, not a key
        return _used_only_as_key(self._function or self.handler.function, assign.targets[0].target.value,
                                 set(self.info.imports))

    def _quietly_scan_key(self, value: cst.FormattedString, state: State) -> None:
        """Scan a lookup key's parts for reads, rendering nothing."""
        for part in value.parts:
            if isinstance(part, cst.FormattedStringExpression):
                self.scan(part.expression, state)

    def _record_key_check(self, assign: cst.Assign, state: State) -> None:
        """Remember ``missing = [k for k in KEYS if k not in args]`` (list, set or generator),
        ``missing = {"team", "tone"} - set(args)``, and ``missing = missing_required(name, args)``
        on a project helper that returns such a comprehension."""
        value = assign.value
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return
        local = assign.targets[0].target.value
        # reassigned: whatever it checked before (another branch's list) is gone
        self._own_mapping_checks.pop(local, None)
        self._key_checks.pop(local, None)
        self._key_checks_for.pop(local, None)
        self._whole_checks.discard(local)
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract):
            # `missing = {"team", "tone"} - set(args)` (or minus the keys with a non-blank value)
            left = value.left  # `set(REQUIRED) - args.keys()`: the names REQUIRED lists
            if isinstance(left, cst.Call) and dotted_name(left.func) in ("set", "frozenset") and len(left.args) == 1:
                left = left.args[0].value
            keys = self.evaluator.eval(left, self._env(state))
            if isinstance(keys, (set, frozenset, tuple, list)) and keys and all(isinstance(k, str) for k in keys) \
                    and self._mentions_mapping(value.right, state):
                self._key_checks[local] = sorted(keys)
            return
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, cst.Call) and id(value) in self._call_key_checks:
            self._store_key_check(local, self._call_key_checks.pop(id(value)))
            return
        if not isinstance(value, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return
        self._record_value_check(local, value, state)
        checks = self._checked_keys(value, state)
        if checks is not None:
            self._store_key_check(local, checks)
            common, by_name = checks
            keys = set(common)
            if state.served is not None and len(state.served) == 1:
                keys |= by_name.get(next(iter(state.served)), frozenset())
            self._note_own_mapping_check(local, value, state, frozenset(keys))
        elif self._collects_undeclared_check(value, state):
            self._whole_checks.add(local)
            self._note_own_mapping_check(local, value, state, None)

    def _collects_undeclared_check(self, comp: cst.BaseExpression, state: State) -> bool:
        """``[a.name for a in self.arguments if a.required and not args.get(a.name)]`` over
        declarations the model does not know (arguments made from annotations, from data): a
        check of every required argument all the same, so the mapping counts as validated."""
        loop = comp.for_in if isinstance(comp, (cst.ListComp, cst.SetComp, cst.GeneratorExp)) else None
        if loop is not None and loop.inner_for_in is not None and self._selects_requested(loop, state):
            loop = loop.inner_for_in  # `for p in PROMPTS if p.name == name for a in p.arguments or [] ...`
        targets = _target_names(loop.target) if loop is not None else None
        if loop is None or loop.inner_for_in is not None or not loop.ifs or targets is None:
            return False
        key_tests, filters = self._key_tests_and_filters([check.test for check in loop.ifs], state)
        return bool(key_tests) and (_checks_declared_arguments(self._declared_rows(loop.iter), targets, key_tests, filters)
                                    or _checks_schema_required(loop.iter, targets, key_tests, filters))

    def _declared_rows(self, rows: cst.BaseExpression) -> cst.BaseExpression:
        """What a loop over a local iterates when the walked function binds that local once
        and only by a plain assignment (``declared = PROMPTS[name].arguments or []`` then ``for a
        in declared``); ``rows`` itself otherwise."""
        function = self._function or self.handler.function
        if not isinstance(rows, cst.Name) or function is None or rows.value not in assigned_names(function):
            return rows
        values = [node for node in walk(function.body, into_nested_scopes=False) if rows.value in names_bound_by(node)]
        if len(values) == 1 and isinstance(values[0], cst.Assign) and len(values[0].targets) == 1 \
                and isinstance(values[0].targets[0].target, cst.Name):
            return values[0].value
        return rows

    def _note_own_mapping_check(self, local: str, comp: cst.BaseExpression, state: State,
                                keys: frozenset[str] | None) -> None:
        """Keep ``missing = [...]`` as a check of the caller's own mapping when no mapping its
        tests read is a copy holding defaults (``values = {**DEFAULTS, **args}``): then ``if
        missing: raise`` stops every call that left a checked key out."""
        mappings = {node.value for node in _walk_expr(comp) if type(node) is cst.Name and self.is_mapping(node, state)}
        if mappings and not any(self._supplied_defaults.get(name) for name in mappings):
            self._own_mapping_checks[local] = keys

    def _selects_requested(self, loop: cst.CompFor, state: State) -> bool:
        """``for p in PROMPTS if p.name == name``: a loop whose one filter keeps the declaration
        of the requested name (the outer loop of a check of that declaration's arguments)."""
        if not isinstance(loop.target, cst.Name) or len(loop.ifs) != 1:
            return False
        test = loop.ifs[0].test
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
                or not isinstance(test.comparisons[0].operator, cst.Equal):
            return False
        sides = (test.left, test.comparisons[0].comparator)
        return any(dotted_name(side) == f"{loop.target.value}.name" and self.is_name_expr(other, state)
                   for side, other in (sides, sides[::-1]))

    def _store_key_check(self, local: str, checks: "KeyCheck") -> None:
        common, by_name = checks
        if common:
            self._key_checks[local] = list(common)
        if by_name:
            self._key_checks_for[local] = by_name

    def _checked_keys(self, comp: cst.BaseExpression, state: State) -> "KeyCheck | None":
        """The keys a comprehension collects when they are missing: ``[k for k in KEYS if not
        args.get(k)]``, and over declaration rows ``[a for a, required, _ in ARGUMENTS[name] if
        required and not args.get(a)]`` (an operand that does not look at the mapping filters
        the rows, evaluated per row). Returns (keys checked whatever the name, per requested
        name the keys checked for it) or None when the comprehension is no such check."""
        if not isinstance(comp, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return None
        loop = comp.for_in
        targets = _target_names(loop.target)
        if loop.inner_for_in is not None or not loop.ifs or targets is None:
            return None
        key_tests, filters = self._key_tests_and_filters([check.test for check in loop.ifs], state)
        if not key_tests or not all(_names_in(test) & set(targets) for test in key_tests):
            return None
        declared = self._declared_argument_check(loop, targets, key_tests, filters, state)
        if declared is not None:
            return declared
        if _checks_declared_arguments(self._declared_rows(loop.iter), targets, key_tests, filters) \
                or _checks_schema_required(loop.iter, targets, key_tests, filters):
            return None  # declarations not known: :meth:`_record_key_check` keeps it as a whole check
        rows = self.evaluator.eval(loop.iter, self._env(state))
        if isinstance(rows, (list, tuple)):
            keys = self._keys_of_rows(rows, targets, key_tests, filters, state)
            return (keys, {}) if keys else None
        table, by_name = self._row_table(loop.iter, state)
        if not table:
            return None
        per_entry = {}
        for entry, entry_rows in table.items():
            keys = self._keys_of_rows(entry_rows, targets, key_tests, filters, state) \
                if isinstance(entry_rows, (list, tuple)) else None
            if keys is None:
                return None
            per_entry[entry] = keys
        # keys every entry checks hold whichever entry was picked (a name the table lacks raises KeyError)
        lists = list(per_entry.values())
        common = [key for key in lists[0] if all(key in keys for keys in lists[1:])]
        by_name_keys = {entry: frozenset(keys) for entry, keys in per_entry.items()} if by_name else {}
        return (common, by_name_keys) if common or by_name_keys else None

    def _key_tests_and_filters(self, tests: list[cst.BaseExpression], state: State) -> tuple[list, list]:
        """The ``and`` operands of ``tests`` split into those that look at the mapping (``not
        args.get(a.name)``) and the filters on the row (``a.required``)."""
        operands = [operand for test in tests for operand in _and_operands(test)]
        key_tests = [operand for operand in operands if self._mentions_mapping(operand, state)]
        return key_tests, [operand for operand in operands if not self._mentions_mapping(operand, state)]

    def _declared_argument_check(self, loop: cst.CompFor, targets: tuple[str, ...], key_tests: list, filters: list,
                                 state: State) -> "KeyCheck | None":
        """``[a.name for a in prompt.arguments or [] if a.required and not args.get(a.name)]``:
        a loop over the ``arguments`` of a prompt object (the declaration looked up for the
        requested name, in the handler or handed to a helper) that collects each argument whose
        key the mapping lacks, the required ones when ``a.required`` filters them. The keys it
        checks are, per served prompt, its declared (required) arguments. Taken for the served
        declaration whatever the object is: it can only make rules quieter."""
        schema_required = _checks_schema_required(loop.iter, targets, key_tests, filters)
        if not schema_required and not _checks_declared_arguments(self._declared_rows(loop.iter), targets, key_tests, filters):
            return None
        declarations = self.handler.served_declarations(state.served)
        if not declarations or any(d.arguments is None or d.name is None for d in declarations):
            return None
        by_name = {d.name: frozenset(a.name for a in d.arguments if a.required or not (filters or schema_required))
                   for d in declarations}
        common = sorted(frozenset.intersection(*by_name.values()))
        return common, by_name

    def _keys_of_rows(self, rows, targets: tuple[str, ...], key_tests: list, filters: list,
                      state: State) -> list[str] | None:
        """Per row kept by ``filters``, the one key ``key_tests`` look at; None when a filter
        cannot be evaluated or a kept row's key is not one known string."""
        keys: list[str] = []
        saved = self._loop_env
        try:
            for row in rows:
                env = _bound_row(targets, row)
                if env is None:
                    return None
                self._loop_env = {**saved, **env}
                verdicts = [self.evaluator.eval(test, self._env(state)) for test in filters]
                if any(not isinstance(verdict, (bool, int, str, type(None))) for verdict in verdicts):
                    return None
                if not all(verdicts):
                    continue  # `required and ...` on an optional argument's row: not checked
                row_keys = set().union(*(self._keys_in(test, state) for test in key_tests))
                if len(row_keys) != 1:
                    return None
                keys.extend(row_keys)
        finally:
            self._loop_env = saved
        return keys

    def _row_table(self, node: cst.BaseExpression, state: State) -> tuple[dict | None, bool]:
        """``REQUIRED[name]`` with ``REQUIRED = {"report": ("team",), ...}``: the entries the
        subscript may select (only the served names' when it is the requested name), and
        whether it is the requested name."""
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1 \
                or not isinstance(node.slice[0].slice, cst.Index):
            return None, False
        table = self._literal_table(node.value, state)
        if table is None:
            return None, False
        if not self.is_name_expr(node.slice[0].slice.value, state):
            return table, False
        served = self._all_names(state.served)
        if served is not None:
            table = {name: entry for name, entry in table.items() if name in served}  # in the table's order, not a set's
        return table, True

    def _record_value_check(self, name: str, value: cst.BaseExpression, state: State) -> None:
        """``missing = [n for n, v in (("x", x), ("y", y)) if not v]``: the values it collects,
        so that ``if missing: raise`` judges their defaults."""
        loop = value.for_in
        target = loop.target
        if loop.inner_for_in is not None or len(loop.ifs) != 1 or not isinstance(target, cst.Tuple) \
                or len(target.elements) != 2 or not isinstance(loop.iter, (cst.Tuple, cst.List)):
            return
        variable = target.elements[1].value
        if not isinstance(variable, cst.Name) or variable.value not in _names_in(loop.ifs[0].test):
            return
        collected = []
        for element in loop.iter.elements:
            pair = element.value
            if not isinstance(pair, (cst.Tuple, cst.List)) or len(pair.elements) != 2 \
                    or not isinstance(pair.elements[1].value, cst.Name):
                return
            if pair.elements[1].value.value not in state.values:
                continue  # not an argument value: nothing to judge
            collected.append((pair.elements[1].value.value, loop.ifs[0].test, variable.value))
        self._value_checks[name] = collected

    def _loop_guard(self, loop: cst.For, state: State) -> None:
        """``for key in ("repo", "branch"): if key not in args: raise ...``: after the loop
        every listed key is present (the loop raised otherwise)."""
        self._judge_defaults_in_loop(loop, state)
        keys = _iterated(self.evaluator.eval(loop.iter, self._env(state)))
        if isinstance(keys, tuple) and keys and all(isinstance(k, ObjectValue) and k.kind == "Field" for k in keys):
            keys = [k.get("name") for k in keys]  # `for f in fields(Model): if f.name not in args: raise`
        if not isinstance(loop.target, cst.Name) or not isinstance(keys, (list, tuple)) \
                or not keys or not all(isinstance(k, str) for k in keys):
            self._declared_loop_guard(loop, state)
            return
        for statement in suite_statements(loop.body):
            if isinstance(statement, cst.If) and loop.target.value in _names_in(statement.test) \
                    and self._mentions_mapping(statement.test, state) and _raises_at_end(statement.body):
                state.present.update(keys)
                self._mark_mapping_present(statement.test, state)
                return

    def _judge_defaults_in_loop(self, loop: cst.For, state: State) -> None:
        """``values = dict.fromkeys(DECLARED, ""); values.update(arguments)`` then ``for arg in
        PROMPT.arguments: if arg.required and not values[arg.name]: raise``: a raising test in a
        loop over known keys (or declarations) that reads a copy whose defaults a merge supplied
        is run, per key, on that key's default: a default the test raises on is rejected (the
        fill happened, but the check after it still refuses the call)."""
        if not isinstance(loop.target, cst.Name):
            return
        rows = _iterated(self.evaluator.eval(loop.iter, self._env(state)))
        if not isinstance(rows, (list, tuple)) or not rows:
            return
        tests = [statement.test for statement in suite_statements(loop.body)
                 if isinstance(statement, cst.If) and _raises_at_end(statement.body)]
        for test in tests:
            for name in _names_in(test) & set(self._supplied_defaults):
                supplied = self._supplied_defaults[name]
                table = {key: use.value for key, use in supplied.items()}
                for row in rows:
                    use = supplied.get(_row_key(row))
                    if use is None or use.rejected or use.value is UNKNOWN:
                        continue
                    env = {**self._env(state), loop.target.value: row, name: table}
                    if self.evaluator.eval(test, env) is True:
                        use.rejected = True

    def _declared_loop_guard(self, loop: cst.For, state: State) -> None:
        """``for a in prompt.arguments: if a.required and a.name not in args: raise ...`` over
        the declaration served for the requested name: after the loop its required arguments
        are present, as after the comprehension form (:meth:`_declared_argument_check`)."""
        if not isinstance(loop.target, cst.Name):
            return
        for statement in suite_statements(loop.body):
            if not isinstance(statement, cst.If) or not _raises_at_end(statement.body):
                continue
            key_tests, filters = self._key_tests_and_filters([statement.test], state)
            if not key_tests:
                continue
            checks = self._declared_argument_check(loop, (loop.target.value,), key_tests, filters, state)
            if checks is None and _checks_declared_arguments(self._declared_rows(loop.iter), (loop.target.value,), key_tests, filters):
                state.all_present = True  # over declarations the model does not know: all the same a check
                self._mark_mapping_present(statement.test, state)
                return
            if checks is None:
                continue
            common, by_name = checks
            state.present.update(common)
            for requested, keys in by_name.items():
                state.present_for[requested] = state.present_for.get(requested, frozenset()) | keys
            self._mark_mapping_present(statement.test, state)
            return

    def walk_small(self, small: cst.BaseSmallStatement, state: State) -> bool:
        """Walk one small statement; True when it leaves the handler (return/raise)."""
        if isinstance(small, cst.Assign) and _unpacked_pairs(small):
            # `topic, level = args.get("topic", ""), args.get("level", "")`: one binding per element
            for target, item in _unpacked_pairs(small):
                self._bound_value, self._bound_target = item, target
                self._tidied_values = []
                self.bind(target, item, self.scan(item, state), state)
            note_helper_result(self, small, state)
            note_kept_exception(self, small, state)
            return False
        if isinstance(small, cst.Assign):
            self._bound_value = small.value.expression if isinstance(small.value, cst.Await) else small.value
            self._bound_target = small.targets[0].target if len(small.targets) == 1 else None
            self._tidied_values = []
            if self._is_lookup_key(small):
                self._quietly_scan_key(small.value, state)
                return False
            value = self.scan(small.value, state)
            self._split_unpacked(small, state)
            if isinstance(small.value, cst.Dict):  # `values = {"title": " ".join(title.split())}`
                for tidied in self._tidied_values:
                    state.normalized.setdefault(tidied.key, tidied.node)
            self._record_key_check(small, state)
            note_helper_result(self, small, state)
            note_kept_exception(self, small, state)
            note_failure_local(self, small, state)
            for target in small.targets:
                self.bind(target.target, small.value, value, state)
            if state.failure == "outcome" and state.failure_key is not None and any(
                    isinstance(t.target, cst.Name) and t.target.value == state.failure_key.partition("[")[0]
                    for t in small.targets):
                # `data = await fetch(MIRROR, ...)` inside `if data.get("error"):`: a fresh outcome
                # (a fallback), judged by its own test from here on
                state.failure, state.failure_key = None, None
            self._note_constant_dict(small, state)
            return False
        if isinstance(small, cst.AnnAssign):
            if small.value is not None:
                self.bind(small.target, small.value, self.scan(small.value, state), state)
                # `content: list[TextContent] = await impl(model)`: the helper's value, as for `=`
                note_helper_result(self, cst.Assign(targets=[cst.AssignTarget(target=small.target)], value=small.value),
                                   state)
            return False
        if isinstance(small, cst.AugAssign):
            self.scan(small.value, state)
            return False
        if isinstance(small, cst.Expr):
            if not self._merge_into_defaults(small.value, state):
                self.scan(small.value, state)
            note_kept_append(self, small.value)
            note_error_entry_append(self, small, state)
            return self._always_raising_call(small.value, state)
        if isinstance(small, cst.Return):
            if small.value is not None:
                self.scan(small.value, state, render=self.handler.style == "signature")
            record_return(self, small, state)
            return True
        if isinstance(small, cst.Raise):
            if small.exc is not None:
                # the error's message goes to the client as an error, not into the rendered text
                self._quiet += 1
                self._muted += 1
                try:
                    self.scan(small.exc, state)
                finally:
                    self._quiet -= 1
                    self._muted -= 1
                self.record_raise(small, small.exc, state)
            return True
        if isinstance(small, cst.Assert):
            reason = self.test_reason(small.test, state)
            if reason is None:  # `assert params.name == "whoami"`: fails for an unknown name
                passed, failed = self.narrow(small.test, state)
                if (passed, failed) != (state.served, state.served):
                    reason = ("unknown-name", None) if not failed else None
                    state.served = passed
            self.scan(small.test, state)
            self.record_assert(small, reason, state)
            self.apply_guard(small.test, state, negate=True)
            return False
        return False

    def walk_if(self, node: cst.If, state: State) -> tuple[State, bool]:
        self._statement = node  # an `elif` too: its test is its own place
        defaulted = self._guarded_default(node, state)
        if defaulted is not None:
            return defaulted, False
        simplified = self._known_operands_dropped(node.test, state) if self._loop_env else node.test
        if simplified is not node.test:  # `if arg.required and not value:` for a required arg
            node = node.with_changes(test=simplified)
        self.scan(node.test, state)
        true_served, false_served = self.narrow(node.test, state)
        reason = self.test_reason(node.test, state)
        body_state = state.copy()
        body_state.served = true_served
        body_state.vetted |= self._vetted_names(node.test, state)
        if reason is not None:
            body_state.caller_reason = reason
        true_fails, false_fails = failure_sides(self, node.test, state, guard=node)
        false_fails = false_fails or rejects_other_values(self, node, state)
        body_state.name_selected = state.name_selected or selects_name(self, node.test, state)
        true_outcome, false_outcome = outcome_failure_sides(self, node.test, state) if not (
            true_fails or false_fails) else (None, None)
        tests_value = not (true_fails or false_fails) and tests_argument_value(self, node.test, state)
        mark_failure_side(body_state, true_fails, true_outcome, tests_value, reason)
        if (body_state.failure is None or _judged_by_text(body_state)) and logs_error_then_returns(node.body):
            body_state.failure = "logged"  # `if db is None: logger.error(...); return ...`
        self.enter_condition(node.test, body_state)
        passes = self._unknown_passes(node.test, state)
        if passes is not None and state.unmatched is not False:
            body_state.unmatched = passes
        passed_true, passed_false = passed_sides(self, node.test, state)
        for name in passed_true:  # `if result.get("success"): ...`: the helper's failures go elsewhere
            body_state.results.pop(name, None)
        body_after, body_exits = self.walk_block(suite_statements(node.body), body_state)
        else_state = state.copy()
        for name in passed_false:  # `if not result.get("success"): result = retry(...)`: not taken, it passed
            else_state.results.pop(name, None)
        if isinstance(node.test, cst.UnaryOperation) and isinstance(node.test.operator, cst.Not) \
                and isinstance(node.test.expression, cst.Name):
            else_state.truthy.add(node.test.expression.value)  # `if not topic: ...` not taken
        else_state.served = false_served
        if reason is not None and isinstance(node.orelse, cst.Else):
            else_state.caller_reason = reason  # `if team: ... else: raise`: fails the same test
        if self._tests_mapping_absent(node.test, state):
            # `if not arguments: arguments = {}`: past the test the mapping was there. Local names
            # only: an attribute's state is the handler's, not this branch's.
            for inner in _walk_expr(node.test):
                if isinstance(inner, cst.Name) and inner.value in else_state.aliases:
                    else_state.aliases[inner.value] = False
        else_state.vetted |= self._vetted_names(node.test, state, negated=True)
        if passes is not None and state.unmatched is not False:
            else_state.unmatched = not passes
        mark_failure_side(else_state, false_fails, false_outcome, tests_value and isinstance(node.orelse, cst.Else),
                          reason)
        if (else_state.failure is None or _judged_by_text(else_state)) and isinstance(node.orelse, cst.Else) \
                and logs_error_then_returns(node.orelse.body):
            else_state.failure = "logged"
        if body_exits and _returns_tested_value(node):
            pass  # `if value: return value.strip()`: what passes the test is answered, not rejected
        elif body_exits:
            # A guard: what the test rejected is known to hold afterwards.
            self.apply_guard(node.test, else_state, negate=False)
            forget_checked_results(node.test, else_state)
            for name in sorted(_names_in(node.test) & self._deferred_checks.keys()):
                for deferred in self._deferred_checks.pop(name):  # `if problem: return error`
                    self.apply_guard(deferred, else_state, negate=False)
        elif self._skips_pass(node):  # `if not args.get(k): continue`: the rest of the pass has k
            present = self._key_present_when(node.test, state, False)
            if present is not None and present not in else_state.present:
                else_state.present.add(present)
                self._pass_keys.add(present)
        elif node.orelse is None:
            self._note_deferred_check(node)
        else:  # `if "k" not in args: ... else: args["k"]`: the else branch has the key
            absent = self._key_present_when(node.test, state, False)
            if absent is not None:
                else_state.present.add(absent)
        if node.orelse is None:
            else_after, else_exits = else_state, False
        elif isinstance(node.orelse, cst.If):
            else_after, else_exits = self.walk_if(node.orelse, else_state)
        else:
            else_after, else_exits = self.walk_block(suite_statements(node.orelse.body), else_state)
        # A failed check marks its own branch only, not the code after the ``if``; but after
        # `if proc.returncode == 0: return out` only the failed outcome goes on.
        body_after.failure, else_after.failure = state.failure, state.failure
        body_after.name_selected = state.name_selected
        body_after.failure_key, else_after.failure_key = state.failure_key, state.failure_key
        if body_exits and node.orelse is None and false_outcome is not None and state.failure is None \
                and not false_outcome.endswith("[empty]"):  # `if event: return ...`: what follows may be any answer
            else_after.failure, else_after.failure_key = "outcome", false_outcome
        if body_exits and else_exits:
            return else_after, True
        if body_exits or self._skips_pass(node):
            return else_after, False
        if else_exits:
            if isinstance(node.orelse, cst.Else):
                # `if team: ... else: raise`: the guard written the other way round
                self.apply_guard(node.test, body_after, negate=True)
            return body_after, False
        merged = self._merge(body_after, else_after)
        if node.orelse is None:  # `limit = 10` / `if "limit" in args: limit = args["limit"]`
            self._preassigned_fallback(node, self._key_present_when(node.test, state, True), merged)
        return merged, False

    def _preassigned_fallback(self, statement: cst.CSTNode, key: str | None, after: State) -> None:
        """``q = "all"`` then ``if "q" in args: q = args["q"]`` (or ``with suppress(KeyError):``,
        ``try: ... except KeyError: pass`` around the read): the statement rebinds ``q`` to the
        argument only when the caller sent it, so past it ``q`` holds the value assigned before
        when the key is missing, a default written long-hand. ``key`` is the key the statement's
        test proves present (None: any key read by subscript, whose absence stops the block)."""
        function = self._function or self.handler.function
        for name, value in list(after.values.items()):
            # (a `.get` read raises nothing: only a subscript read, or a form of one, stops the block)
            if value.default is not None or value.from_get or (key is not None and value.key != key) \
                    or not contains(statement, value.node):
                continue
            before = preassigned_value(function, statement, name)
            if before is None:
                continue
            fallback = self.evaluator.eval(before, self._env(after))
            if fallback is None or (fallback is UNKNOWN and not self._fallback_like(before)):
                continue
            if not isinstance(fallback, (str, int, float, bool)):
                fallback = UNKNOWN
            use = self._default(value.key, before, fallback, after)
            after.values[name] = replace(value, default=use, missing=fallback)

    def _walk_suppressing(self, statement: cst.With, suppressed: tuple[str, ...], state: State) -> State:
        """``with suppress(KeyError): q = args["q"]``: the block stops at a missing key and the
        handler goes on after it, so reads in it are guarded as by ``try/except KeyError: pass``,
        and a local it would have rebound keeps its earlier value (:meth:`_preassigned_fallback`)."""
        inner = state.copy()
        inner.caught = state.caught + suppressed
        reads_before = len(self.handler.reads)
        after, _ = self.walk_block(suite_statements(statement.body), inner)
        for read in self.handler.reads[reads_before:]:
            missing_error = "TypeError" if read.form == "splat" else "KeyError"
            if any(name in (missing_error, "LookupError", "Exception", "BaseException") for name in suppressed):
                read.guarded = True
        after.caught = state.caught
        if any(name in ("KeyError", "LookupError", "Exception", "BaseException") for name in suppressed):
            self._preassigned_fallback(statement, None, after)
        return self._merge(after, state)

    def _guarded_default(self, node: cst.If, state: State) -> State | None:
        """``if not name: name = "Guest"`` (also ``if not name or not name.strip()``, ``if name
        is None``, optionally ``else: name = name.strip()``): the same as ``name = name or
        "Guest"``, a default standing in for an empty or missing value, recorded at the
        assigned value. None (walk the ``if`` as usual) for any other shape."""
        assign = _single_assignment(node.body)
        if assign is None or not isinstance(state.values.get(assign[0]), Val):
            return None
        target, fallback_node = assign
        value = state.values[target]
        if not _tests_emptiness_of(node.test, target) or _names_in(fallback_node) & state.values.keys():
            return None
        kept_node = None
        if node.orelse is not None:
            other = _single_assignment(node.orelse.body) if isinstance(node.orelse, cst.Else) else None
            if other is None or other[0] != target or not _normalises(other[1], target):
                return None
            kept_node = other[1]
        fallback = self.evaluator.eval(fallback_node, self._env(state))
        if fallback is UNKNOWN and self._fallback_like(fallback_node):
            pass  # `if owner is None: owner = getpass.getuser()`: a value the process answers
        elif not isinstance(fallback, (str, int, float, list, tuple)) or value.derived:
            return None
        self.scan(node.test, state)
        if kept_node is not None:
            kept = self.scan(kept_node, state)
            if kept is None or kept.key != value.key:
                return None
            value = kept
        if value.default is not None and value.default.value in ("", None):
            value.default.rejected = True  # `.get(k, "")` then `if k == "": k = "Home"`: the "" never stays
        after = state.copy()
        self.bind(cst.Name(target), fallback_node,
                  self._with_fallback(value, fallback_node, fallback, after, source=fallback_node), after)
        return after

    def _note_deferred_check(self, node: cst.If) -> None:
        """``if not topic: problem = "topic is required"`` (or ``errors.append(...)``): a check
        whose verdict is kept in a local; a later ``if problem: return/raise`` makes it a guard."""
        statements = suite_statements(node.body)
        names = set()
        for statement in statements:
            smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else None
            if not smalls:
                return
            for small in smalls:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and _is_message(small.value):
                    names.add(small.targets[0].target.value)
                elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                        and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" \
                        and isinstance(small.value.func.value, cst.Name) and len(small.value.args) == 1 \
                        and _is_message(small.value.args[0].value):
                    names.add(small.value.func.value.value)
                else:
                    return
        if len(names) == 1:
            self._deferred_checks.setdefault(names.pop(), []).append(node.test)

    def walk_match(self, node: cst.Match, state: State) -> tuple[State, bool]:
        subject = self.scan(node.subject, state)
        if subject is not None and subject.default is not None:
            self._judge_default_by_cases(node, subject.default, subject.missing)
        view = self._name_view(node.subject, state)
        is_name = view is not None
        if subject is not None and node.cases and rejects_unmatched_case(self, node, node.cases[-1], state):
            subject.checked = True  # `case _:` rejects whatever the literal cases do not accept (None too)
        remaining = self._all_names(state.served) if is_name else None
        bindings = None if is_name else self._mapping_case_bindings(node, state)
        outcomes: list[tuple[State, bool]] = []
        for index, case in enumerate(node.cases):
            case_state = state.copy()
            if bindings is not None:
                outcomes.append(self._walk_mapping_case(case, bindings, index, case_state))
                continue
            if is_name:
                names = self._pattern_names(case.pattern)
                if names is not None and view is not _SAME_NAME:
                    names = self._names_viewed_as(names, view, state)
                    if names is None:  # no declaration known to match: serve as before the match
                        self.handler.dispatches_on_name = True
                        outcomes.append(self.walk_block(suite_statements(case.body), case_state))
                        continue
                if state.unmatched is not False:
                    case_state.unmatched = names is None
                if names is None:  # wildcard / capture: whatever is left
                    case_state.served = remaining if remaining is not None else state.served
                else:
                    case_state.served = frozenset(names)
                    if remaining is not None:
                        remaining = remaining - names
                self.handler.dispatches_on_name = True
            if case_state.failure is None and rejects_unmatched_case(self, node, case, state):
                case_state.failure = "argument"  # `case _:` after the accepted values
                if subject is not None:  # a raise there is a bad-argument error too
                    case_state.failure_key = subject.key
                    case_state.caller_reason = ("argument", subject.key)
            elif case_state.failure is None and subject is None:
                failed = unmatched_outcome_failure(self, node, case, state)
                if failed is not None:  # `match resp.status_code: case 200: ... case _:` the call failed
                    case_state.failure, case_state.failure_key = "outcome", failed
            outcomes.append(self.walk_block(suite_statements(case.body), case_state))
        open_states = [s for s, exits in outcomes if not exits]
        if not open_states:
            wildcard = any(self._pattern_names(c.pattern) is None for c in node.cases)
            if is_name and outcomes and not wildcard:
                rest = self._unmatched_by_cases(state, remaining)
                return (state, True) if rest is None else (rest, False)
            return state, bool(outcomes) and wildcard
        merged = open_states[0]
        for other in open_states[1:]:
            merged = self._merge(merged, other)
        return merged, False

    def _unmatched_by_cases(self, state: State, remaining: frozenset[str] | None) -> State | None:
        """The code after ``match name:`` whose literal cases all leave the handler and which
        has no ``case _:``: only a name no case matched gets there (as after ``if name == A:
        return ...``), so it serves what is left and is that fall-through. None when no name
        gets there: only known names reach the match (past ``PromptName(name)``) and each has
        its case."""
        if state.unmatched is False and remaining is not None and not remaining:
            return None
        rest = state.copy()
        rest.served = remaining if remaining is not None else state.served
        if state.unmatched is not False:
            rest.unmatched = True
        return rest

    def _mapping_case_bindings(self, node: cst.Match, state: State) -> list[dict] | None:
        """Per case of ``match arguments:``, the locals its mapping pattern binds (local ->
        (key, element)); None when the subject is not the mapping or a pattern is not a plain
        mapping pattern, ``_`` or a capture (:mod:`mcplint.model.mapping_patterns`)."""
        if not self.is_mapping(node.subject, state):
            return None
        bindings = [pattern_bindings(case.pattern) for case in node.cases]
        if any(bound is None for bound in bindings) or not any(bindings):
            return None
        return bindings

    def _walk_mapping_case(self, case: cst.MatchCase, bindings: list[dict], index: int,
                           state: State) -> tuple[State, bool]:
        """One case of ``match arguments:``: its pattern's keys are read (a presence test: the
        case runs only when they are there), its captures hold the caller's values, and a
        constant its body assigns to a local that another case binds from a key this pattern
        does not hold is a default for that key (``case _: service = "all services"``)."""
        own = bindings[index]
        for key in sorted(pattern_keys(case.pattern)):
            self._read(key, case.pattern, "contains", state)
            state.present.add(key)
        for local, (key, element) in own.items():
            state.values[local] = Val(key=key, node=element)
        elsewhere = {local: key for other in bindings for local, (key, _) in other.items() if local not in own}
        filled: dict[str, Val] = {}
        if case.guard is None:
            for local, value_node in filled_constants(case.body, set(elsewhere)):
                constant = self.evaluator.eval(value_node, self._env(state))
                if constant is not None and constant is not UNKNOWN and elsewhere[local] not in pattern_keys(case.pattern):
                    use = self._default(elsewhere[local], value_node, constant, state)
                    filled[local] = Val(key=elsewhere[local], node=value_node, default=use, missing=constant,
                                        from_get=True)
        after, exits = self.walk_block(suite_statements(case.body), state)
        if not exits:
            after.values.update(filled)
        return after, exits

    def _name_view(self, node: cst.BaseExpression, state: State) -> Any:
        """How a match subject shows the requested name: ``_SAME_NAME`` for the name itself, a
        ``slice`` for ``name[7:]`` (constant bounds), None for anything else."""
        if self.is_name_expr(node, state):
            return _SAME_NAME
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice) \
                or not self.is_name_expr(node.value, state):
            return None
        bounds = node.slice[0].slice
        parts = [self.evaluator.eval(part) if part is not None else None
                 for part in (bounds.lower, bounds.upper, bounds.step)]
        if not all(part is None or (isinstance(part, int) and not isinstance(part, bool)) for part in parts):
            return None
        return slice(*parts)

    def _names_viewed_as(self, patterns: set[str], view: slice, state: State) -> set[str] | None:
        """The declared names whose slice ``view`` is one of ``patterns`` (``case "Queue":`` of
        ``match name[7:]`` serves "SpotifyQueue"); None when no known declaration matches."""
        declared = self._all_names(state.served)
        if declared is None:
            return None
        return {name for name in declared if name != _UNKNOWN_NAME and name[view] in patterns} or None

    def _judge_default_by_cases(self, node: cst.Match, use: DefaultUse, value: Any) -> None:
        """``match mode: case "fast" | "slow": ... case _: raise ...``: the default is rejected
        when the first case it matches always raises; unknown patterns leave it uncertain."""
        for case in node.cases:
            values = case_values(self.evaluator, case.pattern)
            if values is not None and (value is UNKNOWN or any(v is UNKNOWN or v is OTHER_PATTERN for v in values)):
                use.uncertain = True
                return
            if values is None or value in values:
                if case.guard is not None:
                    use.uncertain = True
                elif _raises_at_end(case.body):
                    use.rejected = True
                return

    def walk_try(self, node: cst.Try, state: State) -> tuple[State, bool]:
        # A clause that only logs and re-raises (`except Exception: log(...); raise`) lets the
        # same exception reach the framework: it catches nothing as far as the client can tell.
        caught = tuple(name for handler in node.handlers if not _reraises(handler)
                       for name in handler_catches(self.info, handler))
        body_state = state.copy()
        body_state.caught = state.caught + caught
        reads_before = len(self.handler.reads)
        self._swallowed.append((caught, []))
        try:
            body_after, body_exits = self.walk_block(suite_statements(node.body), body_state)
        finally:
            _, swallowed = self._swallowed.pop()
        touched = len(self.handler.reads) > reads_before or self._touches_values(node.body, state)
        for read in self.handler.reads[reads_before:]:
            missing_error = "TypeError" if read.form == "splat" else "KeyError"
            if any(name in (missing_error, "LookupError", "Exception", "BaseException", "*") for name in caught):
                read.guarded = True
        exits = body_exits
        by_name = self._only_looks_up_name(node.body, state)
        for handler in node.handlers:
            handler_state = state.copy()
            handler_state.failure, handler_state.except_clause = "except", handler
            names = handler_catches(self.info, handler)
            if touched and any(n in ("ValueError", "TypeError", "KeyError", "LookupError") for n in names):
                handler_state.caller_reason = ("argument", None)
            elif by_name and any(n in ("KeyError", "LookupError") for n in names):
                handler_state.caller_reason = ("unknown-name", None)  # `except KeyError:` of `TABLE[name]`
            # The first clause that matches gets the exception: later ones never see it.
            rejected = [(e, k) for e, k in swallowed if any(error_caught_by(e, n) for n in names)]
            swallowed = [entry for entry in swallowed if entry not in rejected]
            if rejected:  # `except BadInput as e: raise ...` after a check of an argument raised it
                handler_state.caller_reason = ("argument", rejected[0][1])
            _, handler_exits = self.walk_block(suite_statements(handler.body), handler_state)
            exits = exits and handler_exits
        after = body_after
        after.caught = state.caught
        if not body_exits:
            self._default_by_exception(node, after)
            if any(_passes_missing_key(self.info, handler) for handler in node.handlers):
                self._preassigned_fallback(node, None, after)  # `q = "all"; try: q = args["q"] except KeyError: pass`
        if node.orelse is not None:
            after, orelse_exits = self.walk_block(suite_statements(node.orelse.body), after)
            exits = exits or orelse_exits
        if node.finalbody is not None:
            after, final_exits = self.walk_block(suite_statements(node.finalbody.body), after)
            exits = exits or final_exits
        return after, exits

    def _searches_for_name(self, loop: cst.For, state: State) -> bool:
        """``for prompt in PROMPTS: if prompt.name == name: return render(prompt)``: a loop whose
        only way out is a ``return`` under a test comparing something with the requested name
        (other statements may skip items: ``continue``, reading a file), without an ``else``.
        Past it, the requested name matched no item: the code there serves unknown names."""
        if loop.orelse is not None:
            return False
        inside: set[int] = set()
        for node in walk(loop.body, into_nested_scopes=False):
            if isinstance(node, (cst.Raise, cst.Break, cst.While, cst.For, cst.Try)):
                return False  # another way out, or nested work this test does not judge
            if isinstance(node, cst.If) and _returns_at_end(node.body) and (
                    self._compares_name(node.test, state) or self._asks_item_for_name(node.test, loop, state)):
                inside.update(id(r) for r in walk(node.body, into_nested_scopes=False) if isinstance(r, cst.Return))
        returns = [n for n in walk(loop.body, into_nested_scopes=False) if isinstance(n, cst.Return)]
        return bool(returns) and all(id(r) in inside for r in returns)

    def _compares_name(self, test: cst.BaseExpression, state: State) -> bool:
        """``x.name == name`` / ``meta.get("name") == name``: an equality with the requested name."""
        return isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].operator, cst.Equal) \
            and (self.is_name_expr(test.left, state) or self.is_name_expr(test.comparisons[0].comparator, state))

    def _asks_item_for_name(self, test: cst.BaseExpression, loop: cst.For, state: State) -> bool:
        """``for h in HANDLERS: if h.can_handle(name): return await h.handle(name, arguments)``: a
        test that asks the loop's item whether it serves the requested name, by a call of one of
        its methods handed the name (``h.can_handle(name)``, ``h.supports(name)``), a membership
        in one of its members (``name in h.tool_names``, ``name in h.get_tools()``) or a prefix
        it owns (``name.startswith(h.prefix)``, ``name.startswith(prefix)`` of ``for prefix,
        handler in ROUTES.items()``). Past a loop that returns only there, no item served the
        name: the code after it serves unknown names (a chain of handler modules' fall-through)."""
        item_names = {n.value for n in walk(loop.target, into_nested_scopes=False) if isinstance(n, cst.Name)}
        return self._asks_items_for_name(test, item_names, state)

    def _asks_items_for_name(self, test: cst.BaseExpression, item_names: set[str], state: State) -> bool:
        """:meth:`_asks_item_for_name` for the loop variables ``item_names``."""
        if not item_names:
            return False
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, cst.In) and self.is_name_expr(test.left, state):
            return bool(_names_in(test.comparisons[0].comparator) & item_names)
        if not isinstance(test, cst.Call) or not isinstance(test.func, cst.Attribute):
            return False
        asked = test.func.value
        if self.is_name_expr(asked, state):  # `name.startswith(h.prefix)`
            return test.func.attr.value in ("startswith", "endswith") and len(test.args) == 1 \
                and bool(_names_in(test.args[0].value) & item_names)
        return bool(_names_in(asked) & item_names) and len(test.args) >= 1 \
            and any(self.is_name_expr(arg.value, state) for arg in test.args)

    def _picked_by_name(self, loop: cst.For, state: State) -> str | None:
        """``for h in HANDLERS: if h.can_handle(name): target = h; break`` (or ``if h.name ==
        name:``), without an ``else``: the local the loop sets to the item that serves the
        requested name. Set before the loop to None, it is None past the loop exactly when no
        item took the name (a lookup local, as ``HANDLERS.get(name)`` is); None when the loop
        is not that shape."""
        if loop.orelse is not None or not isinstance(loop.target, cst.Name):
            return None
        statements = suite_statements(loop.body)
        if len(statements) != 1 or not isinstance(statements[0], cst.If) or statements[0].orelse is not None:
            return None
        test = statements[0].test
        if not (self._compares_name(test, state) or self._asks_items_for_name(test, {loop.target.value}, state)):
            return None
        smalls = [small for line in suite_statements(statements[0].body) if isinstance(line, cst.SimpleStatementLine)
                  for small in line.body if not _is_bookkeeping(small)]
        if len(smalls) != 2 or not isinstance(smalls[1], cst.Break) or not isinstance(smalls[0], cst.Assign) \
                or len(smalls[0].targets) != 1 or not isinstance(smalls[0].targets[0].target, cst.Name) \
                or dotted_name(smalls[0].value) != loop.target.value:
            return None
        found = smalls[0].targets[0].target.value
        return found if self._none_before(loop, found) else None

    def _none_before(self, loop: cst.For, local: str) -> bool:
        """The statement right before ``loop`` in its block is ``local = None``."""
        for block in statement_lists(self._function or self.handler.function):
            for index, statement in enumerate(block):
                if statement is loop:
                    previous = block[index - 1] if index else None
                    return isinstance(previous, cst.SimpleStatementLine) and any(
                        isinstance(small, cst.Assign) and len(small.targets) == 1
                        and dotted_name(small.targets[0].target) == local and _is_none(small.value)
                        for small in previous.body)
        return False

    def _only_looks_up_name(self, body: cst.BaseSuite, state: State) -> bool:
        """``try: return self._entries[name][1]`` / ``renderer = RENDERERS[name]``: a ``try`` body
        of simple statements that indexes something by the requested name and calls nothing,
        so a ``KeyError`` it raises says the name is unknown (a registry filled at run time
        included, whose keys the model cannot list)."""
        statements = suite_statements(body)
        if not statements or not all(isinstance(s, cst.SimpleStatementLine) for s in statements):
            return False
        keyed = False
        for node in _walk_expr(body):
            if isinstance(node, cst.Call):
                return False
            if isinstance(node, cst.Subscript) and len(node.slice) == 1 \
                    and isinstance(node.slice[0].slice, cst.Index) \
                    and self.is_name_expr(node.slice[0].slice.value, state):
                keyed = True
        return keyed

    def _default_by_exception(self, node: cst.Try, after: State) -> None:
        """``try: tz = args["tz"]`` / ``except KeyError: tz = "UTC"``: the clause that catches the
        missing key assigns a default to the local the subscript read filled, so past the
        ``try`` that local holds the argument or the default (a ``.get`` written long-hand)."""
        assigned = {target.target.value for statement in suite_statements(node.body) if isinstance(statement, cst.SimpleStatementLine)
                    for small in statement.body if isinstance(small, cst.Assign)
                    for target in small.targets if isinstance(target.target, cst.Name)}
        converted = self._converted_subscripts(node, after)
        for handler in node.handlers:
            if not any(name in ("KeyError", "LookupError") for name in handler_catches(self.info, handler)) \
                    or _raises_at_end(handler.body):
                continue
            for statement in suite_statements(handler.body):
                smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
                for small in smalls:
                    if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                            or not isinstance(small.targets[0].target, cst.Name):
                        continue
                    name = small.targets[0].target.value
                    value = after.values.get(name) or converted.get(name)
                    # `count = int(args["lines"])` too: the subscript inside a conversion fails first
                    if name not in assigned or value is None or value.from_get or value.default is not None \
                            or not any(isinstance(inner, cst.Subscript) for inner in _walk_expr(value.node)):
                        continue
                    fallback = self.evaluator.eval(small.value, self._env(after))
                    if fallback is None:
                        continue  # `except KeyError: tz = None`: a bare `.get(k)`, judged where used
                    use = self._default(value.key, small.value, fallback, after)
                    after.values[name] = replace(value, default=use, missing=fallback)

    def _converted_subscripts(self, node: cst.Try, state: State) -> dict[str, Val]:
        """``count = int(args["lines"])`` in a ``try`` body: the local holds a conversion of one
        argument read by subscript (no form of it the walk keeps), so a clause catching the
        missing key that assigns ``count`` gives that argument a default. Local -> the read."""
        found: dict[str, Val] = {}
        for statement in suite_statements(node.body):
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if not isinstance(small, cst.Assign) or len(small.targets) != 1 \
                        or not isinstance(small.targets[0].target, cst.Name) or not isinstance(small.value, cst.Call):
                    continue
                keys = {self._read_key(inner, state) for inner in _walk_expr(small.value)
                        if isinstance(inner, cst.Subscript)} - {None}
                if len(keys) == 1:
                    subscript = next(inner for inner in _walk_expr(small.value) if isinstance(inner, cst.Subscript)
                                     and self._read_key(inner, state) is not None)
                    found[small.targets[0].target.value] = Val(key=keys.pop(), node=subscript)
        return found

    # -- expressions --------------------------------------------------------------------
    def scan(self, node: cst.CSTNode, state: State, render: bool = False) -> Val | None:
        """Record the reads, escapes and renders inside ``node``; return what it holds."""
        kind = type(node)  # not isinstance: see NESTED_SCOPE_TYPES (none of these is subclassed)
        if kind is cst.Name:
            value = state.values.get(node.value)
            if value is not None:
                self._use(node, value, state, render)
            elif node.value in state.aliases and render:
                self._render(node, "whole-mapping", None, state, placeholders_only=node.value in self._filtered_copies)
            elif render and node.value in self._field_dicts:
                self._render_field_dict(node, state)
            return value
        if kind is cst.Dict:
            return self._scan_dict(node, state, render)
        if kind is cst.Subscript:
            return self._scan_subscript(node, state, render)
        if kind is cst.Call:
            return self._scan_call(node, state, render)
        if kind is cst.BooleanOperation:
            return self._scan_boolean(node, state, render)
        if kind is cst.IfExp:
            return self._scan_ifexp(node, state, render)
        if kind is cst.Await:  # `sha = await resolve_commit(repo, base)`: what the coroutine returns
            return self.scan(node.expression, state, render)
        if kind is cst.NamedExpr:  # `(args := arguments)`: bound as by an assignment
            value = self.scan(node.value, state, render)
            self.bind(node.target, node.value, value, state)
            return value
        if kind is cst.Comparison:
            return self._scan_comparison(node, state)
        if kind is cst.DictComp and not render and self.is_mapping(node, state):
            return None  # `{k: v.strip() for k, v in arguments.items()}`: the mapping again, judged where read
        if kind in _COMPREHENSIONS and self._scan_unrolled_comprehension(node, state, render):
            return None
        if kind in _COMPREHENSIONS and self._declared_check_reads(node, state):
            return None
        if kind is cst.FormattedString:
            self._shown_forms.append({id(self._form_holders[part.expression.value]) for part in node.parts
                                      if isinstance(part, cst.FormattedStringExpression)
                                      and isinstance(part.expression, cst.Name)
                                      and part.expression.value in self._form_holders})
            try:
                for part in node.parts:
                    if isinstance(part, cst.FormattedStringExpression):
                        self.scan(part.expression, state, render=True)
            finally:
                self._shown_forms.pop()
            return None
        if kind is cst.BinaryOperation:
            textual = render or _is_text_building(node)
            if isinstance(node.operator, cst.Modulo) and self.is_mapping(node.right, state) and (
                    _is_string(node.left) or isinstance(self.evaluator.eval(node.left, self._env(state)), str)):
                self._render(node, "whole-mapping", None, state)
            self.scan(node.left, state, textual)
            self.scan(node.right, state, textual)
            return None
        if kind is cst.Attribute:
            if self.is_mapping(node, state):
                if render:  # `f"... {params.arguments}"`
                    self._render(node, "whole-mapping", None, state)
                return None
            self.scan(node.value, state)
            self._optional_use(node.value, node, f".{node.attr.value}", ATTRIBUTE_USE, state)
            return self._model_field(node)
        if kind is cst.Lambda or kind is cst.FunctionDef:
            return None
        for child in _expression_children(node):
            self.scan(child, state, render)
        return None

    def _scan_dict(self, node: cst.Dict, state: State, render: bool) -> None:
        """A dict literal: its keys and values scanned in order, and the argument values its
        entries hold remembered for a local it is bound to (:meth:`_note_field_dict`)."""
        held: list[Val] = []
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                self.scan(element.key, state, render)
                value = self.scan(element.value, state, render)
                if value is not None and value.key is not None:
                    held.append(value)
            else:
                self.scan(element.value, state, render)
        if held:
            self._dict_values[id(node)] = held
        return None

    def _note_field_dict(self, name: str, value_node: cst.BaseExpression) -> None:
        """``fields = {"topic": args.get("topic"), "level": level}`` in a prompt: the local holds
        those argument values as they are (until it is rebound)."""
        # a prompt's: a tool returning `json.dumps({"query": query, "results": ...})` hands data
        # back to its caller, not instructions to the model
        held = self._dict_values.get(id(value_node)) \
            if isinstance(value_node, cst.Dict) and self.handler.kind == "prompt" else None
        if held:
            self._field_dicts[name] = held
        else:
            self._field_dicts.pop(name, None)

    def _render_field_dict(self, node: cst.Name, state: State) -> None:
        """A dict of argument values rendered as a whole (``f"Context: {fields}"``,
        ``json.dumps(fields)`` in message text): each value it holds is rendered there, judged
        as if it were written into the text itself (raw although validated, or unchecked)."""
        for value in self._field_dicts[node.value]:
            self._use(node, value, state, True)

    def _scan_subscript(self, node: cst.Subscript, state: State, render: bool) -> Val | None:
        key = self._single_key(node, state)
        if self.is_mapping(node.value, state):
            if key is None:
                self._escape(node, state)  # a computed key: anything may be read
                return None
            filled = self._fill_missing_key(node, key, state)
            self._read(key, node, "subscript", state)
            # read where the key is known present, or inside `try: ... except KeyError:`: the
            # handler has dealt with a missing key (a presence-only check is MCP304's concern)
            rewritten = state.rewritten.get(key)
            if rewritten is not None:  # the handler's own checked value, written back
                value = replace(rewritten, node=node)
                self._use(node, value, state, render)
                return value
            checked = state.has(key) or self._is_caught("KeyError", state)
            value = Val(key=key, node=node, missing=UNKNOWN, checked=checked)
            self._carry_supplied_default(node.value, value, state.served)
            if filled is not None:
                value.default, value.missing = filled, filled.value
            self._use(node, value, state, render, raw=True)
            return value
        self._name_subscript(node, state)
        base = self.scan(node.value, state)
        self._optional_use(node.value, node, "[...]", SUBSCRIPT_USE, state)
        for element in node.slice:  # `hits[: int(args.get("limit", 10))]`: the bounds read keys too
            if isinstance(element.slice, cst.Slice):
                for bound in (element.slice.lower, element.slice.upper, element.slice.step):
                    if bound is not None:
                        self.scan(bound, state)
        if base is not None and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice):
            return self._sliced(node, base, node.slice[0].slice, state)
        for element in node.slice:
            if isinstance(element.slice, cst.Index):
                looked_up = self.scan(element.slice.value, state)
                if looked_up is not None and len(node.slice) == 1:
                    self._value_subscript(node, looked_up, element.slice.value, state)
                if len(node.slice) == 1:
                    self._position_subscript(node, element.slice.value, state)
        return None

    def _caller_key(self, expr: cst.BaseExpression, state: State) -> tuple[str, cst.Name] | None:
        """(argument key, the local holding it) when ``expr`` is computed from a value the caller
        chose: an argument value or a local converted from one (``variant - 1``, ``int(n)``),
        not looked at by an enclosing test (``if 1 <= n <= len(ROWS):``). None otherwise."""
        for name in _walk_in_order(expr):
            if type(name) in (cst.Subscript, cst.Call):  # `args["level"]` / `args.get("level")` itself
                read = self._read_key(name, state)
                if read is not None and _key_mark(read) not in state.vetted:
                    return read, name
            if type(name) is not cst.Name:
                continue
            value = state.values.get(name.value)
            if value is not None and (value.validated or self._project_result(value)):
                continue
            key = value.key if value is not None else self._converted.get(name.value)
            if key is not None:
                return None if self._vetted_key(key, name, value, state) else (key, name)
        return None

    def _project_result(self, value: Val) -> bool:
        """``tag = resolve_tag(args.get("release"))``: a value a project function handed back,
        which may have let only known values through (``raw if raw in KNOWN else None``); a
        lookup of it is not judged as a lookup of the caller's text."""
        node = value.node.expression if isinstance(value.node, cst.Await) else value.node
        return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in self.info.functions

    def _vetted_key(self, key: str, name: cst.Name, value: Val | None, state: State) -> bool:
        """Whether a test looked at the local ``name`` holding argument ``key``: an enclosing test
        that inspected it, or any comparison of it in the function (``if not 1 <= n <= len(ROWS):
        raise ...``; where it stands is not judged, so a bound check anywhere keeps this silent)."""
        if value is not None and self._vetted(value, name, state):
            return True
        if name.value in state.vetted or _key_mark(key) in state.vetted:
            return True
        function = self._function or self.handler.function
        return any(type(node) is cst.Comparison and any(type(n) is cst.Name and n.value == name.value
                                                          for n in _walk_in_order(node))
                   for node in walk(function.body, into_nested_scopes=False))

    def _fixed_sequence(self, node: cst.BaseExpression, state: State) -> bool:
        """``node`` evaluates to a non-empty list or tuple the source spells out (a module constant)."""
        value = self.evaluator.eval(node, self._env(state))
        return isinstance(value, (list, tuple)) and bool(value)

    def _position_subscript(self, node: cst.Subscript, index: cst.BaseExpression, state: State) -> None:
        """``STYLES[variant - 1]`` / ``ROWS[int(n)]`` on a fixed list or tuple: a position the
        caller chose that is out of range raises IndexError here (a prompt's caller error), unless
        a test looked at it first or a ``try`` catches the IndexError."""
        if self.handler.kind != "prompt" or isinstance(index, (cst.Integer, cst.UnaryOperation)) \
                or self._is_caught("IndexError", state) or not self._fixed_sequence(node.value, state):
            return
        found = self._caller_key(index, state)
        if found is not None:
            self._add_raise(node, ErrorKind("generic", "IndexError", ancestors=("LookupError", "Exception")),
                            "argument", found[0], state, implicit=f"{dotted_name(node.value) or 'the list'}[...]")

    def _member_index(self, node: cst.Call, state: State) -> None:
        """``LEVELS.index(level)`` on a fixed list or tuple: a value the caller chose that is not
        in it raises ValueError ("x is not in list"), unless a test looked at it first
        (``if level not in LEVELS: raise ...``) or a ``try`` catches the ValueError."""
        func = node.func
        if self.handler.kind != "prompt" or not isinstance(func, cst.Attribute) or func.attr.value != "index" \
                or len(node.args) != 1 or node.args[0].star or self._is_caught("ValueError", state) \
                or not self._fixed_sequence(func.value, state):
            return
        found = self._caller_key(node.args[0].value, state)
        if found is not None:
            self._add_raise(node, ErrorKind("generic", "ValueError"), "argument", found[0], state,
                            implicit=f"{dotted_name(func.value) or 'the list'}.index()")

    def _attribute_lookup(self, node: cst.Call, state: State) -> None:
        """``getattr(self, f"render_{name}")`` with no default: an attribute spelled from the
        requested name (or from an argument value) that does not exist raises AttributeError,
        where an unknown name can still arrive. A ``hasattr`` test of the same spelling in the
        function, a default, or a ``try`` catching AttributeError rules it out."""
        if dotted_name(node.func) != "getattr" or "getattr" in self.info.functions or len(node.args) != 2 \
                or any(arg.star or arg.keyword for arg in node.args) or self._is_caught("AttributeError", state):
            return
        attribute = node.args[1].value
        if isinstance(attribute, cst.SimpleString) or self._tested_by_hasattr(attribute):
            return
        error = ErrorKind("generic", "AttributeError")
        if any(self.is_name_expr(part, state) for part in _walk_in_order(attribute)):
            reachable = state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name)
            if reachable:
                self._add_raise(node, error, "unknown-name", None, state, implicit="getattr() with no default")
            return
        found = self._caller_key(attribute, state) if self.handler.kind == "prompt" else None
        if found is not None:
            self._add_raise(node, error, "argument", found[0], state, implicit="getattr() with no default")

    def _tested_by_hasattr(self, attribute: cst.BaseExpression) -> bool:
        """Whether the function being walked calls ``hasattr(..., <the same spelling>)``."""
        function = self._function or self.handler.function
        spelled = self.info.module.code_for_node(attribute) if self.info.module is not None else None
        return any(isinstance(n, cst.Call) and dotted_name(n.func) == "hasattr" and len(n.args) == 2
                   and self.info.module.code_for_node(n.args[1].value) == spelled
                   for n in walk(function.body, into_nested_scopes=False)) if spelled is not None else False

    def _is_namespace_of_mapping(self, node: cst.BaseExpression, state: State) -> bool:
        """``SimpleNamespace(**arguments)`` (or ``argparse.Namespace(**arguments)``): an object
        whose attributes are the caller's keys; also a project helper's call whose every return
        is one (``req = parse_request(arguments)`` with ``return SimpleNamespace(**arguments)``
        after its own checks, which the walk of the helper carried into this state)."""
        if isinstance(node, cst.Await):
            node = node.expression
        if isinstance(node, cst.Call) and id(node) in self._namespace_results:
            return True
        return isinstance(node, cst.Call) and len(node.args) == 1 and node.args[0].star == "**" \
            and (self.info.qualify(node.func) or "") in _NAMESPACE_CLASSES \
            and self.is_mapping(node.args[0].value, state)

    def _returns_namespace(self, value: cst.BaseExpression, state: State) -> bool:
        """A ``return`` of a namespace of the mapping, or of a local holding one."""
        if isinstance(value, cst.Name):
            return value.value in self._namespaces
        return self._is_namespace_of_mapping(value, state)

    def _namespace_get(self, node: cst.Call, state: State, render: bool) -> Val | None:
        """``getattr(ns, "k", d)`` on ``ns = SimpleNamespace(**arguments)``: ``arguments.get("k", d)``
        spelled as an attribute lookup (the default stands in for a key the caller left out)."""
        args = node.args
        if len(args) != 3 or dotted_name(node.func) != "getattr" or any(a.star or a.keyword for a in args) \
                or not isinstance(args[0].value, cst.Name) or args[0].value.value not in self._namespaces:
            return None
        key = self.evaluator.eval(args[1].value, self._env(state))
        if not isinstance(key, str):
            return None
        self._read(key, node, "get", state)
        value = Val(key=key, node=node, from_get=not state.has(key))
        default_value = self.evaluator.eval(args[2].value, self._env(state))
        if default_value is not None:
            value.default = self._default(key, node, default_value, state)
            value.missing = default_value
        self._use(node, value, state, render, raw=True)
        return value

    def _fill_missing_key(self, node: cst.Subscript, key: str, state: State) -> DefaultUse | None:
        """``opts[k]`` on a ``defaultdict`` of the mapping: the factory's value stands in for a
        key the caller left out, so the read is a default (and never raises KeyError)."""
        filler = self._key_fillers.get(node.value.value) if isinstance(node.value, cst.Name) else None
        if filler is None or state.has(key):
            return None
        use = self._default(key, node, filler[1], state)
        use.origin = self._missing_hook_value(filler[0])
        state.present.add(key)
        return use

    def _sliced(self, node: cst.Subscript, value: Val, part: cst.Slice, state: State) -> Val:
        """``summary[:280]``: a cut of the argument's text, still that argument (a check of the
        cut judges its default); a missing value's default is cut the same way. Marked derived:
        a part of the text (``symbol[2:8]``) is not the raw argument rendered."""
        bounds = [self.evaluator.eval(bound, self._env(state)) if bound is not None else None
                  for bound in (part.lower, part.upper, part.step)]
        missing = value.missing
        if isinstance(missing, (str, list, tuple)) and all(b is None or type(b) is int for b in bounds):
            missing = missing[slice(*bounds)]
        elif missing is not None:
            missing = UNKNOWN
        # a part of the text, not the text: rendering it is no raw render of the argument
        return replace(value, node=node, missing=missing, derived=True)

    def _value_subscript(self, node: cst.Subscript, value: Val, key_node: cst.BaseExpression, state: State) -> None:
        """``TEMPLATES[args["kind"]]`` / ``OPENERS[style.lower()]`` on a module-level dict with literal
        keys, or ``Severity[level]`` on a project Enum (its members by name): a value the caller
        sent that is no key raises KeyError here. Not when a test already
        looked at the value (``if kind not in TEMPLATES: raise``, ``if kind in TEMPLATES:``), a
        guard checked it, or a ``try`` catches the KeyError."""
        if not self._text_may_be_bad(value.key, state) or value.validated or self._vetted(value, key_node, state) \
                or self._is_caught("KeyError", state):
            return
        if not self._literal_table(node.value, state) and project_enum(self.info, node.value) is None:
            return  # (`Severity[level.upper()]`: an Enum's members by name, KeyError for any other)
        self._add_raise(node, ErrorKind("generic", "KeyError"), "argument", value.key, state,
                        implicit=f"{dotted_name(node.value) or 'table'}[{value.key}]")

    def _name_subscript(self, node: cst.Subscript, state: State) -> None:
        """``PROMPTS[name]`` on a dict keyed by names (``PROMPTS[name][1]`` too): an unknown
        name raises KeyError here, where one can still arrive (:meth:`_unknown_key`)."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return
        if isinstance(node.value, cst.ListComp) and _is_zero(node.slice[0].slice.value) \
                and self._searches_by_name(node.value, state):
            self._unknown_first_match(node, state)
            return
        if not self.is_name_expr(node.slice[0].slice.value, state):
            return
        table = self.evaluator.eval(node.value, self._env(state))
        if isinstance(table, dict) and table and all(isinstance(k, str) for k in table):
            self._unknown_key(node, state)

    def _scan_call(self, node: cst.Call, state: State, render: bool) -> Val | None:
        """A call: its reads, renders and escapes (:meth:`_scan_plain_call`); one that builds an
        error (:func:`_builds_error`) is walked as usual, but the text it carries is the
        error's, not the message's: no render, and a missing value shown there is no silent use."""
        if not _builds_error(node):
            return self._scan_plain_call(node, state, render)
        self._quiet += 1
        self._muted += 1
        try:
            return self._scan_plain_call(node, state, render)
        finally:
            self._quiet -= 1
            self._muted -= 1

    def _scan_plain_call(self, node: cst.Call, state: State, render: bool) -> Val | None:
        func = node.func
        if self._signature_bind(node, state):
            return None  # `inspect.signature(f).bind(**arguments)`: judged where `f(*b.args, **b.kwargs)` runs
        if self._any_key_default(node, state) is not None:
            return None  # `defaultdict(str, arguments)`: judged where its keys are read
        if self._getter_read(node, state):
            return None  # `itemgetter("paths", "mode")(args)`: a tuple of subscript reads
        if self.is_mapping(node, state) and _getattr_path(node) is None and id(node) not in self._mapping_results:
            return None  # `dict(arguments)` / `arguments.copy()`: judged where the copy is used
        if isinstance(func, cst.Attribute) and self.is_mapping(func.value, state):
            return self._mapping_method(node, func.attr.value, state, render)
        if isinstance(func, cst.Attribute) and func.attr.value in _FILLERS:
            self._scan_format(node, state)
            return None
        if self._model_call(node, state):
            return None
        looked_up = self._namespace_get(node, state, render)
        if looked_up is not None:
            return looked_up
        folded = self._missing_fallback(node, state)
        if folded is not None:
            return folded
        self._prototype_defaults(node, state)
        self._validated_fields(node, state)
        self._validator_rejects_fields(node, state)
        table = self._called_table(func, state)
        if table is not None:
            if isinstance(func, cst.Call):  # `getattr(self, f"render_{name}")(args)`: no such member raises
                self._attribute_lookup(func, state)
            self._table_call(node, table, "__call__", state, render)
            return None
        table = self._called_table(func.value, state) if isinstance(func, cst.Attribute) else None
        if table is not None:  # `PROMPTS[name].render(arguments)` on a table of instances
            self._table_call(node, table, func.attr.value, state, render)
            return None
        worker = self._thread_work(node)
        if worker is not None:  # `await asyncio.to_thread(_run, query)`: the call runs `_run(query)`
            function, self._skipped_args = worker
            return self._helper_call(node, function, state, render)
        name = dotted_name(func)
        local = self._local_function(func)
        closure = self._closure_target(func, local)
        if closure is not None:  # the function the call really runs: a decorator's wrapper, a factory's inner def
            local, self._closure_env = closure
        if local is not None and any(self.is_mapping(arg.value, state) or self._request_object(arg.value)
                                     or self.repacked_keys(arg.value, state) for arg in node.args):
            for arg in node.args:  # `body(prepare(args))` walked again for another prompt: `prepare` runs first
                if isinstance(arg.value, cst.Call) and id(arg.value) in self._mapping_results:
                    self.scan(arg.value, state)
            return self._helper_call(node, local, state, render)
        self._closure_env = {}
        bound = self._partial_of_mapping(node, state)
        if bound is not None:  # `make = partial(render, **arguments)`: the keys are bound here
            self._skipped_args = 1
            self._helper_call(node, bound, state, render)
            return None
        preset = self._partial_called(node, state)
        if preset is not None:  # `partial(render, tone="neutral")(**arguments)`: runs render
            function, self._leading_args, self._preset_keywords = preset
            return self._helper_call(node, function, state, render)
        base_value = None
        if isinstance(func, cst.Attribute):
            base_value = self.scan(func.value, state)
            self._optional_use(func.value, node, f".{func.attr.value}()", ATTRIBUTE_USE, state)
            if base_value is not None and base_value.from_get and base_value.default is None:
                base_value.dereferenced = True
            if self.is_mapping(func.value, state):  # `require(arguments).get("k")`: known once walked
                return self._mapping_method(node, func.attr.value, state, render)
        else:
            self.scan(func, state)
        is_message = (self.info.qualify(func) or "").rsplit(".", 1)[-1] in _MESSAGE_CALLS
        if _is_logging_call(func):
            self._quiet += 1  # log lines are not message text
            self._muted += 1
            try:
                for arg in node.args:
                    if not self.is_mapping(arg.value, state):
                        self.scan(arg.value, state)
            finally:
                self._quiet -= 1
                self._muted -= 1
            return None
        # A method of an instance (`search.run(query)`) is walked for its failure returns only:
        # what it does with a value is judged as for code that is not followed.
        opaque = local is not None and isinstance(func, cst.Attribute) and name not in self.info.functions \
            and dotted_name(func.value) not in ("self", "cls") and self._class_method(func) is None
        if self._is_enum_of_name(node, state):
            self._unknown_member(node, state)
        elif self._exhausts_on_unknown_name(node, state):
            self._unknown_search(node, state)
        self._library_validation(node, state)
        first = None
        handed: list[Val] = []
        mapping_after_scan = False
        self._note_str_into_conversion(node)
        command = is_command_call(self.info.qualify(func), func)
        self._command_text += command  # text handed to a shell, SQL or HTTP call is not message text
        keyworded: dict[str, Val] = {}  # `Spec(base=args.get("base", ""))`: field -> the argument value
        for index, arg in enumerate(node.args):
            if self.is_mapping(arg.value, state) and local is None and not arg.star and self._inspects_only(func):
                continue  # `isinstance(arguments, dict)`: the mapping is looked at, no key is read
            if self.is_mapping(arg.value, state):
                self._note_merged_literal(arg.value, state)
                self._note_unknown_class(node, local)
                if local is None and lenient_render(self.info, node):
                    self._rendered_blank(node, state, skip=self._template_fallbacks(node, state))
                elif local is None and (answer := lenient_formatter(self.info, node)) is not None:
                    self._rendered_blank(node, state, origin=answer, value=self._answered(answer))
                elif local is None:
                    self._template_fallbacks(node, state)
                self._escape(node, state)
                if render and (arg.star == "**" or self._serialises_whole(node, arg)):
                    self._render(node, "whole-mapping", None, state, placeholders_only=self._is_filtered_copy(arg.value))
                continue
            passed = self.scan(arg.value, state, render or is_message)
            self._note_handed_read(arg.value, passed, state)
            if local is not None and not opaque and self._filler_value(arg.value, state) is not None:
                mapping_after_scan = True  # `fetch(bag(arguments))`: the helper reads a defaultdict of it
            if passed is not None and arg.keyword is not None:
                keyworded[arg.keyword.value] = passed
            if self.is_mapping(arg.value, state):
                # `use(payload, tidy(arguments))`: the helper's value, once walked, is the mapping
                if local is not None:
                    mapping_after_scan = True
                else:
                    self._escape(node, state)
            if passed is not None:
                handed.append(passed)
            if index == 0 and not arg.keyword and not arg.star:
                first = passed
            if passed is not None and (local is None or opaque) and name not in _INSPECTING_CALLS \
                    and id(node) not in self._str_into_conversion and project_enum(self.info, func) is None:
                # (`Tone(value)` raises ValueError for None: the value is converted, not used as it is)
                self._implicit_default(passed, state)  # handed to code that takes it as it is
        self._command_text -= command
        if keyworded:
            judge_post_init(self.evaluator, self.info.classes.get(name or ""), keyworded)
        if mapping_after_scan:
            return self._helper_call(node, local, state, render)
        parsed = self._pattern_match(node, handed)
        if parsed is not None:
            return parsed
        if first is not None:
            self._conversion(node, first, arg_node=node.args[0].value, state=state)
            self._note_converted(node, first, state)
            self._reject_default_by_conversion(node, first)
        self._program_not_found(node, state)
        self._file_not_found(node, state)
        parsed = self._checking_split(node, handed)  # (after the conversion: shlex.split raises too)
        if parsed is not None:
            return parsed
        if base_value is not None and isinstance(func, cst.Attribute) and func.attr.value in ("index", "rindex"):
            self._substring_index(node, base_value, state)
        self._member_index(node, state)
        self._attribute_lookup(node, state)
        if base_value is not None and isinstance(func, cst.Attribute) and func.attr.value in _STR_SPLITTERS \
                and not node.args:
            missing = base_value.missing  # `value.split()`: its words, still this argument
            missing = getattr(missing, func.attr.value)() if isinstance(missing, str) else (
                UNKNOWN if missing is not None else None)
            return replace(base_value, node=node, normalized=True, missing=missing)
        if isinstance(func, cst.Attribute) and func.attr.value == "join" and _is_string(func.value) \
                and len(node.args) == 1 and not node.args[0].star and len(handed) == 1:
            missing = handed[0].missing  # `" ".join(value.split())`: whitespace tidied
            separator = self.evaluator.eval(func.value)
            missing = separator.join(missing) if isinstance(separator, str) and isinstance(missing, list) \
                and all(isinstance(m, str) for m in missing) else (UNKNOWN if missing is not None else None)
            return self._tidied(replace(handed[0], node=node, normalized=True, missing=missing))
        if base_value is not None and isinstance(func, cst.Attribute) and func.attr.value in STR_NORMALISERS:
            missing = base_value.missing
            if isinstance(missing, str) and not node.args:
                missing = getattr(missing, func.attr.value)()
            elif missing is not None:
                missing = UNKNOWN
            return self._tidied(replace(base_value, node=node, normalized=True, missing=missing))
        if len(handed) == 1 and node.args and not node.args[0].keyword and not node.args[0].star \
                and handed[0].node is not None and self._escaper(func):
            # `quoteattr(title)`, `html.escape(title)`, `shlex.quote(ref)`: the same text made safe
            # for one kind of sink; bound to a local, it is the value the handler meant to use.
            # Made safe for its sink, it is judged there as a checked value (as a library call
            # the walk does not follow was before: silent)
            missing = handed[0].missing
            return self._tidied(replace(handed[0], node=node, normalized=True, checked=True, validated=True,
                                        missing=UNKNOWN if missing is not None else None))
        if name == "str" and len(handed) == 1 and len(node.args) == 1 and "str" not in self.info.functions:
            value = handed[0]  # str(args.get("k", "")): the same text, the same default
            return replace(value, node=node, missing=value.missing if isinstance(value.missing, str) else UNKNOWN)
        if opaque:
            self._instance_method_rejects(node, local, bool(handed), state)
            # what an instance's method returns stays unfollowed, except a form of the value it
            # was handed that the code then left unused or only tested (`canonical =
            # self.catalog.canonical(lang); if canonical is None: raise`): the value meant to
            # replace the argument, wherever the method lives
            form = self._unused_form_result(node, local, state) or self._tidied_or_none_result(node, local, state)
            if form is not None:
                return self._tidied(form)
        if local is not None and not opaque:  # a method of an instance: judged as code not followed
            function = local
            self._vet_by_checker(node, function, state)
            passing = []  # defaults the helper's guards were run on and let through
            if handed and self._raises_somewhere(function):
                for value in handed:  # check_exactly_two(args.get("messages", [])): it may reject it
                    if value.default is not None and not value.default.rejected \
                            and self._judge_by_helper_guards(node, function, value, alone=len(handed) == 1) == PASSES:
                        passing.append(value.default)
            walked = None
            if any(self._passed_value(arg.value, state) is not None for arg in node.args):
                walked = self._value_helper(node, function, state)
                for use in passing:  # `if count == 0: return LIMIT` in it answers a value, rejects nothing
                    use.rejected = use.uncertain = False
            elif self.handler.dispatches_on_name is False and any(
                    self.is_name_expr(arg.value, state) for arg in node.args) and not state.name_selected:
                # `renderer = resolve(name)`: a helper handed only the requested name, walked for
                # what it raises for a name it does not know
                self._value_helper(node, function, state)
            # `audience = audience_for(level)`: what the helper returned of the value it was handed
            # (one the helper already defaulted is reported there, once)
            checked = self._validator_result(node, function, state, handed) \
                or self._normaliser_result(node, function, state) \
                or self._unused_form_result(node, function, state)
            if checked is not None:  # `{"level": validate_level(level)}` holds a validated value too
                return self._tidied(checked)
            return walked if walked is not None and walked.default is None else None
        if first is not None and first.normalized and isinstance(func, cst.Attribute) and func.attr.value == "get" \
                and (table := self._literal_table(func.value, state)) is not None:
            # `LANGS.get(x.strip().lower(), "")`: a form of x; `HINTS.get(x.lower())`: what the
            # table says of x, derived from it (None when x is unknown) but no form of it
            return replace(first, node=node, missing=UNKNOWN, derived=True, from_get=False, default=None, implicit=None,
                           normalized=_is_names_table(table))
        return None

    def _library_validation(self, node: cst.Call, state: State) -> None:
        """``jsonschema.validate(arguments, SCHEMA)`` (or another schema library's raising call,
        :mod:`mcplint.model.library_validators`) handed the arguments mapping or an argument's
        value: the exception it raises on a missing or bad argument is the caller's error, an
        implicit raise of the handler unless a ``try`` around it catches it."""
        validation = library_validation(self.info, self._function or self.handler.function, node)
        if validation is None:
            return
        data = validation.data
        if self.is_mapping(data, state):
            key = None
            self._schema_checked(validation.schema, state)
        elif isinstance(data, cst.Name) and data.value in state.values:
            key = state.values[data.value].key
            state.vetted |= {data.value, _key_mark(key)}
        else:
            return
        if not caught_by(validation.error, state.caught):
            self._add_raise(node, ErrorKind("generic", validation.error), "argument", key, state,
                            implicit=validation.label)

    def _schema_checked(self, schema: cst.BaseExpression | None, state: State) -> None:
        """Past a library's validation of the whole mapping (which raised otherwise), the keys the
        schema requires are there and the values of its properties were inspected; a schema the
        model cannot evaluate vouches for every key (silent rather than a guess)."""
        value = self.evaluator.eval(schema, self._env(state)) if schema is not None else UNKNOWN
        properties = value.get("properties") if isinstance(value, dict) else None
        required = value.get("required") if isinstance(value, dict) else None
        if not isinstance(properties, dict) or not isinstance(required, list) \
                or not all(isinstance(k, str) for k in (*properties, *required)):
            state.all_present = True
            state.vetted |= {_schema_mark("*")}
            return
        state.present.update(required)
        state.vetted |= {_schema_mark(key) for key in properties}

    def _note_unknown_class(self, node: cst.Call, local: cst.FunctionDef | None) -> None:
        """``parse_tool.execute(arguments)`` on a module-level ``parse_tool = ParseTool()`` whose
        class is imported but defined nowhere the project's code was read (a name the imported
        module lacks, or a library class): the coverage report says so where the mapping escapes."""
        func = node.func
        if local is not None or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return
        made = self.info.constants.get(func.value.value)
        class_name = dotted_name(made.func) if isinstance(made, cst.Call) else None
        source = self.info.imports.get(class_name or "")
        if class_name is None or source is None or self.info.classes.get(class_name) is not None:
            return
        module = source.rpartition(".")[0] or source
        self.handler.escape_reasons.setdefault(
            id(self._call_site or node),
            f"{dotted_name(func)}(), a method of {class_name} (imported from {module}), which the project's code does "
            f"not define")

    def _serialises_whole(self, node: cst.Call, arg: cst.Arg) -> bool:
        """``json.dumps(arguments)``, ``str(arguments)``, ``yaml.safe_dump(arguments)`` in a
        prompt's text: the call turns the whole mapping handed to it as its first argument into
        text (every key the caller sent, with its value as sent). Only these known serialisers:
        another call handed the mapping (``len(arguments)``, ``", ".join(arguments)``) makes
        other text of it; and only prompts: a tool that serialises its input into its result
        (an echo tool) returns data to the caller, not instructions to the model."""
        if self.handler.kind != "prompt" or arg.star or arg.keyword is not None or not node.args \
                or node.args[0] is not arg:
            return False
        name = self.info.qualify(node.func) or dotted_name(node.func) or ""
        return name in _SERIALISERS and (name not in ("str", "repr") or name not in self.info.functions)

    def _is_filtered_copy(self, node: cst.BaseExpression) -> bool:
        """A local holding ``{k: args.get(k) for k in NAMES}``: only chosen keys reach the text."""
        return isinstance(node, cst.Name) and node.value in self._filtered_copies

    def _pattern_match(self, node: cst.Call, handed: list[Val]) -> Val | None:
        """``re.fullmatch(r"(\\d{4})-Q([1-4])", text)`` / ``QUARTER.match(text)``: the match of one
        argument's value against a pattern, None exactly when the value is malformed. A test of
        it (``if match is None: raise ...``) is a test of the argument, so what that branch
        raises or returns is on the argument's failure path. Only the ``re`` module's matchers
        and a compiled pattern's: they compute from the value alone, where another call's
        failure (a service that answered 404) says nothing about the caller's value."""
        if len(handed) != 1 or not isinstance(node.func, cst.Attribute) \
                or node.func.attr.value not in _PATTERN_MATCHERS:
            return None
        qualified = self.info.qualify(node.func) or ""
        receiver = dotted_name(node.func.value)
        pattern = self.info.constants.get(receiver) if receiver is not None else None
        compiled = isinstance(pattern, cst.Call) and (self.info.qualify(pattern.func) or dotted_name(pattern.func)) \
            in ("re.compile", "regex.compile")
        if qualified != f"re.{node.func.attr.value}" and not compiled:
            return None
        return replace(handed[0], node=node, normalized=True, derived=True, missing=UNKNOWN, from_get=False,
                       default=None, implicit=None, checked=False)

    def _checking_split(self, node: cst.Call, handed: list[Val]) -> Val | None:
        """``argv = shlex.split(command)``: the words of one argument's value, a form made to be
        looked at (``if not argv or argv[0] not in ALLOWED``), so a test of it is a test of the
        argument and the branch it fails is that argument's failure path
        (:data:`mcplint.model.derived_forms.CHECKING_FORMS`)."""
        if len(handed) != 1 or not node.args or node.args[0].keyword or node.args[0].star \
                or (self.info.qualify(node.func) or "") not in CHECKING_FORMS:
            return None
        missing = handed[0].missing
        try:  # a default's words are known: `shlex.split("")` is `[]`, which `if not argv` rejects
            missing = shlex.split(missing) if isinstance(missing, str) else (UNKNOWN if missing is not None else None)
        except ValueError:
            missing = UNKNOWN
        return replace(handed[0], node=node, derived=True, missing=missing, from_get=False, implicit=None,
                       checked=False)

    def _inspects_only(self, func: cst.BaseExpression) -> bool:
        """A builtin that looks at a value as a whole and reads none of its keys (``isinstance``,
        ``type``, ``len``, ``bool``, ...: :data:`_INSPECTING_CALLS`), not shadowed by a project
        function or an import of that name."""
        return isinstance(func, cst.Name) and func.value in _INSPECTING_CALLS \
            and func.value not in self.info.functions and func.value not in self.info.imports

    def _escaper(self, func: cst.BaseExpression) -> bool:
        """A library function that returns its text argument escaped or quoted for one sink
        (:data:`_ESCAPERS`, by qualified name, so a project function of the same name is not
        one)."""
        qualified = self.info.qualify(func) or ""
        return qualified in _ESCAPERS and (dotted_name(func) or "") not in self.info.functions

    def _model_field(self, node: cst.Attribute) -> Val | None:
        """``req.tone`` where ``req = Req.model_validate(arguments)``: the field's value, which
        the model validated (``missing``: the field default a missing argument leaves, so
        ``req.tone or "neutral"`` is a fallback for that argument)."""
        fields = self._model_locals.get(node.value.value) if isinstance(node.value, cst.Name) else None
        if fields is None or node.attr.value not in fields:
            return None
        default = fields[node.attr.value]
        return Val(key=node.attr.value, node=node, normalized=True, validated=True,
                   missing=default if default is not None else None)

    def _note_merged_literal(self, node: cst.BaseExpression, state: State) -> None:
        """``send({"tone": "neutral", **arguments})`` handed on unbound: the entries before the
        mapping are defaults of those keys all the same (a bound copy is judged in ``bind``)."""
        if not isinstance(node, (cst.Dict, cst.Call, cst.BinaryOperation)):
            return
        for key, default in (self.merged_defaults(node, state) or {}).items():
            if default is not None:
                self._default(key, node, default, state)

    def _partial_of_mapping(self, node: cst.Call, state: State) -> cst.FunctionDef | None:
        """The project function of ``functools.partial(render, **arguments)`` (or with the
        mapping passed positionally): binding the mapping's values happens at this call."""
        if self.info.qualify(node.func) not in ("functools.partial", "partial") or len(node.args) < 2 \
                or node.args[0].star or node.args[0].keyword:
            return None
        if not any(self.is_mapping(arg.value, state) for arg in node.args[1:]):
            return None
        return self._local_function(node.args[0].value)

    def _partial_parts(self, node: cst.BaseExpression) -> tuple[cst.FunctionDef, cst.Call] | None:
        """``functools.partial(render, "x", tone="neutral")`` of a project function that binds no
        ``*``/``**`` splat: that function and the partial call."""
        if not isinstance(node, cst.Call) or self.info.qualify(node.func) not in ("functools.partial", "partial") \
                or not node.args or any(arg.star for arg in node.args) or node.args[0].keyword:
            return None
        function = self._local_function(node.args[0].value)
        return (function, node) if function is not None else None

    def _partial_called(self, node: cst.Call, state: State
                        ) -> tuple[cst.FunctionDef, tuple[Any, ...], dict[str, cst.BaseExpression]] | None:
        """A call of a ``functools.partial`` of a project function handed the arguments mapping,
        in place (``partial(render, tone="neutral")(**arguments)``) or through a local holding
        it (``compose = partial(...)`` then ``compose(**arguments)``): the function, the
        positional arguments the partial bound first (evaluated) and its keywords. Python merges
        the partial's keywords under the call's (``{**partial.keywords, **kwargs}``), so a
        keyword the partial binds is a default the caller's key overrides. None for any other
        call, and for a partial the mapping is not handed to (judged as code not followed)."""
        func = node.func
        held = self._partials.get(func.value) if isinstance(func, cst.Name) else func
        parts = self._partial_parts(held) if held is not None else None
        if parts is None or not any(self.is_mapping(arg.value, state) for arg in node.args):
            return None
        function, call = parts
        leading = tuple(self.evaluator.eval(arg.value, self._env(state)) for arg in call.args[1:] if arg.keyword is None)
        keywords = {arg.keyword.value: arg.value for arg in call.args[1:] if arg.keyword is not None}
        return function, leading, keywords

    def _tidied(self, value: Val) -> Val:
        """A value a string method tidied: remembered while an assignment is walked, so a dict
        literal holding it (``values = {"title": title.strip()}``) holds a validated value."""
        self._tidied_values.append(value)
        return value

    def _literal_table(self, node: cst.BaseExpression, state: State) -> dict | None:
        """``node``'s value when it is a non-empty dict whose keys are all literal strings, else None."""
        table = self.evaluator.eval(node, self._env(state))
        return table if isinstance(table, dict) and table and all(isinstance(k, str) for k in table) else None

    # -- dispatch tables ----------------------------------------------------------------
    def dispatch_table(self, node: cst.BaseExpression) -> dict[str, "TableEntry"] | None:
        """A ``{"greet": greet_handler, ...}`` table whose keys are literal names and whose values
        are all project functions, instances of project classes (``"greet": GreetPrompt()``,
        given as the class) or ``functools.partial(render, TEMPLATE, ...)`` of a project
        function: a module-level constant, a registry filled at import, or an attribute of the
        handler's own instance assigned once in its class (``self._handlers = {"deploy":
        self._deploy}``, bound methods). None for anything else (one unknown entry is enough:
        the table could then call code this walk cannot see)."""
        name = dotted_name(node)
        # looked up first: an imported registry is marked as one when its name is loaded
        literal = self.info.constants.get(name) if name is not None else None
        if name in self.info.filled:
            return self._registry_table(self.evaluator.eval(node))
        if not isinstance(node, cst.Name):
            literal = self._instance_table(node)
        elif literal is None:  # `runners = {...}` in the factory the handler is nested in
            literal = self.evaluator.closure_literal(self.handler.function, node.value)
            passed = dotted_name(literal) if isinstance(literal, (cst.Name, cst.Attribute)) else None
            if passed is not None:  # `make_call_handler(TOOLS)`: the module constant it was given
                literal = self.info.constants.get(passed)
        if not isinstance(literal, cst.Dict) or not literal.elements:
            return self._built_table(node)
        table: dict[str, TableEntry] = {}
        for element in literal.elements:
            if not isinstance(element, cst.DictElement):
                return self._built_table(node)
            entry = self._table_entry(element.value)
            key = self.evaluator.eval(element.key)
            if not isinstance(key, str) or entry is None:
                return self._built_table(node)
            table[key] = entry
        return table

    def _built_table(self, node: cst.BaseExpression) -> dict[str, "TableEntry | None"] | None:
        """A map built at run time (:mod:`mcplint.model.built_tables`): a factory's return, a
        local filled in place or by a loop, a comprehension. Each value it may hold is an entry;
        its key is the literal key, or a made-up name no declaration has when the key is built
        at run time (``f"analyze_{a.name}"``), so argument rules, which need the declaration,
        stay silent there while the entry's returns are still followed. An entry that is no
        project callable is None: the walk marks the mapping escaped there."""
        own = {"self": self.spec.instance} if self.spec.instance is not None else None
        evaluated = self._registry_table(self.evaluator.eval(node, own))
        if evaluated is not None:  # `{h.name: h for h in (Deploy(), Review())}`: keys and objects known
            return evaluated
        current = self._function or self.handler.function
        enclosing = enclosing_functions(self.info.module)
        values = map_values(node, (*enclosing.get(id(current), ()), current), self.info.functions,
                            self.info.constants, self.evaluator.eval, lambda f: enclosing.get(id(f), ()))
        if values is None:
            return None
        table: dict[str, TableEntry | None] = {}
        for index, value in enumerate(values):
            key = value.key if value.key is not None and value.key not in table else f"{_UNKNOWN_NAME}:{index}"
            table[key] = self._table_entry(value.node)
        if not any(entry is not None for entry in table.values()):
            return None
        self._note_dispatched(values)
        return table

    def _note_table_keys(self, table: dict) -> None:
        """Keep the literal keys of a table the handler calls by the name, with the code each
        runs, for the coverage report (made-up keys are kept where the map is read)."""
        known = {written for written, _ in self.handler.dispatched}
        for key, entry in table.items():
            code = entry.function if isinstance(entry, BoundEntry) else entry
            code = code.cls if isinstance(code, (ClassEntry, ObjectEntry)) else code
            if not key.startswith(_UNKNOWN_NAME) and key not in known and isinstance(code, (cst.FunctionDef, cst.ClassDef)):
                known.add(key)
                self.handler.dispatched.append((key, code))

    def _note_dispatched(self, values) -> None:
        """Keep the entries of a built map for the coverage report, each once."""
        known = {id(node) for _, node in self.handler.dispatched}
        for value in values:
            if id(value.origin) in known:
                continue
            known.add(id(value.origin))
            written = value.key if value.key is not None else (
                cst.Module([]).code_for_node(value.key_node) if value.key_node is not None else "?")
            self.handler.dispatched.append((written, value.origin))

    def _table_entry(self, value: cst.BaseExpression) -> "TableEntry | None":
        """What one value of a dispatch table calls (see :meth:`dispatch_table`)."""
        if isinstance(value, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
            items = tuple(self._table_entry(e.value) for e in value.elements)
            return TupleEntry(items) if any(item is not None for item in items) else None
        if isinstance(value, cst.Dict) and value.elements:
            return self._fields_entry(value)
        if isinstance(value, cst.Name):
            function = self.info.functions.get(value.value)
            cls = self.info.classes.get(value.value) if function is None else None
            return ClassEntry(cls) if cls is not None else function
        if isinstance(value, cst.Attribute) and dotted_name(value.value) != "self":
            function = self.info.functions.get(dotted_name(value) or "")  # `prompts.build_explain` of `from . import prompts`
            cls = self.info.classes.get(dotted_name(value) or "") if function is None else None
            if cls is not None:  # `tools.ParseTool` of `import tools`: the class itself
                return ClassEntry(cls)
            return function if function is not None else self._instance_entry(value)
        if isinstance(value, cst.Attribute) and dotted_name(value.value) == "self":
            method = self._methods().get(value.attr.value)  # a bound method: `self` goes first
            return BoundEntry(method, _takes_self(method), self._methods()) if method is not None else None
        if isinstance(value, cst.Lambda):  # `lambda arguments: echo(arguments)`: the function it forwards to
            return self._evaluated_entry(self.evaluator.eval(value))
        if not isinstance(value, cst.Call):
            return None
        if self.info.qualify(value.func) in ("functools.partial", "partial") and value.args \
                and isinstance(value.args[0].value, cst.Name) and not any(a.star or a.keyword for a in value.args):
            function = self.info.functions.get(value.args[0].value.value)
            if function is None:
                return None
            return BoundEntry(function, False, None, tuple(self.evaluator.eval(a.value) for a in value.args[1:]))
        if isinstance(value.func, cst.Name):
            return self.info.classes.get(value.func.value)
        return None

    def _instance_entry(self, value: cst.Attribute) -> "BoundEntry | None":
        """``contract_handler.generate`` where every binding of ``contract_handler`` is
        ``ContractHandler(...)`` of one project class (:meth:`_instance_class`): that class's
        method, bound to the object. None for a static or class method, a property, or an
        object whose class is not known."""
        cls = self._instance_class(value.value)
        if cls is None:
            return None
        methods = self._class_methods_of(cls)
        method = methods.get(value.attr.value)
        if method is None or any(dotted_name(d.decorator) in ("staticmethod", "classmethod", "property")
                                 for d in method.decorators):
            return None
        return BoundEntry(method, True, methods)

    def _fields_entry(self, value: cst.Dict) -> "FieldsEntry | None":
        """``{"prompt": Prompt(...), "renderer": render_x}`` as a table entry: what each literal
        key calls (None where it is no function); None unless some key calls one."""
        fields: dict[str, TableEntry | None] = {}
        for element in value.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                return None
            key = self.evaluator.eval(element.key)
            if not isinstance(key, str):
                return None
            fields[key] = self._table_entry(element.value) if isinstance(element.value, (cst.Name, cst.Attribute, cst.Call)) else None
        return FieldsEntry(tuple(fields.items())) if any(entry is not None for entry in fields.values()) else None

    def _field_table(self, node: cst.Subscript, state: State) -> dict | None:
        """``REGISTRY[name]["renderer"]`` (or ``entry["renderer"]`` of a looked-up entry), or
        ``TABLE[name][1]`` of tuple entries (``"review": (Prompt(...), render_review)``): per
        name, what that field or position of its entry calls; None unless every entry has a
        function there."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) \
                or not isinstance(node.slice[0].slice.value, (cst.SimpleString, cst.Integer, cst.UnaryOperation)):
            return None
        field_name = self.evaluator.eval(node.slice[0].slice.value)
        inner = node.value
        table = state.tables.get(inner.value) if isinstance(inner, cst.Name) else self._table_lookup(inner, state)
        if not table or not isinstance(field_name, (str, int)) or isinstance(field_name, bool):
            return None
        if isinstance(field_name, int):
            projected = {key: _position(entry, field_name) for key, entry in table.items()}
            return None if any(entry is None for entry in projected.values()) else projected
        projected = {key: entry.field(field_name) for key, entry in table.items() if isinstance(entry, FieldsEntry)}
        if len(projected) != len(table) or any(entry is None for entry in projected.values()):
            return None
        return projected

    def _instance_table(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """The dict literal of ``self.<attr>`` when the handler's class assigns that attribute
        exactly once and never changes it in place; None otherwise."""
        if not isinstance(node, cst.Attribute) or dotted_name(node.value) != "self":
            return None
        attr = node.attr.value
        assigned: list[cst.BaseExpression] = []
        for method in self._methods().values():
            for inner in walk(method):
                if isinstance(inner, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                    targets = [t.target for t in inner.targets] if isinstance(inner, cst.Assign) else [inner.target]
                    for target in targets:
                        if isinstance(target, cst.Attribute) and dotted_name(target) == f"self.{attr}":
                            if not isinstance(inner, cst.Assign) and not (
                                    isinstance(inner, cst.AnnAssign) and inner.value is not None):
                                return None
                            assigned.append(inner.value)
                        elif isinstance(target, cst.Subscript) and dotted_name(target.value) == f"self.{attr}":
                            return None  # `self._handlers[name] = fn`: filled at run time
                elif isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) \
                        and dotted_name(inner.func.value) == f"self.{attr}" and inner.func.attr.value in _DICT_MUTATORS:
                    return None
        return assigned[0] if len(assigned) == 1 else None

    def _registry_table(self, value: Any) -> dict[str, "TableEntry"] | None:
        """A registry filled by calls (``add_handler(EmailHandler())`` storing ``HANDLERS[h.name]
        = h`` at import, ``@prompt_handler("notes")`` storing ``HANDLERS[name] = fn``), as the
        evaluator computes it (:mod:`mcplint.model.registries`): each entry a project function
        or an instance of a project class, keyed by a literal name. None when one is not known."""
        if not isinstance(value, dict) or not value:
            return None
        table: dict[str, TableEntry] = {}
        for key, entry in value.items():
            known = self._evaluated_entry(entry)
            if known is None or not isinstance(key, str):
                return None
            table[key] = known
        return table

    def _evaluated_entry(self, entry: Any) -> "TableEntry | None":
        """What an evaluated table value calls: a project function, a bound method of a known
        object (``self.ping``: the object goes first), an instance of a project class, or a
        tuple holding some of these (``(self.ping, SCHEMA)``, usable once unpacked)."""
        if isinstance(entry, FunctionRef) and entry.owner is not None and entry.owner.cls is not None:
            return BoundEntry(entry.function, True, self._class_methods_of(entry.owner.cls))
        if isinstance(entry, FunctionRef) and entry.bound and entry.owner is None:
            # `functools.partial(search, 10)` (or a lambda forwarding to one): its leading values unknown here
            return BoundEntry(entry.function, False, None, (UNKNOWN,) * entry.bound)
        if isinstance(entry, FunctionRef):
            return entry.function
        if isinstance(entry, ObjectValue) and entry.kind == INSTANCE and entry.cls is not None:
            return ObjectEntry(entry.cls, entry)
        if isinstance(entry, ClassRef):  # `REGISTRY[name] = cls` of a class decorator: the class itself
            return ClassEntry(entry.node)
        if isinstance(entry, tuple) and entry:
            items = tuple(self._evaluated_entry(item) for item in entry)
            return TupleEntry(items) if any(item is not None for item in items) else None
        return None

    def _lookup_helper_table(self, node: cst.BaseExpression, state: State) -> dict | None:
        """``get_tool_handler(name)``: a project function handed the requested name whose every
        return is ``TABLE[param]``, ``TABLE.get(param)`` or ``None``: the table it looks in."""
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name) or len(node.args) != 1 \
                or node.args[0].star or not self.is_name_expr(node.args[0].value, state):
            return None
        function = self.info.functions.get(node.func.value)
        params = list(function.params.params) if function is not None else []
        if len(params) != 1:
            return None
        parameter = params[0].name.value
        tables = set()
        for inner in walk(function.body, into_nested_scopes=False):
            if not isinstance(inner, cst.Return) or inner.value is None or _is_none(inner.value):
                continue
            value = inner.value
            if isinstance(value, cst.Subscript) and len(value.slice) == 1 \
                    and isinstance(value.slice[0].slice, cst.Index) and dotted_name(value.slice[0].slice.value) == parameter:
                tables.add(dotted_name(value.value))
            elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
                    and len(value.args) == 1 and dotted_name(value.args[0].value) == parameter:
                tables.add(dotted_name(value.func.value))
            else:
                return None
        if len(tables) != 1 or None in tables:
            return None
        return self.dispatch_table(cst.Name(tables.pop()))

    def _table_lookup(self, node: cst.BaseExpression, state: State) -> dict[str, cst.FunctionDef] | None:
        """The table of ``TABLE.get(name)`` / ``TABLE[name]`` with the requested name as key, or of
        a project function that looks the name up in one (``get_tool_handler(name)``)."""
        helper = self._lookup_helper_table(node, state)
        if helper is not None:
            return helper
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
                and node.args and self.is_name_expr(node.args[0].value, state):
            return self.dispatch_table(node.func.value)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and self.is_name_expr(node.slice[0].slice.value, state):
            table = self.dispatch_table(node.value)
            if table is not None:
                self._unknown_key(node, state)
            return table
        if isinstance(node, cst.Subscript):
            return self._field_table(node, state)
        instantiated = self._instantiated_table(node, state)
        if instantiated is not None:
            return instantiated
        searched = self._searched_table(node, state)
        if searched is not None:
            return searched
        return self._member_table(node, state)

    def _searched_table(self, node: cst.BaseExpression, state: State) -> dict[str, "TableEntry"] | None:
        """``next((t for t in TOOLS if t.name == name), None)`` over known objects of project
        classes (``TOOLS = [ParseTool(), EchoTool()]``): per name an object's test accepts
        (``t.name`` evaluated for each object), that object's class, as a table of objects.
        None for any other call, or when an object's name is not known or given twice."""
        if not isinstance(node, cst.Call) or dotted_name(node.func) != "next" or not node.args \
                or not isinstance(node.args[0].value, cst.GeneratorExp):
            return None
        search = node.args[0].value
        loop = search.for_in
        if loop.inner_for_in is not None or len(loop.ifs) != 1 or not isinstance(loop.target, cst.Name) \
                or dotted_name(search.elt) != loop.target.value or not self._compares_name(loop.ifs[0].test, state):
            return None
        test = loop.ifs[0].test
        other = test.comparisons[0].comparator if self.is_name_expr(test.left, state) else test.left
        items = _iterated(self.evaluator.eval(loop.iter, self._env(state)))
        if not isinstance(items, (list, tuple)) or not items or len(items) > _MAX_UNROLLED:
            return None
        table: dict[str, TableEntry] = {}
        for item in items:
            if not (isinstance(item, ObjectValue) and item.kind == INSTANCE and isinstance(item.cls, cst.ClassDef)):
                return None
            key = self.evaluator.eval(other, {**self._env(state), loop.target.value: item})
            if not isinstance(key, str) or key in table:
                return None
            table[key] = item.cls
        return table

    def _instantiated_table(self, node: cst.BaseExpression, state: State) -> dict[str, "TableEntry"] | None:
        """``TOOL_CLASSES[name]()`` / ``TOOL_CLASSES.get(name)()`` / ``tool_cls()`` of a local bound
        to such a lookup, where the table's values are project classes (:class:`ClassEntry`):
        per name, an object of that name's class (the entry a table of objects holds), so
        ``.execute(arguments)`` on it runs that class's method. The call must not hand over the
        arguments mapping (a constructor that keeps it is not followed: the mapping escapes
        there, :meth:`_table_call`). None for any other call."""
        if not isinstance(node, cst.Call) or any(arg.star or self.is_mapping(arg.value, state) for arg in node.args):
            return None
        func = node.func
        if isinstance(func, cst.Name):
            table = state.tables.get(func.value)
        elif isinstance(func, (cst.Subscript, cst.Call)):
            table = self._table_lookup(func, state)
        else:
            return None
        if not table or not any(isinstance(entry, ClassEntry) for entry in table.values()):
            return None
        return {key: entry.cls if isinstance(entry, ClassEntry) else None for key, entry in table.items()}

    def _member_table(self, node: cst.BaseExpression, state: State) -> dict[str, "TableEntry"] | None:
        """``getattr(self, "_prompt_" + name)`` / ``getattr(operations, f"op_{name}", None)``: the
        member each declared name selects, as a dispatch table (:mod:`mcplint.model.members`)."""
        if not isinstance(node, cst.Call) or dotted_name(node.func) != "getattr":
            return None
        walked = self._function or self.handler.function
        lookup = getattr_call(walked, node)
        around = enclosing_functions(self.info.module).get(id(walked), ())  # `tools` made in the factory
        members = member_table(self.info, self.evaluator, walked, lookup,
                               lambda inner: self.is_name_expr(inner, state), self.declared_names, around) \
            if lookup is not None else None
        if members is None:
            return self._spelled_members(lookup, state) if lookup is not None and not self.declared_names else None
        return {name: BoundEntry(member.function, member.bound,
                                 self._class_methods_of(member.cls) if member.cls is not None else None)
                for name, member in members.items()}

    def _spelled_members(self, lookup: cst.Call, state: State) -> dict[str, "TableEntry"] | None:
        """Where the declared names are not known: every member the attribute can spell
        (``getattr(self, f"handle_{name}")``: each ``handle_*`` method of the handler's class,
        or of the object's project class; ``getattr(ops, name)``: each public function of the
        project module ``ops``), under a made-up name, as for a map built at run time."""
        pattern = attribute_pattern(self.evaluator, lookup, lambda inner: self.is_name_expr(inner, state))
        if pattern is None:
            return None
        owner = lookup.args[0].value
        methods: dict = {}
        if not any(pattern):
            pass  # a bare `getattr(self, name)` could be any method of the class: only a module's functions
        elif dotted_name(owner) == "self":
            methods = self._methods()
        elif (cls := self._instance_class(owner)) is not None:
            methods = self._class_methods_of(cls)
        found = {name: BoundEntry(method, _takes_self(method), methods)
                 for name, method in spelled_members(methods, *pattern).items()}
        if not methods:
            found = {name: function for name, function in
                     spelled_members(module_functions(self.info, owner), *pattern).items()}
        if not found:
            return None
        table = {f"{_UNKNOWN_NAME}:{name}": entry for name, entry in found.items()}
        known = {id(node) for _, node in self.handler.dispatched}
        for name, entry in found.items():
            function = entry.function if isinstance(entry, BoundEntry) else entry
            if id(function) not in known:
                self.handler.dispatched.append((name, function))
        return table

    def _called_table(self, func: cst.BaseExpression, state: State) -> dict[str, cst.FunctionDef] | None:
        """The table whose entry ``func`` is: a local bound to a lookup, or ``TABLE[name]`` itself."""
        if isinstance(func, cst.Name):
            return state.tables.get(func.value)
        if isinstance(func, (cst.Subscript, cst.Call)):  # `TABLE[name](...)`, `getattr(obj, name)(...)`
            return self._table_lookup(func, state)
        return None

    def _is_enum_of_name(self, node: cst.BaseExpression, state: State) -> bool:
        """``PromptName(name)``: a project enum built from the requested name."""
        if not isinstance(node, cst.Call) or len(node.args) != 1 or node.args[0].keyword or node.args[0].star \
                or not self.is_name_expr(node.args[0].value, state):
            return False
        cls = self.info.classes.get(dotted_name(node.func) or "")
        return cls is not None and bool(
            {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in cls.bases} & _ENUM_BASES)

    def _unknown_member(self, node: cst.Call, state: State) -> None:
        """``PromptName(name)`` raises ValueError for a name that is no member, where an unknown
        name can still arrive (as for ``TABLE[name]``, :meth:`_unknown_key`)."""
        reachable = state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name)
        if not reachable:
            return
        if not self._is_caught("ValueError", state):
            self._add_raise(node, ErrorKind("generic", "ValueError"), "unknown-name", None, state,
                            implicit=f"{dotted_name(node.func)}(name)")
        state.unmatched = False  # past the conversion only members go on: no fall-through is unknown-name

    def _exhausts_on_unknown_name(self, node: cst.Call, state: State) -> bool:
        """``next(p for p in PROMPTS if p.name == name)`` with no default: a search of the
        declared entries for the requested name that finds nothing raises StopIteration."""
        if dotted_name(node.func) != "next" or len(node.args) != 1 or node.args[0].keyword or node.args[0].star \
                or "next" in self.info.functions:
            return False
        search = node.args[0].value
        return isinstance(search, cst.GeneratorExp) and self._searches_by_name(search, state)

    def _searches_by_name(self, search: cst.BaseExpression, state: State) -> bool:
        """``(p for p in PROMPTS if p.name == name)`` (one ``for``, a test of each item against
        the requested name): the entries whose name is the one asked for."""
        if not isinstance(search, (cst.GeneratorExp, cst.ListComp)) or search.for_in.inner_for_in is not None:
            return False
        item = search.for_in.target
        return isinstance(item, cst.Name) and any(self._matches_name(check.test, item.value, state)
                                                   or self._asks_items_for_name(check.test, {item.value}, state)
                                                   for check in search.for_in.ifs)

    def _program_not_found(self, node: cst.Call, state: State) -> None:
        """``subprocess.run([program, "--version"])`` where the caller chose ``program``: a name
        that is not installed raises FileNotFoundError from the call, an implicit raise on that
        argument unless a test looked at it (``if program not in ALLOWED``, ``shutil.which``
        compared) or a ``try`` catches the OSError (:data:`mcplint.model.library_raises.PROGRAM_RUNNERS`)."""
        program = started_program(self.info.qualify(node.func), node)
        found = self._caller_key(program, state) if program is not None else None
        if found is None or not self._text_may_be_bad(found[0], state) or self._is_caught(PROGRAM_NOT_FOUND[0], state):
            return
        self._add_raise(node, ErrorKind("generic", PROGRAM_NOT_FOUND[0], ancestors=PROGRAM_NOT_FOUND[1]), "argument",
                        found[0], state, implicit=f"{dotted_name(node.func)}() of a program that is not installed")

    def _file_not_found(self, node: cst.Call, state: State) -> None:
        """``(TEMPLATE_DIR / f"{kind}.txt").read_text()`` / ``open(path)`` where the caller's value
        spells the path: a value that names no file raises FileNotFoundError from the read,
        unless a test looked at the value, the function tests the local holding the path
        (``if not path.exists()``), or a ``try`` catches it (:func:`~mcplint.model.library_raises.read_path`)."""
        func = node.func
        qualified = self.info.qualify(func) if not (isinstance(func, cst.Name) and func.value in self.info.functions) else None
        path = read_path(qualified, node)
        if path is None or self._is_caught("FileNotFoundError", state):
            return
        if isinstance(path, cst.Name) and path.value in tested_names(self._function or self.handler.function):
            return
        found = self._caller_key(path, state)
        if found is None or not self._text_may_be_bad(found[0], state):
            return
        self._add_raise(node, ErrorKind("generic", "FileNotFoundError", ancestors=("OSError", "Exception")), "argument",
                        found[0], state, implicit=f"{func.attr.value if isinstance(func, cst.Attribute) else dotted_name(func)}() "
                                                  f"of a path built from it")

    def _note_optional(self, name: str, value_node: cst.BaseExpression, state: State) -> None:
        """``m = PR_URL.fullmatch(url)`` / ``style = STYLES.get(kind)``: the local now holds a
        result that is None for a bad value of an argument (:mod:`mcplint.model.optional_results`),
        or no longer does."""
        holders = self.__dict__.setdefault("_optional_locals", {})
        scope = id(self._function or self.handler.function)
        found = self._optional_source(value_node, state)
        if found is None:
            holders.pop((scope, name), None)
        else:
            holders[(scope, name)] = found

    def _optional_source(self, expr: cst.BaseExpression, state: State) -> tuple[str, str, dict | None] | None:
        """(argument key, producer label, None) when ``expr`` is a call whose result is None for
        some value of an argument the caller chose and no test looked at (:meth:`_caller_key`);
        (key, label, attribute -> exception) when it is a parse whose named parts raise when
        read (``urlsplit(url)``'s ``.port``)."""
        if isinstance(expr, cst.Await):
            expr = expr.expression
        if type(expr) is not cst.Call:
            return None
        found = optional_subject(self.info, self.evaluator, expr, self._env(state))
        lazy = lazy_subject(self.info, expr) if found is None else None
        subject = found[0] if found is not None else lazy[0] if lazy is not None else None
        caller = self._caller_key(subject, state) if subject is not None else None
        if caller is None or not self._text_may_be_bad(caller[0], state):
            return None
        return (caller[0], found[1], None) if found is not None else (caller[0], lazy[1], lazy[2])

    def _optional_use(self, receiver: cst.BaseExpression, site: cst.CSTNode, use: str, error: str,
                      state: State) -> None:
        """``m.groups()`` / ``m[1]`` / ``STYLES.get(kind).render()``: a result that is None for a
        bad argument value used as if it were there raises ``error`` (AttributeError, TypeError)
        here, an implicit raise on that argument, unless the function tests the local anywhere
        or a ``try`` around catches the error."""
        if isinstance(receiver, cst.Name):
            function = self._function or self.handler.function
            found = self.__dict__.get("_optional_locals", {}).get((id(function), receiver.value))
            if found is None or (found[2] is None and receiver.value in tested_names(function)):
                return
            shown = f"{receiver.value}{use} (None when {found[1]} finds nothing)"
        else:
            found = self._optional_source(receiver, state)
            shown = f"{found[1] if found else ''}{use} (None when it finds nothing)"
        if found is not None and found[2] is not None:  # a lazy parse: only its named parts raise
            error = found[2].get(use.strip(".()")) if use.startswith(".") and not use.endswith("()") else None
            shown = f"{shown.split(' (')[0]} (parsed from {found[1]} when read)"
        if found is None or error is None or self._is_caught(error, state):
            return
        self._add_raise(site, ErrorKind("generic", error, ancestors=("Exception",)), "argument", found[0], state,
                        implicit=shown)

    def _substring_index(self, node: cst.Call, value: Val, state: State) -> None:
        """``cut = ref.index(":")`` on an argument's text: ``str.index`` raises ValueError
        ("substring not found") where ``find`` would answer -1, an implicit raise on the value
        unless a test looked at the text first (``if ":" not in ref: raise ...``)."""
        receiver = node.func.value
        while isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) \
                and receiver.func.attr.value in STR_NORMALISERS:
            receiver = receiver.func.value
        needle = node.args[0].value if len(node.args) == 1 and not node.args[0].star else None
        if not isinstance(needle, cst.SimpleString) or not isinstance(receiver, cst.Name) \
                or not self._text_may_be_bad(value.key, state) or value.validated or self._vetted(value, receiver, state) \
                or _separator_mark(receiver.value, needle.evaluated_value) in state.vetted \
                or self._is_caught("ValueError", state):
            return  # (a list's `.index(x)` takes no string literal needle of a known text)
        if self.handler.style != "mapping" and not _admits_text(self.handler_parameters.get(value.key)):
            return
        self._add_raise(node, ErrorKind("generic", "ValueError"), "argument", value.key, state,
                        implicit=f"{receiver.value}.{node.func.attr.value}()")

    def _split_unpacked(self, small: cst.Assign, state: State) -> None:
        """``server, kind = name.split("__")``, ``low, high = raw.strip().split("-", 1)``: unpacking
        the pieces of a split into a fixed number of names raises ValueError ("not enough values
        to unpack") when the text has fewer separators, an implicit raise on the requested name
        (where an unknown name still arrives) or on the argument's value (unless a test looked at
        the text first, as for a conversion). ``partition`` and a starred target never raise."""
        target = small.targets[0].target if len(small.targets) == 1 else None
        call = small.value
        if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) < 2 \
                or any(isinstance(e, cst.StarredElement) for e in target.elements) \
                or not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
                or call.func.attr.value not in ("split", "rsplit") or any(a.star for a in call.args):
            return
        receiver = call.func.value
        while isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute) \
                and receiver.func.attr.value in STR_NORMALISERS:
            receiver = receiver.func.value  # `name.strip().lower().split(":")`: still the caller's text
        label = f"unpacking {dotted_name(receiver) or 'the text'}.{call.func.attr.value}()"
        error = ErrorKind("generic", "ValueError")
        if self._is_caught("ValueError", state):
            return
        if self.is_name_expr(receiver, state):
            if state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name):
                self._add_raise(call, error, "unknown-name", None, state, implicit=label)
            return
        value = state.values.get(receiver.value) if isinstance(receiver, cst.Name) else None
        if value is None or not self._text_may_be_bad(value.key, state) or value.validated \
                or self._vetted(value, receiver, state):
            return
        separator = call.args[0].value if call.args else None
        if isinstance(separator, cst.SimpleString) and len(target.elements) == 2 \
                and _separator_mark(receiver.value, separator.evaluated_value) in state.vetted:
            return  # `if ".." not in revisions: raise` before `base, head = revisions.split("..", 1)`
        if self.handler.style != "mapping" and not _admits_text(self.handler_parameters.get(value.key)):
            return
        self._add_raise(call, error, "argument", value.key, state, implicit=label)

    def _unknown_search(self, node: cst.Call, state: State) -> None:
        """``next(p for p in PROMPTS if p.name == name)`` where an unknown name can still arrive
        (as for ``TABLE[name]``, :meth:`_unknown_key`): StopIteration, which Python turns into
        RuntimeError("coroutine raised StopIteration") once it leaves the async handler (PEP
        479), so the client gets the stack's generic error, not -32602. ``next(..., None)``
        with a test of None, or ``except StopIteration:``, rules it out."""
        reachable = state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name)
        if not reachable or self._is_caught("StopIteration", state):
            return
        self._add_raise(node, ErrorKind("generic", "StopIteration"), "unknown-name", None, state,
                        implicit="next() with no default")

    def _unknown_first_match(self, node: cst.Subscript, state: State) -> None:
        """``[p for p in PROMPTS if p.name == name][0]`` where an unknown name can still arrive:
        the list is empty and the index raises IndexError (as ``TABLE[name]``'s KeyError)."""
        reachable = state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name)
        if not reachable or self._is_caught("IndexError", state):
            return
        self._add_raise(node, ErrorKind("generic", "IndexError"), "unknown-name", None, state,
                        implicit="[...][0] of the entries with that name")

    def _unknown_key(self, node: cst.Subscript, state: State) -> None:
        """``TABLE[name]`` where an unknown name can still arrive: it raises KeyError here. That is
        before any test of the name, or on the fall-through after ``if name == A: return ...``
        that only unmatched names reach; a guard (``if name not in TABLE: raise``) rules it out."""
        reachable = state.unmatched is True or (state.unmatched is None and not self.handler.dispatches_on_name)
        if not reachable or self._is_caught("KeyError", state):
            return
        self._add_raise(node, ErrorKind("generic", "KeyError"), "unknown-name", None, state,
                        implicit=f"{dotted_name(node.value)}[name]")

    def _table_call(self, node: cst.Call, table: dict[str, cst.FunctionDef | cst.ClassDef], method: str,
                    state: State, render: bool) -> None:
        """``HANDLERS[name](arguments)``: each entry serves the prompt of its key, so it is walked
        with the call's arguments bound and only that name served; what one entry proves about
        the mapping holds for none of the others, so the caller's state is left as it was.
        ``method`` is the method called on an instance entry (``__call__`` for a plain call)."""
        self.handler.dispatches_on_name = True
        self._note_table_keys(table)
        if any(key.startswith(_UNKNOWN_NAME) for key in table):
            # a key built at run time may be any declared name: what the entries read cannot be
            # told apart per declaration, so "never read" is not judged for any of them
            self._escape(node, replace(state, served=None))
        for key, entry in table.items():
            if state.served is not None and key not in state.served:
                continue  # a test before the call already sent this name elsewhere
            branch = state.copy()
            branch.served = frozenset({key})
            branch.name_selected = True
            if isinstance(entry, BoundEntry):
                if method == "__call__":
                    self._method_call = (entry.bound, entry.methods) if entry.methods is not None else None
                    self._leading_args = entry.leading
                    self._helper_call(node, entry.function, branch, render)
                continue
            if isinstance(entry, cst.FunctionDef):
                if method == "__call__":
                    if _new_table_entry(self.handler, entry):
                        self.handler.table_entries.append((key, entry))
                    self._helper_call(node, entry, branch, render)
                continue
            if isinstance(entry, ClassEntry) and method == "__call__" and not any(
                    arg.star or self.is_mapping(arg.value, state) for arg in node.args):
                continue  # `TOOL_CLASSES[name]()`: an object is made; its methods are followed where called
            if entry is None or isinstance(entry, (TupleEntry, FieldsEntry, ClassEntry)):
                # `TOOLS[name](...)` on a tuple or dict, a class whose constructor takes the
                # mapping, or a value of a built map that is no project callable: not a call
                # this walk follows
                self._escape(node, branch)
                continue
            if isinstance(entry, ObjectEntry):
                if self._field_function_call(node, entry, method, key, branch, render):
                    continue
                entry = entry.cls
            methods = self._class_methods_of(entry)
            function = methods.get(method)
            if function is None:
                self._escape(node, state)  # an inherited method of a class outside the project
                continue
            # Handed over beside the call: subclasses (mcplint.model.argvalues) override
            # _helper_call with its four-argument signature.
            self._method_call = (_takes_self(function), methods)
            self._helper_call(node, function, branch, render)

    def _field_function_call(self, node: cst.Call, entry: "ObjectEntry", attribute: str, key: str,
                             branch: State, render: bool) -> bool:
        """``entry.fn(index, args)`` where the table holds an object of a project class whose
        field ``fn`` keeps a function (``RegisteredTool(types.Tool(...), fn)`` stored by a
        registering decorator, ``Entry(schema=..., handler=run)``): that function, walked for
        the name of its key. A method of the class wins over nothing: only a field the
        constructor filled (:meth:`Evaluator.instance_attribute`) counts, and a bound method
        stored there runs with its own object first. False when the attribute keeps no
        project function (the caller then looks for a method)."""
        if attribute == "__call__":
            return False
        value = self.evaluator.instance_attribute(entry.value, attribute)
        if not isinstance(value, FunctionRef) or value.bound > 1 or (value.bound and value.owner is None):
            return False
        if value.owner is not None and value.owner is entry.value:
            return False  # a plain method of the entry's own class: followed as a method
        if value.owner is not None and value.owner.cls is not None:
            self._method_call = (True, self._class_methods_of(value.owner.cls))
        elif _new_table_entry(self.handler, value.function):
            self.handler.table_entries.append((key, value.function))
        self._helper_call(node, value.function, branch, render)
        return True

    def _class_methods_of(self, cls: cst.ClassDef, depth: int = 0) -> dict[str, cst.FunctionDef]:
        """The methods a project class has, its project bases' included (the class's own win)."""
        methods: dict[str, cst.FunctionDef] = {}
        for base in cls.bases:
            parent = self.info.classes.get(dotted_name(base.value) or "")
            if parent is not None and parent is not cls and depth < _MAX_HELPER_DEPTH:
                methods.update(self._class_methods_of(parent, depth + 1))
        body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
        methods.update((s.name.value, s) for s in body if isinstance(s, cst.FunctionDef))
        return methods

    def _model_call(self, node: cst.Call, state: State) -> bool:
        """``Model(**arguments)``, ``Model.model_validate(arguments)`` (``parse_obj``) on a project
        pydantic model, or ``Data(**arguments)`` on a dataclass: each field is a read of its key
        (a pydantic alias is the key). A field default fills in a missing argument; a required
        field fails the call when the key is missing: pydantic raises ValidationError (on mcp
        2.x low-level that arrives as -32602, elsewhere as a generic error, judged by MCP201),
        a dataclass TypeError like any ``**`` call (MCP202). Every field counts as validated
        from here on, so rendering the raw argument afterwards is MCP301's business.
        True when ``node`` is such a call and was recorded.
        """
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        converted = self._converted_model(node, state)
        if converted is not None:
            owner, cls, mapping = converted
            method = (dotted_name(func) or "convert").rsplit(".", 1)[-1]
        elif method not in (None, "model_validate", "parse_obj", "validate"):
            return False
        # The call's shape first: looking the class up may parse the project module it is
        # imported from, which most calls (no mapping handed over) never need.
        elif method is None:
            if len(node.args) != 1 or node.args[0].star != "**" or not self.is_mapping(node.args[0].value, state):
                return False
        elif not node.args or node.args[0].star or not self.is_mapping(node.args[0].value, state):
            return False
        if converted is None:
            owner = dotted_name(func.value if method is not None else func)
            cls = self.info.classes.get(owner) if owner else None
            if cls is None and owner and isinstance(self._env(state).get(owner), ClassRef):
                cls = self._env(state)[owner].node  # `cls(**arguments)` in a classmethod called on the class
            mapping = node.args[0].value
        if cls is None:
            return False
        described = self.evaluator.model_fields(cls)
        if described is None or (method is not None and converted is None and described[0] != "pydantic"):
            return False
        kind, fields = described
        if kind == "pydantic":  # a before validator fills the key in: the field no longer requires it
            fills = before_validation_fills(self.evaluator, cls)
            filled = {key: value for key, (value, _) in fills.items()}
            fields = [(key, False, filled[key]) if key in filled else (key, required, default)
                      for key, required, default in fields]
        self._model_results[id(node)] = {key: default for key, _, default in fields}
        may_be_none = self._may_be_none(mapping, state)
        label = f"{owner}.{method}()" if method else f"{owner}(**...)"
        reads_before = len(self.handler.reads)
        for key, required, default in fields:
            if not required:
                self._read(key, node, "get", state, may_be_none=may_be_none)
                if default is not None:
                    use = self._default(key, node, default, state)
                    if kind != "pydantic" or key not in filled:
                        use.origin = _field_default(self.info, cls, key)
                    else:  # a before validator's fill is written there
                        use.origin = fills[key][1]
            elif kind in ("dataclass", "namedtuple"):  # a missing field fails the call with TypeError
                self._read(key, node, "splat", state, may_be_none=may_be_none)
            else:
                self._read(key, node, "model", state, may_be_none=may_be_none)
                if state.has(key) or self.handler.kind != "prompt" \
                        or not self._declared_somewhere(key, state):
                    continue  # an undeclared field is MCP102's finding: no caller can send it
                if self._is_caught("ValidationError", state):
                    self._note_swallowed("ValidationError", key)
                    continue
                self._add_raise(node, ErrorKind("pydantic-validation", "ValidationError"), "argument", key, state,
                                implicit=label)
                if self.handler.raises and self.handler.raises[-1].node is node:
                    self.handler.raises[-1].when_missing = True
        if kind == "pydantic":
            self._validator_rejects(node, cls, [key for key, _, _ in fields], label, state)
        for read in self.handler.reads[reads_before:]:
            read.origin = _field_node(self.info, cls, read.key)
        for key, required, _ in fields:
            state.normalized.setdefault(key, node)
            if required:
                state.present.add(key)  # the call raised otherwise
        if any(required for _, required, _ in fields):
            self._mark_mapping_present(mapping, state)  # `Model.model_validate(args or {})` failed on None
        return True

    def _converted_model(self, node: cst.Call, state: State) -> tuple[str, cst.ClassDef, cst.BaseExpression] | None:
        """``msgspec.convert(arguments, Query)``, ``cattrs.structure(arguments, Query)``,
        ``dacite.from_dict(Query, arguments)``, ``TypeAdapter(Query).validate_python(arguments)``:
        a library call (no project function) handed the arguments mapping and a project model
        class builds that class from the mapping, as ``Query(**arguments)`` does (its field
        defaults fill missing keys, a missing required field fails the call). ``(class name,
        class, mapping)``, else None."""
        if not node.args or len(node.args) > 3 or any(arg.star for arg in node.args):
            return None
        values = [arg.value for arg in node.args]
        if isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Call) \
                and len(node.func.value.args) == 1:  # `TypeAdapter(Query).validate_python(arguments)`
            values.append(node.func.value.args[0].value)
        # cheap tests first (a class name and the mapping among the arguments), the callee last
        names = [dotted_name(value) for value in values if isinstance(value, (cst.Name, cst.Attribute))]
        classes = [(name, self.info.classes[name]) for name in names if name in self.info.classes]
        if len(classes) != 1:
            return None
        mappings = [value for value in values if self.is_mapping(value, state)]
        if len(mappings) != 1 or self._local_function(node.func) is not None:
            return None
        return classes[0][0], classes[0][1], mappings[0]

    def _validated_fields(self, node: cst.Call, state: State) -> None:
        """``req = Request(topic=topic, level=level)`` on a project pydantic model whose
        ``field_validator("level")`` (or ``validator``) tidies the field: ``req.level`` is the
        validated value of the argument handed as ``level``."""
        if node is not self._bound_value and not _chain_starts_with(self._bound_value, node):
            return
        cls = self.info.classes.get(dotted_name(node.func) or "")
        if cls is None:
            return
        validated = _validated_field_names(cls) | constrained_fields(cls)
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in validated:
                value = self._value_of(arg.value, state)
                key = value.key if value is not None else self._read_key(arg.value, state)  # `style=args.get("style")`
                if key is not None:
                    state.normalized.setdefault(key, node)

    def _validator_rejects(self, node: cst.Call, cls: cst.ClassDef, fields: list[str], label: str,
                           state: State, keys: dict[str, str] | None = None) -> None:
        """A prompt validates arguments with a model whose ``field_validator`` /
        ``model_validator`` raises on a bad value (:func:`rejecting_fields`): the call raises
        ValidationError for that caller's value (-32602 only on mcp 2.x low-level, judged by
        MCP201). ``keys`` maps a field to the argument handed to it (``Opts(style=style)``);
        without it the field is the argument of its name (``Model.model_validate(arguments)``).
        Nothing when a ``try`` around the call catches the ValidationError (its clause is then
        the caller error), or the field takes no declared argument."""
        if self.handler.kind != "prompt":
            return
        for field in rejecting_fields(self.evaluator, cls, fields):
            key = keys.get(field) if keys is not None else field
            if key is None or not self._declared_somewhere(key, state):
                continue
            if self._is_caught("ValidationError", state):
                self._note_swallowed("ValidationError", key)
                return
            self._add_raise(node, ErrorKind("pydantic-validation", "ValidationError"), "argument", key, state,
                            implicit=label)
            return

    def _validator_rejects_fields(self, node: cst.Call, state: State) -> None:
        """``Opts(style=style)`` on a project pydantic model, with argument values handed as
        keywords: a validator of a field that rejects the value raises ValidationError here."""
        keywords = [arg for arg in node.args if arg.keyword is not None and not arg.star]
        if not keywords or self.handler.kind != "prompt" or not isinstance(node.func, (cst.Name, cst.Attribute)):
            return
        keys: dict[str, str] = {}
        for arg in keywords:
            value = self._value_of(arg.value, state) or self._passed_value(arg.value, state)
            if value is not None and value.key is not None and not value.validated:
                keys[arg.keyword.value] = value.key
        if not keys:
            return
        owner = dotted_name(node.func)
        cls = self.info.classes.get(owner) if owner else None
        if cls is None or (self.evaluator.model_fields(cls) or ("",))[0] != "pydantic":
            return
        self._validator_rejects(node, cls, list(keys), f"{owner}()", state, keys)

    def _declared_somewhere(self, key: str, state: State) -> bool:
        """Whether a declaration this code serves lists ``key`` (True when unknown)."""
        declarations = self.handler.served_declarations(state.served)
        if declarations is None:
            return True
        return any(d.arguments is None or d.argument(key) is not None for d in declarations)

    def _value_helper(self, node: cst.Call, function: cst.FunctionDef, state: State) -> Val | None:
        """Walk a module-local function handed argument values, for what it checks and raises:
        a guard inside it rejects a default, and its raises carry the argument's reason. Returns
        the value all its returns agree on (a form of one argument), if any."""
        if function.name.value in self._helper_stack or len(self._helper_stack) >= _MAX_HELPER_DEPTH \
                or any(arg.star for arg in node.args):
            return None
        saved = self._quiet
        self._quiet += 1  # its text is its own business: renders are judged where values are rendered
        self._handed += 1
        try:
            return self._helper_call(node, function, state, render=False)
        finally:
            self._quiet = saved
            self._handed -= 1

    def _instance_method_rejects(self, node: cst.Call, method: cst.FunctionDef, handed: bool, state: State) -> None:
        """``REGISTRY.resolve(style)`` / ``templates.get(kind)`` on an instance of a project
        class whose method raises where a test of the value it was handed fails (``if name not
        in self._items: raise KeyError(...)``): walked like a module-level helper handed the
        value, for those raises only (they carry the argument's reason, so MCP201 judges them);
        handed the requested name (``REGISTRY.resolve(name)`` in a handler that does not
        dispatch on it), for what it raises for a name it does not know. What the method
        returns or does with the value stays unfollowed, as for any instance method (a prompt
        handler only: a tool's argument errors are MCP207's)."""
        if self.handler.kind != "prompt" or not self._raises_somewhere(method) \
                or not isinstance(node.func, cst.Attribute) or self._instance_class(node.func.value) is None:
            return
        if handed:
            self._vet_by_checker(node, method, state)
            self._value_helper(node, method, state)
        elif self.handler.dispatches_on_name is False and not state.name_selected \
                and any(self.is_name_expr(arg.value, state) for arg in node.args):
            self._value_helper(node, method, state)

    def _always_raising_call(self, expr: cst.BaseExpression, state: State) -> bool:
        """``fail("team is required")`` on a project function whose body ends in ``raise`` and
        that never returns: the statement leaves the handler as a ``raise`` would, and raises
        what the function raises (judged at the call; only for a function of this module,
        whose names this module's bindings resolve)."""
        call = expr.expression if isinstance(expr, cst.Await) else expr
        if not isinstance(call, cst.Call):
            return False
        function = self._local_function(call.func)
        if function is None or not _always_raises(function):
            return False
        raised = suite_statements(function.body)[-1].body[-1]
        if raised.exc is not None and any(statement is function for statement in self.info.module.body):
            self.record_raise(call, raised.exc, state)
        return True

    def _vet_by_checker(self, call: cst.Call, function: cst.FunctionDef, state: State) -> None:
        """``check_plan(plan)`` where the helper raises when a test on that parameter fails
        (``if name not in PLANS: raise ValueError(...)``): past the call the value was looked
        at, as if the test were written inline (``PLANS[plan]`` no longer raises KeyError)."""
        checked = _raise_checked_parameters(function)
        env = _call_bindings(function, call) if checked else None
        for param in checked & (env or {}).keys():
            passed = env[param]
            value = state.values.get(passed.value) if isinstance(passed, cst.Name) else None
            if value is not None:
                state.vetted |= {passed.value, _key_mark(value.key)}

    def _judge_by_helper_guards(self, node: cst.Call, function: cst.FunctionDef, value: Val, alone: bool) -> str | None:
        """A helper with a ``raise`` handed a defaulted value as its one argument
        (``Version.parse(args.get("since") or "0.0.0")``): its guards are run on the default
        (:func:`mcplint.model.guard_run.run_guards`). Raising on it rejects the default; letting
        it through leaves it standing in for the argument; anything else leaves it uncertain.
        Returns the verdict (:data:`~mcplint.model.guard_run.PASSES`, ``RAISES`` or None)."""
        use = value.default
        verdict = None
        positional = [arg for arg in node.args if not arg.keyword and not arg.star]
        params = [p.name.value for p in function.params.params]
        if params and params[0] in ("self", "cls") and isinstance(node.func, cst.Attribute):
            params = params[1:]  # `Version.parse(text)`, `self.check(text)`: the receiver is not handed
        known = value.missing is not UNKNOWN and value.missing is not None \
            and isinstance(value.missing, (str, int, float, bool, list, tuple))
        if known and alone and len(positional) == 1 and len(node.args) == 1 and params:
            verdict = run_guards(self.evaluator, function, {params[0]: value.missing})
        if verdict == RAISES:
            use.rejected = True
        elif verdict != PASSES:
            use.uncertain = True
        use.via_helper = verdict == PASSES
        return verdict

    def _raises_somewhere(self, function: cst.FunctionDef) -> bool:
        """Whether a ``raise`` statement that raises something appears in ``function``'s body
        (nested functions, classes and lambdas not entered). A bare ``raise`` only lets an
        exception of the ``try`` body go on (``except Exception: log(); raise`` around an SMTP
        send): it rejects no value. Memoised per function for the whole lint (on the
        module's :class:`ModuleInfo`, which lives as long as the trees): every call of a
        project function asks, and a helper called from many places was walked each time."""
        memo = self.info.__dict__.setdefault("_raises_somewhere", {})
        found = memo.get(id(function))
        if found is None or found[0] is not function:
            found = memo[id(function)] = (function, any(type(n) is cst.Raise and n.exc is not None
                                                        for n in _walk_expr(function.body)))
        return found[1]

    def _validator_result(self, node: cst.Call, function: cst.FunctionDef, state: State,
                          handed: list[Val] | None = None) -> Val | None:
        """``check_env(environment)``: a local function that raises returns a validated value.
        ``handed``: the values the call's arguments held when scanned, for a read written in
        the call itself (``check_window(args.get("window", "5m"))``)."""
        values = [self._value_of(arg.value, state) for arg in node.args]
        if not any(values) and handed is not None and len(handed) == 1 and len(node.args) == 1 \
                and not node.args[0].star:
            values = [handed[0]]
        tracked = [v for v in values if v is not None]
        if len(tracked) != 1 or not self._raises_somewhere(function):
            return None
        handed = next(arg.value for arg, value in zip(node.args, values) if value is not None)
        if not _returns_a_form_of(function, _receiving_parameter(function, node, handed)):
            return None  # `dimension_of(unit)`: it checked the value but returns something else
        return replace(tracked[0], node=node, normalized=True, missing=UNKNOWN, checked=True, validated=True)

    def _unused_form_result(self, node: cst.Call, function: cst.FunctionDef, state: State) -> Val | None:
        """``cell = md_cell(asset)`` where ``md_cell`` hands back a form of the value it was
        handed (``return value.replace("|", "\\|")``) and ``cell`` is never read again: the
        code made the form the text needed and then did not use it, so the argument has a
        validated value the raw one should have been (MCP301/MCP302 judge the raw use). A form
        that is read anywhere is the helper's ordinary result and no such value."""
        target = self._bound_target
        if node is not self._bound_value or not isinstance(target, cst.Name) or not node.args \
                or any(arg.star for arg in node.args):
            return None
        # one argument of the call holds the argument's value; the others are settings
        # (`shortened(question, 300)`, `squeeze(text, width=80)`)
        held = [(arg, value) for arg in node.args if (value := self._value_of(arg.value, state)) is not None]
        if len(held) != 1 or not all(arg is held[0][0] or _is_setting(arg.value) for arg in node.args):
            return None  # other data beside it (`set_width(table, col, width)`): an answer, no form
        handed, value = held[0]
        if value.key is None or value.normalized:
            return None
        if not _returns_a_form_of(function, _receiving_parameter(function, node, handed.value)):
            return None
        function = self._function or self.handler.function
        if _name_counts(function)[target.value] != 1 and not tested_only_after(function, node, target.value):
            # the form is read somewhere (or bound twice): the helper's ordinary result; read
            # only by tests (`if not short: raise`), it was made to replace the argument
            return None
        return replace(value, node=node, normalized=True, missing=UNKNOWN if value.missing is not None else None)

    def _tidied_or_none_result(self, node: cst.Call, function: cst.FunctionDef | None, state: State) -> Val | None:
        """``sku = BOOK.canonical(raw)`` where the method answers None for a value it refuses and
        otherwise the value it was handed, tidied by text methods only (``sku =
        raw.replace(" ", "").upper(); if sku not in CATALOG: return None; return sku``): a parser
        of the argument wherever it lives, as a module function of that shape is (see
        :meth:`_parsed_or_none`), so its result is the validated value whether the handler only
        tests it or uses it too. A method that looks something up with the value (``return
        self._rows.get(key)``) answers a record, no form of it."""
        if function is None or len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return None
        value = self._value_of(node.args[0].value, state)
        if value is None or value.key is None or value.normalized:
            return None
        if not _tidies_or_refuses(function, _receiving_parameter(function, node, node.args[0].value)):
            return None
        # (what it refused it answered None for: the value past that test is a checked one)
        return replace(value, node=node, normalized=True, checked=True, validated=True,
                       missing=UNKNOWN if value.missing is not None else None)

    def _normaliser_result(self, node: cst.Call, function: cst.FunctionDef, state: State) -> Val | None:
        """``clean(name)`` where ``clean`` only returns its parameter normalised
        (``return value.strip().title()``): the same text, so ``clean(name) or "x"`` replaces
        an empty value as ``name.strip() or "x"`` does."""
        if len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return None
        value = self._value_of(node.args[0].value, state)
        parameter = _normalised_parameter(function)
        if value is None or parameter is None:
            return None
        missing = value.missing
        if isinstance(missing, str):  # the helper's own normalisers, applied to a known default
            missing = _normalise_text(missing, function)
        elif missing is not None:
            missing = UNKNOWN
        return replace(value, node=node, normalized=True, missing=missing)

    def _scan_format(self, node: cst.Call, state: State) -> None:
        func = node.func
        assert isinstance(func, cst.Attribute)
        self.scan(func.value, state)
        for arg in node.args:
            if _fills_from_locals(func.attr.value, arg):  # .format(**locals()), .format_map(locals())
                self._render_locals(node, func.value, state)
                continue
            if self.is_mapping(arg.value, state) and (arg.star == "**" or (
                    func.attr.value != "format" and not arg.star and not arg.keyword)):
                known = False
                if func.attr.value in ("format", "format_map", "substitute", "safe_substitute") \
                        and isinstance(arg.value, (cst.Name, cst.Attribute, cst.BooleanOperation)) \
                        and not (isinstance(arg.value, cst.Name) and arg.value.value in self._filtered_copies):
                    known = self._format_placeholders(node, func.value, state)  # a filtered copy has every key
                self._note_merged_literal(arg.value, state)
                if not known:  # the template's placeholders are the only keys it takes: no escape
                    self._escape(node, state)
                self._render(node, "whole-mapping", None, state, placeholders_only=True)
                continue
            self.scan(arg.value, state, render=True)

    def _format_placeholders(self, node: cst.Call, template: cst.BaseExpression, state: State) -> bool:
        """``TEMPLATE.format(**arguments)`` (or ``.format_map(arguments)``): each placeholder of
        the template is an implicit ``arguments[key]``, a KeyError when the caller omits it. The
        template is evaluated for each declaration served here, with the requested name bound
        to that declaration's name (``PROMPTS[name]["template"]``); placeholders that name a
        declared argument are recorded as reads of form ``format`` for that declaration.

        Returns True when the template text is known for every declaration served: then the
        placeholders are every key the call takes (``str.format`` ignores the others), so a
        declared argument no placeholder names is dropped (MCP103), and a placeholder no
        declared argument fills is recorded too: it raises KeyError for every caller who sends
        what the list declares (MCP102)."""
        declarations = self.handler.served_declarations(state.served) or []
        if len(declarations) > _MAX_UNROLLED:
            return False
        method = node.func.attr.value if isinstance(node.func, cst.Attribute) else "format"
        served = state.served
        known = bool(declarations)
        try:
            for declaration in declarations:
                if declaration.name is None or declaration.arguments is None:
                    known = False
                    continue
                env = {**self._env(state), **dict.fromkeys(state.name_vars, declaration.name)}
                if method in ("substitute", "safe_substitute"):  # string.Template: $name / ${name}
                    literal = template_literal(self.info, template, declaration.name)
                    text = template_text(literal)
                    fields = dollar_placeholders(text)
                    known = known and fields is not None
                    fields = fields or set()
                else:
                    literal = template_literal(self.info, template, declaration.name)
                    text = self.evaluator.eval(template, env)
                    fields = _placeholders(text)
                    known = known and isinstance(text, str) and _well_formed(text)
                state.served = frozenset({declaration.name})
                for key in sorted(fields):
                    if declaration.argument(key) is None and not known:
                        continue
                    if declaration.argument(key) is None and literal is not None:
                        # a placeholder no argument fills: the fault is in the template's text
                        self._read(key, placeholder_part(literal, key), "format", state)
                        self.handler.reads[-1].guarded = self.handler.reads[-1].guarded or method == "safe_substitute"
                    else:
                        if not self._vouched(key, state):
                            self._read(key, node, "format", state)
                            # safe_substitute leaves a missing placeholder in the text: no KeyError
                            self.handler.reads[-1].guarded = self.handler.reads[-1].guarded or method == "safe_substitute"
                        if method == "safe_substitute" and declaration.argument(key) is not None:
                            self._default(key, node, _kept_placeholder(key), state)
        finally:
            state.served = served
        return known

    def _answered(self, answer: cst.CSTNode) -> Any:
        """What a lenient formatter's ``get_value`` answers for a missing key: the fallback of
        its ``.get(key, d)`` or the value its ``except KeyError`` returns (UNKNOWN if not known)."""
        node = answer.value if isinstance(answer, cst.Return) else answer.args[1].value
        value = self.evaluator.eval(node)
        return value if isinstance(value, (str, int, float)) else UNKNOWN

    def _rendered_blank(self, node: cst.Call, state: State, origin: cst.CSTNode | None = None,
                        value: Any = "", skip: set[str] = frozenset()) -> None:
        """``template.render(**arguments)`` on a jinja2 template with the default ``Undefined``
        (:func:`mcplint.model.lenient_templates.lenient_render`), or ``format(template,
        **arguments)`` with a ``string.Formatter`` whose ``get_value`` answers a missing key
        (``origin``, where it answers: :func:`mcplint.model.template_fallbacks.lenient_formatter`):
        each required argument of each declaration served here that is not known present
        renders as ``""``, a default (the template's text is not known, so every required
        argument counts)."""
        served = state.served
        try:
            for declaration in self.handler.served_declarations(served) or []:
                if declaration.name is None or declaration.arguments is None:
                    continue
                state.served = frozenset({declaration.name})
                for argument in declaration.arguments:
                    if argument.required and argument.name not in skip:  # `skip`: the template's own fallback
                        self._default(argument.name, node, value, state).origin = origin
        finally:
            state.served = served

    def _template_fallbacks(self, node: cst.Call, state: State) -> set[str]:
        """``NOTES.render(**arguments)`` on a jinja2 template whose text says ``{{ product |
        default('our product') }}``: that name renders the filter's value when the caller left
        it out, even in a ``StrictUndefined`` environment; a default written in the template
        (the defect site), applied at this call. Returns the names given a fallback."""
        given = {arg.keyword.value for arg in node.args if arg.keyword is not None}
        covered: set[str] = set()
        for fallback in jinja_fallbacks(self.info, self.evaluator, node):
            if fallback.name in given:
                continue  # `render(product=title, **arguments)`: the call fills it itself
            use = self._default(fallback.name, node, fallback.value, state)
            use.origin = fallback.node
            covered.add(fallback.name)
        return covered

    def _vouched(self, key: str, state: State) -> bool:
        """The handler looked at ``key`` before (``lang = normalise_language(args.get("language"))``,
        a presence test): that read, and what checked it, is judged on its own, so only a
        placeholder that is the key's one access counts as an unguarded read."""
        return key in state.normalized or any(value.key == key for value in state.values.values()) \
            or any(read.key == key for read in self.handler.reads)

    def _render_locals(self, node: cst.Call, template: cst.BaseExpression, state: State) -> None:
        """``TEMPLATE.format(**locals())``: each placeholder is filled from the local of its
        name, so a local holding an argument value is rendered as it is held (raw or validated)."""
        text = self.evaluator.eval(template, self._env(state))
        if not isinstance(text, str):
            for value in list(state.values.values()):  # an unknown template may use any local
                self._use(node, value, state, render=False)
            return
        try:
            fields = {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
        except ValueError:
            return  # a malformed template raises at render time: not this rule's business
        for name in sorted(fields):
            value = state.values.get(name)
            if value is not None:
                self._use(node, value, state, render=True)
        if self.handler.style == "signature" and _well_formed(text):
            self._unfilled_placeholders(node, template, fields, state)

    def _unfilled_placeholders(self, node: cst.Call, template: cst.BaseExpression, fields: set[str],
                               state: State) -> None:
        """A signature function's ``TEMPLATE.format_map(locals())``: its locals are its
        arguments, so a placeholder naming no local at all (``{voice}`` beside a ``tone``
        parameter) raises KeyError on every call. Recorded as a read of that undeclared name,
        placed on the template's literal when it is written in one (the text to change)."""
        local = bound_names(self._function or self.handler.function)
        missing = sorted(name for name in fields if name not in local and not name.isdigit())
        if not missing:
            return
        literal = template_literal(self.info, template)
        for name in missing:  # guarded: no caller can supply it, the fault is the name (MCP102)
            site = placeholder_part(literal, name) if literal is not None else node
            self.handler.reads.append(Read(key=name, node=site, form="format", served=state.served, guarded=True,
                                           function=self._function, statement=self._statement))

    def _getter_read(self, node: cst.Call, state: State) -> bool:
        """``getter(arguments)`` where ``getter`` is an ``operator.itemgetter`` of literal keys
        (:mod:`mcplint.model.key_getters`): a subscript read of each key, recorded here."""
        if len(node.args) != 1 or node.args[0].star or node.args[0].keyword is not None \
                or not self.is_mapping(node.args[0].value, state):
            return False
        keys = getter_keys(self.info, node.func, self._function or self.handler.function)
        if keys is None:
            return False
        for key, literal in keys:  # reported where the key is written, beside its declaration's name
            self._read(key, literal, "subscript", state)
        return True

    def _mapping_method(self, node: cst.Call, method: str, state: State, render: bool) -> Val | None:
        if method == "keys" and not node.args:
            return None  # the names the caller sent, no value: a presence test (`"k" in args.keys()`)
        if method not in ("get", "pop", "setdefault") or not node.args:
            self._escape(node, state)  # .items(), .keys(), .copy() ... : reads we cannot list
            return None
        key = self.evaluator.eval(node.args[0].value, self._env(state))
        if not isinstance(key, str):
            self._escape(node, state)
            return None
        default_node = node.args[1].value if len(node.args) > 1 else None
        if method == "pop" and default_node is None:
            # `args.pop("k")` raises KeyError for a missing key, like `args["k"]`: no None stands in
            self._read(key, node, "subscript", state)
            value = Val(key=key, node=node, from_get=False)
            self._use(node, value, state, render, raw=True)
            return value
        self._read(key, node, method, state)
        # after `if "team" not in args: raise` the key is there: the read is a plain one, no None
        # stands in (and _default records the default as dead)
        value = Val(key=key, node=node, from_get=not state.has(key))
        self._carry_supplied_default(node.func.value, value, state.served)
        if default_node is not None:
            self.scan(default_node, state)
            default_value = self.evaluator.eval(default_node, self._env(state))
            if default_value is not None:
                value.default = self._default(key, node, default_value, state)
                value.missing = default_value
        self._use(node, value, state, render, raw=True)
        if method == "setdefault":
            state.present.add(key)  # the mapping has the key from here on, supplied or not
            if value.default is not None and isinstance(node.func.value, cst.Name):
                # later reads of the key (here, or in a helper handed the mapping) see that default
                self._supplied_defaults.setdefault(node.func.value.value, {})[key] = value.default
        return value

    def _scan_boolean(self, node: cst.BooleanOperation, state: State, render: bool) -> Val | None:
        # `f"{args.get('k') or 'all'}"`: the text shows the combined value (the fallback for a
        # missing key), never the left side's None: it is used below, once combined
        left = self.scan(node.left, state, render and not isinstance(node.operator, cst.Or))
        inner = state
        if isinstance(node.operator, cst.Or) and self._tests_mapping_absent(node.left, state):
            inner = state.copy()
            self._mark_mapping_present(node.left, inner)
        if isinstance(node.operator, cst.And) and self._tests_mapping_present(node.left, state):
            inner = state.copy()
            self._mark_mapping_present(node.left, inner)
        # `"k" not in args or args["k"]...` / `"k" in args and args["k"]...`: the right side
        # runs only when the key is there.
        key = self._key_present_when(node.left, state, isinstance(node.operator, cst.And))
        if key is not None:
            inner = state.copy() if inner is state else inner
            inner.present.add(key)
        vetted = self._vetted_names(node.left, state) - state.vetted
        if vetted:  # `not x.isdigit() or int(x) > 9`: the right side runs on an inspected value
            inner = state.copy() if inner is state else inner
            inner.vetted |= vetted
        if isinstance(node.operator, cst.Or) and left is not None and isinstance(node.left, cst.Name) \
                and node.left.value in state.truthy:
            self.scan(node.right, inner, render)
            return replace(left, node=node)  # `topic or "general"` after `if not topic: raise`: dead fallback
        if isinstance(node.operator, cst.Or) and left is not None and not _is_emptyish(node.right):
            right = self.scan(node.right, inner, render)
            if right is not None and right.key == left.key:  # `lang or language.strip()`: the same argument
                return self._rendered(node, replace(left, node=node, normalized=left.normalized and right.normalized),
                                      state, render)
            if self._rejects_instead(node.right):  # `args.get("owner") or owner_missing(...)`: never None
                return self._rendered(node, replace(left, node=node, checked=True), state, render)
            fallback = self.evaluator.eval(node.right, self._env(state))
            return self._rendered(node, self._with_fallback(left, node, fallback, state, source=node.right),
                                  state, render)
        if isinstance(node.operator, cst.Or) and left is not None:
            fallback = self.evaluator.eval(node.right, self._env(state))
            return self._rendered(node, self._with_fallback(left, node, fallback, state, source=node.right),
                                  state, render)
        self.scan(node.right, inner, render)
        return None

    def _missing_fallback(self, node: cst.Call, state: State) -> Val | None:
        """``next((r for r in ROWS if r.code == code), ROWS[0])``, ``max(..., default=D)``,
        ``TABLE.get(code, D)`` on an argument that is None when the caller left it out (a bare
        ``.get(k)``, or a helper's parameter handed one): nothing matches None, so the call
        answers its fallback, a default for the argument (:mod:`mcplint.model.missing_fallbacks`).
        Returns the call's value (a form of the argument carrying that default), else None."""
        shape = lookup_fallback(node)
        member = enum_fallback(self.info, node) if shape is None else None
        if member is not None:
            return self._enum_fallback(node, *member, state)
        if shape is None:
            return None
        probes, fallback_node = shape
        probe = next((p for p in probes if self._missing_probe(p, state) is not None), None)
        if probe is None:
            return None
        if _names_read_in(fallback_node) & state.values.keys() or any(
                self.is_mapping(inner, state) for inner in _walk_expr(fallback_node)):
            return None  # `ALIASES.get(code, code)`: the fallback is the argument itself
        fallback = self.evaluator.eval(fallback_node, self._env(state))
        if fallback is None or (fallback is UNKNOWN and not self._fallback_like(fallback_node)):
            return None  # `next(..., None)`: a lookup that may miss, judged where it is tested
        if not isinstance(fallback, (str, int, float, bool)):
            fallback = UNKNOWN  # a row or object: "a default" in the message, not its repr
        value = self._missing_probe(probe, state)
        for arg in node.args:  # the reads in the search and the fallback; the probe is no text here
            scanned = self.scan(arg.value, state)
            if arg.value is probe and scanned is not None:
                value = scanned
        if isinstance(node.func, cst.Attribute):
            self.scan(node.func.value, state)
        use = self._default(value.key, node, fallback, state)
        self._fallback_uses.setdefault(value.key, []).append(use)
        return replace(value, node=node, default=use, missing=fallback, derived=True)

    def _prototype_defaults(self, node: cst.Call, state: State) -> None:
        """``replace(BLANK, **arguments)`` (``BLANK._replace(**arguments)``,
        ``BLANK.model_copy(update=arguments)``) with ``BLANK`` a known object of a project
        class: each field the prototype was given is the default of that key (a merge of the
        prototype's fields under the caller's, as ``{**DEFAULTS, **arguments}``); a later check
        of the caller's mapping judges them like a merge's (:meth:`_defaults_before`)."""
        shape = prototype_copy(self.info, node)
        if shape is None or not self.is_mapping(shape[1], state):
            return
        prototype = self.evaluator.eval(shape[0], self._env(state))
        if not isinstance(prototype, ObjectValue) or prototype.cls is None:
            return
        fields = dict(prototype.fields)
        order = self.evaluator.model_fields(prototype.cls)
        names = [key for key, _, _ in order[1]] if order is not None else []
        fields.update((name, value) for name, value in zip(names, prototype.positional) if name not in fields)
        supplied = self._supplied_defaults.setdefault(f"\0prototype {id(node)}", {})
        for key, value in fields.items():
            if isinstance(key, str) and value is not None:
                shown = value if isinstance(value, (str, int, float, bool)) else UNKNOWN
                supplied[key] = self._default(key, node, shown, state)

    def _enum_fallback(self, node: cst.Call, probe: cst.BaseExpression, answer: cst.CSTNode,
                       state: State) -> Val | None:
        """``Tone(args.get("tone"))`` on an Enum whose ``_missing_`` answers a fixed member
        (:func:`mcplint.model.missing_fallbacks.enum_fallback`): a missing tone becomes that
        member, a default written in the hook (``answer``, the defect site)."""
        if self._missing_probe(probe, state) is None:
            return None
        value = self.scan(probe, state)
        if value is None:
            return None
        use = self._default(value.key, node, UNKNOWN, state)
        use.origin = answer
        self._fallback_uses.setdefault(value.key, []).append(use)
        return replace(value, node=node, default=use, missing=UNKNOWN, derived=True)

    def _missing_probe(self, probe: cst.BaseExpression, state: State) -> Val | None:
        """The argument value ``probe`` holds when it is None for a missing key with no
        default or check yet: a local bound to ``args.get(k)`` (or a helper parameter handed
        one), or ``args.get(k)`` written in place (a fresh value, scanned by the caller)."""
        if isinstance(probe, cst.Name):
            value = state.values.get(probe.value)
        else:
            key = self._get_key(probe, state, lambda default: False)
            value = Val(key=key, node=probe, from_get=True) if key is not None else None
        if value is None or not value.from_get or value.missing is not None or value.default is not None \
                or value.checked or value.derived or value.validated or state.has(value.key):
            return None
        return value

    def _judge_fallback_defaults(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """``region = next(..., REGIONS[0])`` then ``if code is None: raise``: a later guard on the
        argument's own missing value stops the call that would take the lookup's fallback."""
        for name in _names_in(test):
            value = state.values.get(name)
            if value is None or value.default is not None or value.missing is not None:
                continue
            for use in self._fallback_uses.get(value.key, ()):
                if use.rejected or not _may_serve_same(use.served, state.served):
                    continue
                env = dict(self._env(state))
                env[name] = None
                outcome = self.evaluator.eval(test, env)
                if outcome is UNKNOWN:
                    use.uncertain = True
                elif bool(outcome) != negate:
                    use.rejected = True

    def _rendered(self, node: cst.CSTNode, value: Val, state: State, render: bool) -> Val:
        """``value`` (an ``or`` expression's combined value), used as rendered text when ``render``."""
        if render:
            self._use(node, value, state, render)
        return value

    def _membership_key(self, test: cst.BaseExpression, state: State, operator: type) -> str | None:
        """The key of ``"k" in args`` (``operator`` ``cst.In``) or ``"k" not in args`` (``cst.NotIn``)."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        target = test.comparisons[0]
        if not isinstance(target.operator, operator) or not self.keys_of_mapping(target.comparator, state):
            return None
        key = self.evaluator.eval(test.left, self._env(state))
        return key if isinstance(key, str) else None

    def _key_present_when(self, test: cst.BaseExpression, state: State, outcome: bool) -> str | None:
        """The key a test proves present when it evaluates to ``outcome``: ``"k" in args``,
        ``args.get("k")`` (or with a falsy default) and ``args.get("k") is not None`` when true;
        ``"k" not in args``, ``not args.get("k")`` and ``args.get("k") is None`` when false. The
        values of a prompt's or tool's arguments are never None on the wire (spec: ``dict[str,
        str]`` for prompts; a JSON null tool value is a rare, separate fault), so a non-None
        ``.get`` means the key is there."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self._key_present_when(test.expression, state, not outcome)
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) == outcome:
            # `args and "k" in args` true (`not ... or "k" not in args` false): each side holds
            return self._key_present_when(test.right, state, outcome) or \
                self._key_present_when(test.left, state, outcome)
        key = self._membership_key(test, state, cst.In if outcome else cst.NotIn)
        if key is not None:
            return key
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot)) and _is_none(test.comparisons[0].comparator):
            if isinstance(test.comparisons[0].operator, cst.IsNot) == outcome:
                return self._get_key(test.left, state, lambda default: default is None)
            return None
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, cst.Equal if outcome else cst.NotEqual):
            # `args.get("mode") == "fast"`: only a value the caller sent can equal a literal the
            # default is not
            value = self.evaluator.eval(test.comparisons[0].comparator, self._env(state))
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                return self._get_key(test.left, state, lambda default: default != value)
            return None
        if outcome:
            return self._get_key(test, state, _is_falsy_literal)
        return None

    def _get_key(self, node: cst.BaseExpression, state: State, default_ok) -> str | None:
        """The key of ``args.get("k")`` or of ``args.get("k", d)`` with ``default_ok(d)``."""
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) \
                or node.func.attr.value != "get" or not 1 <= len(node.args) <= 2 \
                or not self.is_mapping(node.func.value, state):
            return None
        if len(node.args) == 2 and not default_ok(self.evaluator.eval(node.args[1].value, self._env(state))):
            return None
        key = self.evaluator.eval(node.args[0].value, self._env(state))
        return key if isinstance(key, str) else None

    def _scan_ifexp(self, node: cst.IfExp, state: State, render: bool) -> Val | None:
        tested = self.scan(node.test, state)
        body_state = state
        if self._tests_mapping_present(node.test, state):
            body_state = state.copy()  # `args.get(k) if args else d`: the mapping is there
            self._mark_mapping_present(node.test, body_state)
        key = self._key_present_when(node.test, state, True)
        if key is not None:  # `args["k"] if "k" in args else d`: the key is there
            body_state = body_state.copy() if body_state is state else body_state
            body_state.present.add(key)
        vetted = self._vetted_names(node.test, state)
        if vetted - state.vetted:
            body_state = body_state.copy() if body_state is state else body_state
            body_state.vetted |= vetted
        guarded = body_state is not state  # the test is about the mapping or a key of it
        # `args["k"] if args and "k" in args else d`: what the test establishes holds in the
        # body, as in the statement form
        body_state = body_state.copy() if body_state is state else body_state
        self.enter_condition(node.test, body_state)
        body = self.scan(node.body, body_state, render)
        absent = self._key_present_when(node.test, state, False)
        orelse_state = state
        if absent is not None:  # `d if args.get("k") is None else args["k"]`: the key is there
            orelse_state = state.copy()
            orelse_state.present.add(absent)
        orelse = self.scan(node.orelse, orelse_state, render)
        if absent is not None and orelse is not None and orelse.key == absent and body is None \
                and not _names_read_in(node.body) & state.values.keys():
            fallback = self.evaluator.eval(node.body, self._env(state))
            if fallback is not None and (fallback is not UNKNOWN or self._fallback_like(node.body)):
                return replace(orelse, node=node, default=self._default(absent, node.body, fallback, state),
                               missing=fallback)
        if tested is not None and body is not None and tested.key == body.key:
            fallback = self.evaluator.eval(node.orelse, self._env(state))
            return self._with_fallback(body, node, fallback, state, source=node.orelse)
        if key is not None and body is not None and body.key == key:
            # `args["k"] if "k" in args else d`: the fallback stands in for an absent key only
            fallback = self.evaluator.eval(node.orelse, self._env(state))
            if fallback is None:
                return replace(body, node=node)
            return replace(body, node=node, default=self._default(key, node, fallback, state), missing=fallback)
        if body is not None and body.from_get and guarded:
            # `args.get(k) if args else ""`: the fallback stands in when the mapping is None
            fallback = self.evaluator.eval(node.orelse, self._env(state))
            if body.default is not None:
                # `args.get(k, d) if args else d`: a missing key gets d already; the fallback is
                # one more default only when it differs (and is reported where it is written)
                if fallback is not UNKNOWN and fallback is not None and fallback != body.missing:
                    self._default(body.key, node.orelse, fallback, state, missing_key=False)
                return replace(body, node=node)
            return replace(self._with_fallback(body, node, fallback, state), none_kept=True)
        return self._missing_ifexp(node, body, state)

    def _missing_ifexp(self, node: cst.IfExp, body: Val | None, state: State) -> Val | None:
        """``code if code is not None else "eu"``, ``"eu" if code is None else code``,
        ``STYLES[code] if code in STYLES else "plain"``: a conditional whose test, with the
        argument None (a bare ``.get(k)`` the caller left out), takes a branch that does not
        read the argument: that branch's value is a default for it. The test is evaluated, so
        any spelling counts; a branch that computes (a call) is no default (it may raise)."""
        for name in sorted(_names_read_in(node.test)):
            value = self._missing_probe(cst.Name(name), state)
            if value is None:
                continue
            env = dict(self._env(state))
            env[name] = None
            outcome = self.evaluator.eval(node.test, env)
            if outcome is UNKNOWN:
                continue
            taken, other = (node.body, node.orelse) if outcome else (node.orelse, node.body)
            if _names_read_in(taken) & state.values.keys() or name not in _names_read_in(other):
                continue
            fallback = self.evaluator.eval(taken, env)
            if fallback is None or (fallback is UNKNOWN and not self._fallback_like(taken)):
                continue
            if not isinstance(fallback, (str, int, float, bool)):
                fallback = UNKNOWN
            use = self._default(value.key, node, fallback, state)
            self._fallback_uses.setdefault(value.key, []).append(use)
            kept = body if body is not None and body.key == value.key else value
            return replace(kept, node=node, default=use, missing=fallback, derived=kept is value)
        return None

    def _scan_comparison(self, node: cst.Comparison, state: State) -> None:
        """``"k" in args`` is a read of ``k``; any other comparison scans its operands."""
        membership = False
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and self.is_mapping(target.comparator, state):
                membership = True
                key = self.evaluator.eval(node.left, self._env(state))
                if isinstance(key, str):
                    self._read(key, node, "contains", state)
                else:
                    self.scan(node.left, state)
                continue
            self.scan(target.comparator, state)
        if not membership:
            self.scan(node.left, state)
        return None

    def _with_fallback(self, value: Val, node: cst.CSTNode, fallback: Any, state: State,
                       source: cst.BaseExpression | None = None) -> Val:
        """``value or fallback``: a default for the empty or missing argument. ``source`` is the
        fallback's expression: when the process environment computes it (``or os.environ.get(
        "SERVICE", "api")``), the value it takes where nothing is configured is the default's
        witness (:func:`mcplint.model.ambient.witness`), judged by later checks."""
        if value.derived:
            return replace(value, node=node)
        missing = value.missing if (value.missing is UNKNOWN or value.missing) else fallback
        default = value.default
        if fallback is not None:
            default = self._default(value.key, node, fallback, state, missing_key=False)
            if fallback is UNKNOWN and source is not None and is_ambient(source, self.info.qualify):
                seen = witness(source, self.info.qualify, lambda n: self.evaluator.eval(n, self._env(state)), UNKNOWN)
                default.witnesses = (seen,) if seen is not UNKNOWN else ()
                default.ambient = True
        return replace(value, node=node, default=default, missing=missing)

    def _fallback_like(self, node: cst.BaseExpression) -> bool:
        """A fallback whose value is not known but that is a value, not a check: a constant-like
        name or attribute (:func:`_constant_like`), what the process environment answers
        (:func:`mcplint.model.ambient.is_ambient`: an environment variable, the locale, the
        user, the clock), or any other value computed without the caller's input
        (:meth:`_computed_substitute`): none of them rejects the missing argument."""
        return _constant_like(node) or is_ambient(node, self.info.qualify) or self._computed_substitute(node)

    def _rejects_instead(self, node: cst.BaseExpression) -> bool:
        """``owner_missing("owner")`` / ``abort(400)`` as the fallback: a call of a project
        function that always raises, or of a callee named for failing; the missing argument
        is rejected there, no value stands in for it."""
        call = node.expression if isinstance(node, cst.Await) else node
        if not isinstance(call, cst.Call):
            return False
        name = dotted_name(call.func) or (call.func.attr.value if isinstance(call.func, cst.Attribute) else "")
        if _failing_callee(name.rsplit(".", 1)[-1]):
            return True
        function = self._local_function(call.func)
        return function is not None and _always_raises(function)

    def _computed_substitute(self, node: cst.BaseExpression) -> bool:
        """``max(KNOWN_TAGS)``, ``self.rng.choice(TOPICS)``, ``next(self._rotation)``,
        ``working_tree_diff()``, ``current_namespace()``: a value the server computes on the
        path where the argument is missing. It stands in for the argument like a literal does,
        whatever it computes, unless a call in it is how the handler rejects: a project function
        that always raises (``fail("x is required")``), one that returns no value, or a callee
        named for failing (``abort(400)``, ``sys.exit(2)``, ``missing_argument("x")``), whose
        outcome the model cannot tell from a value. No call at all: not this shape (the
        callers judge names and literals)."""
        calls = [inner for inner in _walk_expr(node) if isinstance(inner, cst.Call)]
        if not calls or len(calls) > _MAX_SUBSTITUTE_CALLS or _tells_of_failure(node):
            return False
        for call in calls:
            name = dotted_name(call.func) or (call.func.attr.value if isinstance(call.func, cst.Attribute) else "")
            if _failing_callee(name.rsplit(".", 1)[-1]) or any(
                    arg.keyword is not None and arg.keyword.value in ("isError", "is_error") for arg in call.args):
                return False  # `CallToolResult(..., isError=True)`: an error result, the rejection itself
            function = self._local_function(call.func)
            if function is not None and (_always_raises(function) or not _returns_something(function)):
                return False
        return True

    # -- helpers ------------------------------------------------------------------------
    def _local_function(self, func: cst.BaseExpression) -> cst.FunctionDef | None:
        """The project function a call calls: a module function, or ``self.helper`` /
        ``cls.helper`` of the class that defines the handler (``staticmethod`` ones included)."""
        name = dotted_name(func)
        bound = self._bound_function(name)
        if bound is not None:
            return bound
        if isinstance(func, cst.Subscript):  # `HANDLERS["weather"](arguments)`: the entry of that key
            return self._literal_key_entry(func)
        if name is None:  # `Settings().read(...)`: a method of a fresh instance of a project class
            cls = self._instance_class(func.value) if isinstance(func, cst.Attribute) else None
            return self._class_methods_of(cls).get(func.attr.value) if cls is not None else None
        if name in self.info.functions:
            return self.info.functions[name]
        owner, _, method = name.partition(".")
        if (owner in ("self", "cls") or owner in self._self_aliases()) and method and "." not in method:
            return self._methods().get(method)
        found = self._class_method(func)
        if found is not None:
            return found[0]
        cls = self._instance_class(func.value) if isinstance(func, cst.Attribute) else None
        if cls is not None:  # inherited ones too: `_handler.generate(...)` of a project base class
            method = self._class_methods_of(cls).get(func.attr.value)
            if method is not None and id(cls) in self._instance_memo.get("declared", ()) \
                    and not runs_own_method(self.info, cls, method):
                return None  # an object declared as `cls` may be a subclass with its own method
            return method
        return None

    def _literal_key_entry(self, node: cst.Subscript) -> cst.FunctionDef | None:
        """``HANDLERS["weather"]`` with a literal key: the project function a dispatch table
        (:meth:`dispatch_table`, a dict literal of project functions) holds under that key;
        None for any other subscript, a key the table lacks or an entry that is no plain
        function (a bound method, a partial, a class)."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        key = node.slice[0].slice.value
        if not isinstance(key, (cst.SimpleString, cst.ConcatenatedString)):
            return None  # a literal only: a local's value may be any key
        key_value = self.evaluator.eval(key)
        table = self.dispatch_table(node.value) if isinstance(key_value, str) else None
        entry = table.get(key_value) if table is not None else None
        return entry if isinstance(entry, cst.FunctionDef) else None

    def _bound_function(self, name: str | None) -> cst.FunctionDef | None:
        """The project function a name of the walked code is bound to as a constant (a
        decorator's ``fn`` inside its wrapper); in the handler itself, the function a wrapper
        given at registration calls (``on_call_tool=plain(call_c)``: ``func`` is ``call_c``)."""
        return self.handler.wrapped.get(name) if name else None

    def _closure_target(self, func: cst.BaseExpression, local: cst.FunctionDef | None,
                        ) -> tuple[cst.FunctionDef, dict[str, Any]] | None:
        """The function a call of ``func`` really runs, with what it closes over, when that is not
        ``local`` itself: the wrapper of a project decorator (``@with_defaults def render(args)``
        runs ``with_defaults``'s inner ``wrapper`` with ``fn`` bound to ``render``), or the inner
        function a project factory returned (``reader = make("prod")`` at module level, then
        ``reader(arguments)`` runs ``make``'s inner def with ``default="prod"``). None otherwise."""
        name = dotted_name(func)
        if local is None:
            made = self.info.constants.get(name or "") if name and "." not in name else None
            if not isinstance(made, cst.Call) or any(arg.star for arg in made.args):
                return None
            factory = self.info.functions.get(dotted_name(made.func) or "")
            if factory is None:
                return None
            args = [self.evaluator.eval(arg.value) for arg in made.args if arg.keyword is None]
            kwargs = {arg.keyword.value: self.evaluator.eval(arg.value) for arg in made.args if arg.keyword is not None}
            return _closure_of(factory, args, kwargs, self.evaluator)
        if self._bound_function(name) is not None:
            return None  # `fn(args)` inside the wrapper: the decorated function itself
        decorators = [self.info.functions.get(dotted_name(d.decorator) or "") for d in local.decorators]
        if len(decorators) != 1 or decorators[0] is None:
            return None
        return _closure_of(decorators[0], [FunctionRef(local)], {}, self.evaluator)

    def own_method(self, func: cst.BaseExpression) -> cst.FunctionDef | None:
        """``self._create_error_response`` / ``cls._error``: the method of the class whose code is
        being walked (the handler's, or the instance class of a method walked in place), so a
        builder method is judged like a module function (mcplint.model.returns.shapes); None for
        anything else."""
        name = dotted_name(func)
        owner, _, method = (name or "").partition(".")
        if owner not in ("self", "cls") or not method or "." in method:
            return None
        return self._methods().get(method)

    def _class_method(self, func: cst.BaseExpression) -> tuple[cst.FunctionDef, bool, dict] | None:
        """``Handlers.create(arguments)`` / ``Args.from_arguments(arguments)``: a method called
        through a project class's name (any module). Returns the method, whether the call
        passes the class first (a ``classmethod``; a ``staticmethod`` or a plain function
        called on the class gets only what the call passes) and the class's methods."""
        if not isinstance(func, cst.Attribute):
            return None
        cls = self.info.classes.get(dotted_name(func.value) or "")
        if cls is None:
            return None
        methods = self._class_methods_of(cls)
        function = methods.get(func.attr.value)
        if function is None:
            return None
        bound = any(dotted_name(d.decorator) == "classmethod" for d in function.decorators)
        return function, bound, methods

    def follow_returned_call(self, node: cst.Call, state: State) -> None:
        """``return await _post_order(client, body)``: a project function whose value a tool
        returns as it is, handed no argument value (so not walked as a helper yet). It is
        walked on a shadow of the handler's facts, for its failure returns only: its reads and
        raises concern values this walk does not track."""
        if id(node) in self.helper_failures or self.handler.kind != "tool":
            return
        function, wrapper, closure_env = self._local_function(node.func), None, {}
        if function is None:
            wrapper, closure_env, function = self.inline_wrapper(node.func) or (None, {}, None)
        if function is None or function.name.value in self._helper_stack \
                or len(self._helper_stack) >= _MAX_HELPER_DEPTH:
            return
        # What a helper handed no value fails with does not depend on the caller: worked out
        # once per lint (many tools call the same client method).
        memo = self.info.__dict__.setdefault("_followed_failures", {})
        key = (id(function), id(wrapper), len(self._helper_stack))
        known = memo.get(key)
        if known is not None and known[0] is function:
            if known[1]:
                self.helper_failures[id(node)] = list(known[1])
            return
        handler = self.handler
        self.handler = replace(handler, reads=[], defaults=[], raises=[], renders=[], returns=[])
        quiet = self._quiet
        self._quiet += 1
        try:
            if wrapper is not None and wrapper.name.value not in self._helper_stack:
                self._closure_env = closure_env  # what the wrapper closes over: the factory's arguments
                self._helper_call(node, wrapper, state, render=False)  # its own answers: a caught exception
            self._helper_call(node, function, state, render=False)
        finally:
            self.handler, self._quiet = handler, quiet
        memo[key] = (function, list(self.helper_failures.get(id(node), ())))

    def inline_wrapper(self, func: cst.BaseExpression) -> tuple[cst.FunctionDef, dict, cst.FunctionDef] | None:
        """``return wrap_tool(safety, "get_incident", _impl)(id=id)``: a project factory applied in
        place to a function, whose returned wrapper hands back what that function returns
        (``result = fn(*args, **kwargs)`` ... ``return result``). The call runs the wrapper and,
        through it, that function with the outer call's arguments, so the failure returns of
        both are the tool's (the wrapper's own: an ``except`` answering a caught exception); the
        function may be defined in the walked one (a nested ``def _impl``) or at module level.
        Returns (wrapper, what it closes over, function), else None."""
        if not isinstance(func, cst.Call) or any(arg.star for arg in func.args):
            return None
        factory = self._local_function(func.func)
        if factory is None:
            return None
        args = [self._function_argument(arg.value) for arg in func.args if arg.keyword is None]
        kwargs = {arg.keyword.value: self._function_argument(arg.value) for arg in func.args if arg.keyword is not None}
        closure = _closure_of(factory, args, kwargs, self.evaluator)
        if closure is None:
            return None
        wrapper, env = closure
        called = _passed_through_call(wrapper)
        value = env.get(called) if called is not None else None
        return (wrapper, env, value.function) if isinstance(value, FunctionRef) else None

    def _function_argument(self, node: cst.BaseExpression) -> Any:
        """A factory's argument: a function of the walked code by its name (a nested ``def`` of the
        function being walked or of the handler), else what the evaluator makes of it."""
        if isinstance(node, cst.Name):
            for owner in (self._function, self.handler.function):
                body = owner.body.body if owner is not None and isinstance(owner.body, cst.IndentedBlock) else ()
                nested = next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == node.value), None)
                if nested is not None:
                    return FunctionRef(nested)
        return self.evaluator.eval(node)

    def object_class(self, owner: cst.BaseExpression) -> cst.ClassDef | None:
        """The project class of the object ``owner`` names in the walked code, when every
        binding says so (:meth:`_instance_class`); None for ``self`` / ``cls`` and anything
        not known. Used to judge what a method of that object builds
        (:mod:`mcplint.model.returns.callees`)."""
        return self._instance_class(owner)

    def _instance_class(self, owner: cst.BaseExpression) -> cst.ClassDef | None:
        """The project class of ``querier`` in ``querier.execute_query(...)`` when every binding
        of ``querier`` in its scope is ``Querier(...)``: a local of the function being walked, of
        a function enclosing the handler (``def main(): querier = Querier(); @server.call_tool()
        async def ...``) or a module global (rebindings through ``global`` included); or of
        ``self.db`` when the handler's class assigns it only ``Database(...)``
        (:mod:`mcplint.model.instance_types`)."""
        if isinstance(owner, cst.Attribute) and dotted_name(owner.value) == "self":
            key = ("self", owner.attr.value)
            instances = self._instances()
            if key not in instances:
                instances[key] = attribute_class(self.info, self._methods().values(), owner.attr.value)
            return instances[key]
        if isinstance(owner, cst.Call) and not owner.args:  # `Settings().read(arguments)`: a fresh instance
            return self.info.classes.get(dotted_name(owner.func) or "")
        if not isinstance(owner, cst.Name) or owner.value in ("self", "cls"):
            return None
        item = self._loop_env.get(owner.value) if self._loop_env else None
        if isinstance(item, ObjectValue) and item.kind == INSTANCE and isinstance(item.cls, cst.ClassDef):
            return item.cls  # the object of this pass of a search loop walked per item (_searches_objects)
        current = self._function or self.handler.function
        key = (id(current), owner.value)
        instances = self._instances()
        if key not in instances:
            scopes = (*enclosing_functions(self.info.module).get(id(self.handler.function), ()), self.handler.function)
            if self._function is not None:  # a helper's own locals, its enclosing ones, the module's
                scopes = (*enclosing_functions(self.info.module).get(id(self._function), ()), self._function)
            instances[key] = None  # while it is worked out: `a = b.f(); b = a.g()` asks again
            instances[key] = bound_class(self.info, owner.value, scopes) or self._returned_instance(owner.value)
        return instances[key]

    def _returned_instance(self, name: str) -> cst.ClassDef | None:
        """The class of local ``name`` bound once, to ``[await] f(...)`` of a project function or
        method annotated to return a project class (``prompt = self.get_prompt(name)`` on ``def
        get_prompt(self, name) -> Optional[PromptTemplate]``): :mod:`mcplint.model.returned_classes`.
        Recorded as declared (the object may be a subclass: :meth:`_local_function` checks)."""
        function = self._function or self.handler.function
        values = plain_assignments(function).get(name, ())
        value = values[0].expression if len(values) == 1 and isinstance(values[0], cst.Await) else (
            values[0] if len(values) == 1 else None)
        if not isinstance(value, cst.Call) or isinstance(value.func, cst.Attribute) \
                and isinstance(value.func.value, cst.Name) and value.func.value.value == name:
            return None
        callee = self._local_function(value.func)
        if callee is None:
            return None
        owner = next((cls for cls in self.info.classes.values() if isinstance(cls, cst.ClassDef)
                      and isinstance(cls.body, cst.IndentedBlock) and any(s is callee for s in cls.body.body)), None)
        cls = annotated_return_class(self.info, callee, owner)
        if cls is not None:
            self._instance_memo.setdefault("declared", set()).add(id(cls))
        return cls

    def _self_object(self, node: cst.Call, function: cst.FunctionDef, instance: cst.ClassDef | None,
                     state: State) -> Any:
        """What ``self`` is inside a method this call runs: an object of the instance's project
        class (``querier.run(...)``, ``Settings().read(...)``) or the handler's own ``self``
        (``self.helper(...)``), so ``self.DEFAULT_ENV`` evaluates to the class attribute (or
        what ``__init__`` assigns); UNKNOWN otherwise (a ``cls``, an unknown object)."""
        if instance is not None and _takes_self(function) \
                and not any(dotted_name(d.decorator) == "classmethod" for d in function.decorators):
            return ObjectValue(INSTANCE, {}, node, cls=instance)
        if isinstance(node.func, cst.Attribute) and dotted_name(node.func.value) == "self":
            return self._env(state).get("self", UNKNOWN)
        owner = self.info.classes.get(dotted_name(node.func.value) or "") if isinstance(node.func, cst.Attribute) else None
        if owner is not None and any(dotted_name(d.decorator) == "classmethod" for d in function.decorators):
            return ClassRef(owner)  # `Job.from_arguments(arguments)`: `cls` is Job
        return UNKNOWN

    def _instances(self) -> dict:
        """Memo of :meth:`_instance_class` by scope and name, shared with the helpers walked in place."""
        return self._instance_memo.setdefault("classes", {})

    def _thread_work(self, node: cst.Call) -> tuple[cst.FunctionDef, int] | None:
        """(the function, how many leading arguments of the call are not its own) for a call
        that runs a project function in a worker thread and hands back its value:
        ``asyncio.to_thread(f, *args, **kwargs)``, ``anyio.to_thread.run_sync(f, *args)``,
        ``loop.run_in_executor(None, f, *args)``, ``run_in_threadpool(f, *args, **kwargs)``; ``f``
        a function nested in the one being walked (a closure over its locals) or a module
        function. The call itself stands for ``f(...)``, so what is found in ``f`` is placed
        there. None for any other call."""
        runner = (self.info.qualify(node.func) or dotted_name(node.func) or "").rsplit(".", 1)[-1]
        position = _THREAD_RUNNERS.get(runner)
        if position is None or len(node.args) <= position or any(arg.star for arg in node.args[:position + 1]):
            return None
        target = node.args[position].value
        if not isinstance(target, cst.Name) or node.args[position].keyword is not None:
            return None
        function = self._nested_function(target.value) or self.info.functions.get(target.value)
        if function is None:
            return None
        if runner not in _KEYWORDS_FORWARDED and any(arg.keyword is not None for arg in node.args):
            return None  # `run_sync(f, x, limiter=...)`: the keywords are the runner's own
        return function, position + 1

    def _nested_function(self, name: str) -> cst.FunctionDef | None:
        """The function ``def name`` nested directly in the function being walked."""
        return functions_defined_in(self._function or self.handler.function)[0].get(name)

    def _is_bound_call(self, func: cst.BaseExpression, function: cst.FunctionDef) -> bool:
        """``self.helper(...)`` on a method that takes ``self``/``cls`` first (not a staticmethod)."""
        if not isinstance(func, cst.Attribute) or (dotted_name(func.value) not in ("self", "cls")
                                                   and dotted_name(func.value) not in self._self_aliases()):
            return False
        return not any(dotted_name(d.decorator) == "staticmethod" for d in function.decorators)

    def _self_aliases(self) -> frozenset[str]:
        """Names the method around a nested handler binds to ``self`` once at its top level
        (``tool_self = self`` before ``@mcp.tool() async def read(...)``): ``tool_self.call(...)``
        in the handler is then ``self.call(...)``."""
        if self._aliases_of_self is None:
            found: set[str] = set()
            outer = enclosing_functions(self.info.module).get(id(self.handler.function), ())
            method = outer[-1] if outer else None
            if method is not None and _first_parameter_is_self(method):
                bound: dict[str, int] = {}
                for statement in suite_statements(method.body):
                    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                        if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                                and isinstance(small.targets[0].target, cst.Name):
                            name = small.targets[0].target.value
                            bound[name] = bound.get(name, 0) + 1
                            if dotted_name(small.value) == "self":
                                found.add(name)
                found = {name for name in found if bound[name] == 1}
            self._aliases_of_self = frozenset(found)
        return self._aliases_of_self

    def _methods(self) -> dict[str, cst.FunctionDef]:
        """The methods of the class whose body defines the handler, or the method the handler
        is nested in (``def _register(self): @self.server.get_prompt() async def get_prompt``,
        where ``self`` is the method's, by closure); empty for a function."""
        if self._class_methods is None:
            self._class_methods = {}
            handler = self.handler.function
            concrete = getattr(self.spec.instance, "cls", None)
            if isinstance(concrete, cst.ClassDef):
                # the object's own class: a base's `render` calling `self.build(args)` runs the
                # subclass's `build` (template method), not the base's placeholder
                methods = self._class_methods_of(concrete)
                if any(method is handler for method in methods.values()):
                    self._class_methods = methods
                    return self._class_methods
            outer = enclosing_functions(self.info.module).get(id(handler), ())
            for function in (handler, *reversed(outer)):
                if function is not handler and not _first_parameter_is_self(function):
                    continue
                for cls in list(self.info.classes.values()):
                    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
                    if any(statement is function for statement in body):
                        # its project bases' methods too: `self._arg(...)` inherited from `ArgPrompt`
                        self._class_methods = self._class_methods_of(cls)
                        return self._class_methods
                if function is not handler:
                    break  # `self` is this function's own parameter, not a method's
        return self._class_methods

    def _helper_call(self, node: cst.Call, function: cst.FunctionDef, state: State, render: bool) -> Val | None:
        """Walk a project function that receives the mapping, as if inlined. A method of a table
        entry's class comes with ``_method_call`` set: (whether the call passes ``self`` first,
        the methods ``self.x`` means inside it); otherwise ``self.helper(...)`` passes ``self``
        and the methods are the handler's class's."""
        bound, methods = self._method_call if self._method_call is not None else (None, None)
        self._method_call = None
        closure_env, self._closure_env = self._closure_env, {}
        leading, self._leading_args = self._leading_args, ()
        skipped, self._skipped_args = self._skipped_args, 0
        preset, self._preset_keywords = self._preset_keywords, {}
        through_class = self._class_method(node.func) if bound is None else None
        if through_class is not None and through_class[0] is function:
            _, bound, methods = through_class
        instance = self._instance_class(node.func.value) if bound is None and isinstance(node.func, cst.Attribute) \
            and dotted_name(node.func.value) not in ("self", "cls") else None
        if instance is not None:  # `querier.execute_query(...)`: a method of the instance's class;
            # `self.x` in it is the instance class's x, an override of a base's template hook included
            bound, methods = _takes_self(function), self._class_methods_of(instance)
        name = function.name.value
        if name in self._helper_stack or len(self._helper_stack) >= _MAX_HELPER_DEPTH:
            self._escape(node, state)
            return None
        args, kwargs = [], {}
        if bound if bound is not None else self._is_bound_call(node.func, function):
            args.append(self._self_object(node, function, instance, state))  # `self` / `cls`
        args.extend(leading)  # what `functools.partial(helper, ...)` bound first
        splat: cst.Arg | None = None
        present: frozenset[str] = frozenset()  # the keys of a repacked literal: always there
        for index, arg in enumerate(node.args):
            if index < skipped:
                continue
            if arg.star == "**" and splat is None and self.is_mapping(arg.value, state):
                splat = arg  # `render(**arguments)`: bound below, once the explicit arguments are
                continue
            if arg.star == "*" and isinstance(arg.value, cst.Attribute) and arg.value.attr.value == "args" \
                    and isinstance(arg.value.value, cst.Name) and arg.value.value.value in self._bound_signatures:
                continue  # `f(*b.args, **b.kwargs)`: bind(**arguments) put every key in b.kwargs' place
            forwarded = self.evaluator.eval(arg.value, self._env(state)) if arg.star == "*" else None
            if isinstance(forwarded, tuple) and all(value is not UNKNOWN for value in forwarded):
                args.extend(forwarded)  # `fn(*args, **kwargs)` in a wrapper: the positionals it was given
                continue
            if arg.star:
                self._escape(node, state)
                return None
            repacked = self.repacked_keys(arg.value, state)
            is_map = self.is_mapping(arg.value, state)
            if repacked:  # `run({"path": path})`: the helper reads the tool's arguments by key
                value = _MappingMarker(False)
                present |= repacked
            elif is_map or self._filler_value(arg.value, state) is not None:
                filler = self._filler_value(arg.value, state)
                value = _MappingMarker(self._may_be_none(arg.value, state) if is_map else False,
                                       self._supplied_by(arg.value), filler)
                if filler is not None:  # where the filling container was made
                    value.filler_source = self._key_fillers[arg.value.value][0] \
                        if isinstance(arg.value, cst.Name) and arg.value.value in self._key_fillers else arg.value
            elif self._passed_value(arg.value, state) is not None:
                value = _ValueMarker(self._passed_value(arg.value, state))
            elif self.is_name_expr(arg.value, state):
                value = _NAME_MARKER  # the requested name: the helper may dispatch on it
            elif self._request_object(arg.value):
                value = _ObjectMarker(arg.value.value)
            else:
                value = self.evaluator.eval(arg.value, self._env(state))
            if arg.keyword is not None:
                kwargs[arg.keyword.value] = value
            else:
                args.append(value)
        if splat is None:  # the partial's keywords, under the call's own
            kwargs = {**{key: self.evaluator.eval(value, self._env(state)) for key, value in preset.items()}, **kwargs}
        env = (bind_arguments(function, args, kwargs, self.evaluator) if splat is None
               else self._bind_splat(function, args, kwargs, node, splat, state, preset))
        if env is None:
            self._escape(node, state)
            return None
        inner = State(served=state.served, aliases={}, values={}, name_vars=set(),
                      present=state.present | present, all_present=state.all_present, present_for=dict(state.present_for),
                      caught=state.caught, caller_reason=state.caller_reason, normalized=dict(state.normalized),
                      unmatched=_known_names_only(state))
        # a value a test here already inspected (`if not EXT.fullmatch(name): raise ...`) is as
        # inspected in the helper it is handed to: what fails only on a bad value cannot there
        inner.vetted = {mark for mark in state.vetted if mark.startswith("\0")} \
            | {_key_mark(value.key) for name, value in state.values.items() if name in state.vetted and value.key}
        constants: dict[str, Any] = {}
        objects: dict[str, str] = {}  # helper parameter -> the handler's request object it receives
        supplied: dict[str, dict[str, DefaultUse]] = {}
        fillers: dict[str, tuple[cst.CSTNode, Any]] = {}  # parameter -> (call, what an absent key reads as)
        for param_name, value in env.items():
            if isinstance(value, _MappingMarker):
                inner.aliases[param_name] = value.may_be_none
                supplied[param_name] = dict(value.supplied)
                if value.filler is not None:
                    fillers[param_name] = (value.filler_source or node, value.filler[0])
            elif isinstance(value, _ValueMarker):
                inner.values[param_name] = value.value  # the same Val: its guards judge its default
            elif value is _NAME_MARKER:
                inner.name_vars.add(param_name)
            elif isinstance(value, _ObjectMarker):
                objects[param_name] = value.name
            elif value is not UNKNOWN:
                constants[param_name] = value
        inner.values.update(self._captured_values(function, env, state))
        constants = {**closure_env, **constants}  # the wrapper's own parameters shadow what it closes over
        inner_walker = self._new_helper_view(constants, node)
        inner_walker._supplied_defaults.update(supplied)  # `if not args["k"]: raise` in it judges them
        inner_walker._key_fillers.update(fillers)  # `fetch(bag(arguments))`: its reads of absent keys default
        inner_walker._class_methods = methods if methods is not None else self._methods()
        for param_name, outer_name in objects.items():
            inner_walker.spec.mapping_attrs.update(_rebase(self.spec.mapping_attrs, outer_name, param_name))
            inner_walker.spec.name_attrs.update(_rebase(dict.fromkeys(self.spec.name_attrs), outer_name, param_name))
        self._helper_stack.append(name)
        try:
            returned, inner = inner_walker.walk_helper(function, inner)
        finally:
            self._helper_stack.pop()
        if inner_walker.failure_returns:
            self.helper_failures.setdefault(id(node), []).extend(inner_walker.failure_returns)
        checks = inner_walker.returned_key_checks
        if len(checks) == 1 and checks[0] is not None:  # `return [a for a in ... if not args.get(a)]`
            self._call_key_checks[id(node)] = checks[0]
        self._note_mapping_result(node, inner_walker.returned_mapping, self._raises_somewhere(function), state)
        self._note_filler_result(node, inner_walker.returned_fillers, self._raises_somewhere(function), state)
        if inner_walker.returned_namespaces and all(inner_walker.returned_namespaces):
            self._namespace_results.add(id(node))
        if id(node) in self._mapping_results and len(inner_walker.returned_defaults) == 1:
            self._call_defaults[id(node)] = inner_walker.returned_defaults[0]  # `return merged` of a merge
        # What the helper guaranteed holds at the call site too: a key it proved present
        # also proves the mapping is not None, and so does a test that raised on None
        # (`require_mapping(arguments)`: `if arguments is None: raise ...`).
        vouched = any(isinstance(value, _MappingMarker) and value.may_be_none and inner.aliases.get(param) is False
                      and param not in assigned_names(function) for param, value in env.items())
        if vouched or inner.present - state.present or (inner.all_present and not state.all_present):
            for arg in node.args:
                if self.is_mapping(arg.value, state):
                    self._mark_mapping_present(arg.value, state)
        state.present |= inner.present
        state.all_present = state.all_present or inner.all_present
        state.vetted |= {mark for mark in inner.vetted if mark.startswith(_SCHEMA_MARK)}  # the helper's schema check
        for name, keys in inner.present_for.items():
            state.present_for[name] = state.present_for.get(name, frozenset()) | keys
        if returns_record(function, any_counts=False) and not (inner_walker.returned_keys & inner.normalized.keys()) \
                and not any(self.is_mapping(arg.value, state) for arg in node.args):
            # `task = await tracker.status(task_id) -> Optional[dict]`: the store's record of the
            # value it was handed, no form of it a sink could take (a dict the helper filled with
            # the values it tidied, or one made from the whole mapping, is judged below)
            # — yet what the store says of it (None when it knows no such value), so a test of it
            # still rejects the argument: a derived value, as `HINTS.get(x)` is
            base = returned if returned is not None else self._parsed_or_none(node, inner_walker)
            return replace(base, node=node, derived=True, normalized=False) if base is not None else None
        if node is self._bound_value:
            # `clean = normalise(arguments)` / `brief = Brief.parse(title)`: the values the helper
            # tidied and put into what it returned
            for key in (inner_walker.returned_keys & inner.normalized.keys()) - state.normalized.keys():
                state.normalized[key] = node
        if returned is not None:
            return replace(returned, node=node, normalized=True)
        return self._parsed_or_none(node, inner_walker)

    @staticmethod
    def _parsed_or_none(node: cst.Call, helper: "HelperView") -> Val | None:
        """``bounds = month_bounds(month)`` on a project parser whose every return is ``None`` or
        built from one argument's value (``return None`` for a bad month, ``return parts[0],
        parts[1]`` otherwise): the call's value is that argument's, parsed, and a test that it
        is ``None`` is a check of the argument."""
        constants = helper.returned_constants
        if len(helper.returned_keys) != 1 or None not in constants \
                or any(c is not None and c is not UNKNOWN for c in constants):
            return None
        return Val(key=next(iter(helper.returned_keys)), node=node, normalized=True)

    def _new_helper_view(self, constants: dict[str, Any], call_site: cst.Call) -> "HelperView":
        """The walker of a helper called at ``call_site`` (a subclass of this walker makes its
        own kind, so what it tracks reaches into the helpers it follows)."""
        return HelperView(self, constants, call_site)

    def _captured_values(self, function: cst.FunctionDef, env: dict[str, Any], state: State) -> dict[str, Val]:
        """Argument values a helper sees besides its parameters (none here: a closure's
        captured locals are followed only by walkers that track values into calls)."""
        return {}

    def _note_mapping_result(self, node: cst.Call, returned: list[bool | None], raises: bool, state: State) -> None:
        """A helper that hands back the mapping it received (``return arguments``, after its
        checks) makes the call's value the mapping: reads through it are reads of the
        arguments. When only some of its returns are the mapping, what the call's value holds
        is not known: the mapping escapes."""
        if returned and all(may_be_none is not None for may_be_none in returned):
            # a helper that can raise before handing it back has checked it: not None past the call
            self._mapping_results[id(node)] = any(returned) and not raises
        elif any(may_be_none is not None for may_be_none in returned):
            self._escape(node, state)

    def _note_filler_result(self, node: cst.Call, returned: list[tuple[Any] | None], raises: bool,
                            state: State) -> None:
        """A helper whose every return is a ``defaultdict`` of the mapping it was handed
        (``return defaultdict(str, supplied)``, ``supplied`` a copy of the arguments): reads of
        the call's value are reads of the arguments, and a key the caller left out reads as what
        the factory makes, a default. A helper that may raise first checked something this walk
        does not know (perhaps every required key), so its value escapes instead."""
        fillers = [filler for filler in returned if filler is not None]
        if not fillers:
            return
        if raises or len(fillers) != len(returned) or len({repr(filler[0]) for filler in fillers}) != 1:
            self._escape(node, state)
            return
        self._filler_results[id(node)] = fillers[0][0]

    def _bind_splat(self, function: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any], node: cst.Call,
                    splat: cst.Arg, state: State, preset: dict[str, cst.BaseExpression] | None = None,
                    ) -> dict[str, Any] | None:
        """Bind ``helper(**arguments)`` like Python does: every parameter the explicit arguments
        leave open takes the argument of its own name, so each is a read of that key. A
        parameter with a default is ``arguments.get(key, default)``; one without is
        ``arguments[key]``, except that a missing key raises TypeError at the call. The
        ``**kwargs`` parameter receives the keys left over; without one, a key no parameter
        takes raises TypeError too (a key the handler never reads, so MCP103's business).
        None when the call cannot bind (keyword-only gaps are fine, positional-only ones not).
        ``preset``: the keywords a ``functools.partial`` bound, defaults the mapping's keys override
        (one no declaration lists is the partial's own setting: bound as it is, not read).
        """
        preset = preset or {}
        for key in [key for key in preset if key not in kwargs and not self._declared_somewhere(key, state)]:
            kwargs[key] = self.evaluator.eval(preset.pop(key), self._env(state))
        if self._forwards_own_keywords(splat):  # `fn(*args, **kwargs)` in a wrapper: read where it was called
            node = self._call_site
        params = function.params
        may_be_none = self._may_be_none(splat.value, state)
        remaining = list(args)
        env: dict[str, Any] = {}
        for param in list(params.posonly_params) + list(params.params):
            name = param.name.value
            if remaining:
                env[name] = remaining.pop(0)
            elif name in kwargs:
                env[name] = kwargs.pop(name)
            elif param in params.posonly_params:
                return None  # `**` cannot fill a positional-only parameter
            else:
                env[name] = self._splat_value(param, node, may_be_none, state, preset.get(name))
        if isinstance(params.star_arg, cst.Param):
            env[params.star_arg.name.value] = tuple(remaining)
        elif remaining:
            return None
        for param in params.kwonly_params:
            name = param.name.value
            env[name] = kwargs.pop(name) if name in kwargs else self._splat_value(param, node, may_be_none, state,
                                                                                  preset.get(name))
        if params.star_kwarg is not None:
            # The rest of the mapping: the helper's reads of it are reads of the arguments.
            env[params.star_kwarg.name.value] = _MappingMarker(False)
        elif kwargs:
            return None
        return env

    def _forwards_own_keywords(self, splat: cst.Arg) -> bool:
        """``fn(*args, **kwargs)`` in a helper walked in place (a decorator's wrapper, a
        registry's tracing shim): it hands on the ``**kwargs`` it was called with, so what the
        keys bind is read at the handler's call, not at this line shared by every wrapped call."""
        star = self._function.params.star_kwarg if self._function is not None else None
        return self._call_site is not None and isinstance(star, cst.Param) and isinstance(splat.value, cst.Name) \
            and splat.value.value == star.name.value

    def _splat_value(self, param: cst.Param, node: cst.Call, may_be_none: bool, state: State,
                     preset: cst.BaseExpression | None = None) -> "_ValueMarker":
        """The value a parameter gets from ``**arguments``: the argument of the same name (when
        the caller left it out, ``preset``, a partial's keyword, else the parameter's default)."""
        key = param.name.value
        default_node = preset if preset is not None else param.default
        if default_node is None:
            self._read(key, node, "splat", state, may_be_none=may_be_none)
            state.present.add(key)  # past the call, the key was there (TypeError otherwise)
            return _ValueMarker(Val(key=key, node=node, missing=UNKNOWN))
        self._read(key, node, "get", state, may_be_none=may_be_none)
        value = Val(key=key, node=node, from_get=True)
        default_value = self.evaluator.eval(default_node, self._env(state))
        if default_value is not None:  # `who=None` is a bare `.get(k)`: judged once the None is used
            value.default = self._default(key, node, default_value, state)
            value.default.origin = default_node  # a partial's keyword, else the parameter's default
            value.missing = default_value
        return _ValueMarker(value)

    def _escape(self, node: cst.CSTNode, state: State) -> None:
        """The mapping went where reads cannot be listed: rules stay silent about unread
        arguments; the first place, and each place with the names served there, are kept
        for the coverage report."""
        self.handler.escaped = True
        site = self._call_site or node
        if self.handler.escape_node is None:
            self.handler.escape_node = site
        self.handler.escapes.append((site, state.served))

    # -- reads, defaults, renders, raises -----------------------------------------------
    def _read(self, key: str, node: cst.CSTNode, form: str, state: State, may_be_none: bool | None = None) -> None:
        # A missing key fails a subscript with KeyError and a `**` call with TypeError.
        missing_error = "TypeError" if form == "splat" else "KeyError"
        guarded = state.has(key) or any(
            name in (missing_error, "LookupError", "Exception", "BaseException", "*") for name in state.caught)
        site = self._site(node, key)
        if may_be_none is None:
            may_be_none = self._any_alias_may_be_none(node, state) and form != "contains"
        # a None mapping fails `.get` with AttributeError and a subscript or `**` with TypeError:
        # a clause that catches it answers a client who sent no arguments
        none_error = "AttributeError" if form in ("get", "pop", "setdefault") else "TypeError"
        if may_be_none and any(name in (none_error, "Exception", "BaseException", "*") for name in state.caught):
            may_be_none = False
        read = Read(key=key, node=site, form=form, served=state.served, guarded=guarded,
                    mapping_may_be_none=may_be_none, function=self._function, statement=self._statement)
        self.handler.reads.append(read)
        self._filtered_out(read, node)

    def _filtered_out(self, read: Read, node: cst.CSTNode) -> None:
        """A read through a copy whose key filter removes its key (:mod:`mcplint.model.key_filters`):
        the caller's value never reaches it, so the read is dropped at the filter."""
        if not self._key_filters:
            return
        for name in names_under(node):
            key_filter = self._key_filters.get(name.value)
            if key_filter is not None and key_filter.removes(read.key):
                read.dropped, read.dropped_at = True, key_filter.site
                read.dropped_how = f"filtered out of the copy '{name.value}' by its key list before it is read"
                return

    def _written_at(self, expr: cst.BaseExpression) -> cst.CSTNode:
        """Where the value ``expr`` names is written: a module constant's value (this module or
        the project module it is imported from), else ``expr`` itself."""
        if isinstance(expr, cst.Name):
            value = self.info.constants.get(expr.value)
            if value is None and expr.value in self.info.imports and self.info.origin is not None:
                found = self.info.origin(expr.value)
                value = found[0].constants.get(found[1]) if found is not None else None
            if isinstance(value, cst.CSTNode):
                return value
        return expr

    def _site(self, node: cst.CSTNode, key: str) -> cst.CSTNode:
        """Where to report a fact: the helper's call site when the call supplied the key."""
        return self._call_site or node

    def _default(self, key: str, node: cst.CSTNode, value: Any, state: State,
                 missing_key: bool = True) -> DefaultUse:
        """Record a default; ``missing_key`` when it stands in only for an absent key
        (``.get(k, d)``, a parameter or field default), False for a fallback that also
        replaces a value the caller sent (``value or d``). A :class:`_PerServed` value is the
        default of its names only."""
        served = state.served
        if isinstance(value, _PerServed):
            value, served = value.value, value.served
        use = DefaultUse(key=key, node=self._site(node, key), value=value, served=served,
                         missing_key=missing_key)
        if missing_key and state.has(key):
            # an earlier check or copy made the key present: this default is dead code, and a
            # default a copy supplied was recorded where the copy was made
            use.rejected = True
        self.handler.defaults.append(use)
        self._default_nodes[id(node)] = (node, use)
        return use

    def _made_here(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` lies in the helper being walked in place (not in its caller)."""
        return self._call_site is not None and self._function is not None and contains(self._function, node)

    def _shown_beside(self, validated: cst.CSTNode) -> bool:
        """Whether the f-string being scanned also shows the validated form itself
        (``f"[{page}]({url})"`` after ``url, _ = page_link(page)``; ``f"The pod {pod} ... run
        `{command}`"``): the raw value there is the text a reader sees beside the form the
        sink takes, a choice, not a validated value forgotten."""
        return bool(self._shown_forms) and id(validated) in self._shown_forms[-1]

    def _use(self, node: cst.CSTNode, value: Val, state: State, render: bool, raw: bool = False) -> None:
        if self.handler.style == "signature" and not raw:
            self.handler.reads.append(Read(key=value.key, node=node, form="parameter", served=state.served, guarded=True))
        if not render:
            return
        if state.failure in _REJECTING_PATHS:
            # text on the path that rejects the value is the error's: quoting it as sent is
            # right, and a missing value shown there ("None") is no silent default either
            return
        if not self._muted:
            self._implicit_default(value, state)
        validated = state.normalized.get(value.key)
        # an unused form (`safe = html.escape(title)` nobody reads) outranks a check or tidy
        # the raw value had before it: the form is what the text needed
        unused_form = validated is not None and id(validated) in self._unused_form_nodes
        if (not value.normalized or (unused_form and value.node is not validated)) and not value.derived \
                and validated is not None and validated is not value.node and not self._shown_beside(validated):
            self._render(node, "raw", value.key, state, validated, read_here=self._read_here(value, node))
        elif (self.handler.style == "mapping" and not value.checked and not value.normalized
              and not state.has(value.key)):
            if value.from_get and value.default is None and value.dereferenced:
                pass  # a missing value raised AttributeError before it could be rendered
            elif value.from_get:
                # a default stands in for a missing value: judged once the walk knows whether a
                # later check rejects it (DefaultUse.rejected)
                default = value.default if value.default is not None and not value.none_kept else None
                self._render(node, "unchecked", value.key, state, default=default,
                             read_here=self._read_here(value, node))
            elif (node is value.node and type(node) is cst.Subscript and self.handler.kind == "prompt"
                  and not value.derived and not value.validated):
                # `f"... {args['k']}"`: the raw mapping itself in the text. A missing key raises
                # (MCP202's finding); an empty or blank value reaches the text with nothing in
                # between. A local read by subscript and rendered is not this (../shared/examples
                # f4: "rendering uses locals" is correct; only the KeyError is the fault there),
                # nor a tool's output (an echo tool renders what it was sent, empty or not).
                self._render(node, "unchecked", value.key, state, missing_raises=True,
                             read_here=self._read_here(value, node))

    def _conversion(self, node: cst.Call, value: Val, arg_node: cst.BaseExpression, state: State) -> None:
        """``int(days)`` on a raw argument string: a bad value raises where nothing is written.

        A test that only looked for presence (``if raw is None: raise``) does not make the text a
        number; one that inspected it (``raw.isdigit()``, ``raw in ALLOWED``) or a validator's
        result does. In a signature-style (fastmcp) prompt only a conversion whose error is no
        ValueError/TypeError counts (``Decimal(x)``'s InvalidOperation): those two are what
        ErrorHandlingMiddleware maps to -32602, the framework's way to reject a value."""
        kind = self._conversion_kind(node.func)
        if (kind is None or not self._text_may_be_bad(value.key, state) or value.validated
                or self._vetted(value, arg_node, state)
                or any(error_caught_by(kind, caught) for caught in state.caught)
                or ((kind.name, kind.ancestors) == UNKNOWN_PARSE_ERROR and state.caught)):
            return  # (a parser's own class is unknown: any `except` around it may be the one)
        if self.handler.style != "mapping" and kind.name in ("ValueError", "TypeError") \
                and not _admits_text(self.handler_parameters.get(value.key)):
            return  # `limit: int` arrives converted: int(limit) cannot fail on the caller's text
        if takes_pattern(self.info.qualify(node.func)) and isinstance(arg_node, cst.Call) \
                and not _is_normaliser_call(arg_node):
            return  # `re.compile(re.escape(term))`: a pattern made from the text, not the text
        self._add_raise(node, kind, "argument", value.key, state, implicit=f"{dotted_name(node.func)}()")

    def _text_may_be_bad(self, key: str | None, state: State) -> bool:
        """Whether the value of argument ``key`` may be any text the caller chose, so an
        operation that fails on some text (a parse, a conversion, a lookup) can raise here.

        Every prompt argument is a string. A tool argument is too unless every tool the code
        serves declares the property with a JSON type other than ``"string"`` (a schema-
        conforming client then sends a number or an object, which ``int()`` does not reject);
        whether the exception then reaches the client as a protocol error or as an ``isError``
        result is the stack's business (MCP207), not the walk's."""
        if self.handler.kind == "prompt":
            return True
        if key is None:
            return False
        declarations = self.handler.served_declarations(state.served) or ()
        return not declarations or any(_declares_text(d, key) for d in declarations)

    def _note_str_into_conversion(self, node: cst.Call) -> None:
        """``Decimal(str(raw))`` / ``int(raw)``: the ``None`` of a bare ``.get`` (or the text
        "None" ``str()`` makes of it) is rejected by the conversion with an error, so neither the
        conversion nor an inner ``str()`` is a silent use of that None (the conversion's error is
        judged as any raise)."""
        convert = _TEXT_CONVERSIONS.get(self.info.qualify(node.func) or "")
        if convert is None or len(node.args) != 1 or node.args[0].star or _converts(convert, "None"):
            return
        self._str_into_conversion.add(id(node))  # `Decimal(raw)` itself: None is a TypeError there
        inner = node.args[0].value
        if isinstance(inner, cst.Call) and dotted_name(inner.func) == "str" and len(inner.args) == 1 \
                and "str" not in self.info.functions:
            self._str_into_conversion.add(id(inner))

    def _reject_default_by_conversion(self, node: cst.Call, value: Val) -> None:
        """``json.loads(args.get("settings") or "")``, ``int(args.get("n", ""))``: a conversion
        that fails on the default itself turns a missing argument into an error, not into a
        silent value (the error's code is MCP201's business): the default is rejected."""
        use = value.default
        if use is None or use.rejected or not isinstance(value.missing, str) or len(node.args) != 1:
            return
        name = self.info.qualify(node.func) or ""
        if name in ("int", "float") and self._conversion_error(node.func) is None:
            return  # a project function of that name
        convert = _TEXT_CONVERSIONS.get(name)
        if convert is not None and not _converts(convert, value.missing):
            use.rejected = True

    def _note_converted(self, node: cst.Call, value: Val, state: State) -> None:
        """``m = Mode(mode.strip().lower())``, ``n = int(count)``, ``day = date.fromisoformat(d)``:
        a conversion that raises on a bad value, bound to a local, holds the validated (typed,
        canonical) form of the argument from here on, so rendering the raw text beside it is
        MCP301's finding. ``json.loads`` is left out: its source text is what a prompt shows."""
        if node is self._bound_value and self.handler.kind == "prompt" \
                and self._conversion_error(node.func) in ("ValueError", "InvalidOperation"):
            state.normalized.setdefault(value.key, node)  # (a tool echoing its input as sent is no fault)

    def _conversion_kind(self, func: cst.BaseExpression) -> ErrorKind | None:
        """What a call of ``func`` on a bad argument string raises, with the exception's known
        ancestors (a ``binascii.Error`` from ``base64.b64decode`` is a ValueError), or None when
        it is no parser of text (:mod:`mcplint.model.library_raises`)."""
        name = self._conversion_error(func)
        if name is not None:
            return ErrorKind("generic", name)
        if self._type_adapter_method(func):
            return ErrorKind("pydantic-validation", "ValidationError", ancestors=("ValueError", "Exception"))
        dotted = dotted_name(func)
        if dotted is None or (dotted.partition(".")[0] not in self.info.imports and not dotted.startswith("bytes.")):
            return None  # a local object's method of the same spelling (`parser.parse`) is not the library
        head = dotted.partition(".")[0]
        project = head in self.info.classes or head in self.info.functions  # `Tone.parse(tone)`: the project's own
        raised = library_raise(self.info.qualify(func)) or (None if project else parse_kind_raise(self.info.qualify(func)))
        return None if raised is None else ErrorKind("generic", raised[0], ancestors=raised[1])

    def _type_adapter_method(self, func: cst.BaseExpression) -> bool:
        """``QUARTER.validate_python`` / ``.validate_strings`` / ``.validate_json`` of a module
        constant ``QUARTER = TypeAdapter(...)`` (pydantic 2): it raises pydantic's
        ValidationError on a value that does not validate."""
        if not isinstance(func, cst.Attribute) or func.attr.value not in ("validate_python", "validate_json",
                                                                            "validate_strings"):
            return False
        holder = dotted_name(func.value)
        made = self.info.constants.get(holder) if holder is not None else None
        return isinstance(made, cst.Call) and (dotted_name(made.func) or "").rsplit(".", 1)[-1] == "TypeAdapter"

    def _conversion_error(self, func: cst.BaseExpression) -> str | None:
        """The exception a conversion of a string raises on a bad value, or None for other calls."""
        name = dotted_name(func)
        if name is None:
            return None
        if name in ("int", "float"):
            shadowed = name in self.info.functions or name in self.info.imports or name in self.info.classes
            return None if shadowed else "ValueError"
        if name in self.info.classes:
            bases = {(dotted_name(b.value) or "").rsplit(".", 1)[-1] for b in self.info.classes[name].bases}
            return "ValueError" if bases & _ENUM_BASES else None
        parts = (self.info.qualify(func) or name).split(".")
        if parts[-2:] == ["json", "loads"]:
            return "JSONDecodeError"
        if parts[-2:] == ["decimal", "Decimal"]:
            return "InvalidOperation"
        if parts[-2:] == ["uuid", "UUID"]:
            return "ValueError"
        if len(parts) >= 2 and (parts[-2], parts[-1]) in _PARSER_ERRORS:
            return _PARSER_ERRORS[(parts[-2], parts[-1])]
        if len(parts) >= 2 and parts[-1] in ("fromisoformat", "strptime") and parts[-2] in ("datetime", "date", "time"):
            return "ValueError"
        return None

    def _vetted(self, value: Val, node: cst.BaseExpression, state: State) -> bool:
        """Whether a test looked at ``value`` (held by ``node``) beyond presence: :meth:`_vetted_names`."""
        return (isinstance(node, cst.Name) and node.value in state.vetted) or _key_mark(value.key) in state.vetted \
            or _schema_mark(value.key) in state.vetted or _schema_mark("*") in state.vetted

    def _vetted_names(self, test: cst.BaseExpression, state: State, negated: bool = False) -> set[str]:
        """Locals a test inspects beyond truthiness: ``x.isdigit()``, ``valid(x)``, ``x in ALLOWED``.
        A type probe (``isinstance(x, str)``) says nothing of the content; a prefix test vets
        the shape only where it passed (``if raw.startswith("{"): json.loads(raw)``), not on
        the other branch (``else: int(limit)`` past ``limit.startswith("$")``)."""
        inspected = _inspected(test, skip_calls=_TYPE_PROBES | (_PREFIX_TESTS if negated else frozenset()))
        vetted = {n.value for n in inspected if isinstance(n, cst.Name) and n.value in state.values}
        vetted |= _separator_marks(test, negated)
        return vetted | {_key_mark(key) for n in inspected if (key := self._read_key(n, state)) is not None}

    def _implicit_default(self, value: Val, state: State) -> None:
        """A prompt or tool argument read with ``.get(k)`` and no default is used: when the caller
        left it out, None is what gets used. A later guard that rejects None still clears it
        (and MCP101 leaves tools alone where the SDK checks the schema's required keys first)."""
        if (self.handler.style != "mapping" or not value.from_get
                or value.default is not None or value.implicit is not None or value.checked
                or value.normalized or state.has(value.key)):
            return
        value.implicit = DefaultUse(key=value.key, node=self._site(value.node, value.key), value=None,
                                    served=state.served, implicit=True)
        self.handler.defaults.append(value.implicit)

    def _read_here(self, value: Val, node: cst.CSTNode) -> bool:
        """Whether a helper walked in place read ``value`` from the mapping itself (``f"...
        {arguments['query']}"`` in a helper handed the whole mapping), rather than being handed it."""
        return self._call_site is not None and (node is value.node or (
            self._function is not None and contains(self._function, value.node)))

    def _render(self, node, kind, key, state, validated=None, placeholders_only=False, default=None,
                missing_raises=False, read_here=False) -> None:
        if kind == "raw" and (self._command_text or self._bound_for_command(node)):
            return  # `run(f"git diff {base}")`: a command, judged by MCP302, not the message's text
        if self._quiet and not (kind == "raw" and self._handed and self._quiet == self._handed and not self._muted):
            # a helper's text is judged where the values are rendered, except the raw value
            # it was handed although the caller holds a validated one (reported at the call)
            return
        # The whole mapping formatted inside a helper, or a value the helper read from it and
        # rendered, is that helper's line: it holds the fault, whoever calls it (the call is a
        # related location); a value handed to the helper is placed where it was handed over.
        # A helper that made the validated form itself (`quoted = shlex.quote(pod)` in
        # `kubectl_logs`) and rendered the raw value beside it holds the fault on its own line too.
        read_here = read_here or (kind == "raw" and validated is not None and self._made_here(validated))
        site = node if kind == "whole-mapping" or read_here else self._call_site or node
        via = self._call_site if read_here else None
        self.handler.renders.append(RenderSite(node=site, kind=kind, key=key, served=state.served,
                                               validated_node=validated, placeholders_only=placeholders_only,
                                               default=default, missing_raises=missing_raises, via=via))

    def _bound_for_command(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` is part of text bound to a local that the function hands to a
        command, query, directory search or request call (``flt = f"(cn={name})"`` then
        ``conn.search(base, flt)``): the text is that call's, judged by MCP302, as it would
        be written inside the call."""
        target, value = self._bound_target, self._bound_value
        if not isinstance(target, cst.Name) or value is None or not contains(value, node):
            return False
        function = self._function or self.handler.function
        memo = self.__dict__.setdefault("_command_inputs", {})
        if id(function) not in memo:
            memo[id(function)] = {arg.value.value for call in walk(function) if type(call) is cst.Call
                                  and is_command_call(self.info.qualify(call.func), call.func)
                                  for arg in call.args if type(arg.value) is cst.Name}
        return target.value in memo[id(function)]

    def record_raise(self, statement: cst.CSTNode, exc: cst.BaseExpression, state: State) -> None:
        error = classify_raise(self.info, self.evaluator, exc)
        if error is None or error.category == "unknown":
            error = self._self_built_error(exc) or error
        if error is None:
            return
        reason, key = self._reason(state)
        if reason is None and self.handler.kind == "prompt" and isinstance(statement, cst.Raise):
            reason, key = missed_lookup_reason(self, statement, state) or (None, None)
        if any(error_caught_by(error, caught) for caught in state.caught):
            if reason == "argument":
                self._note_swallowed(error, key)
            return
        self._add_raise(statement, error, reason, key, state)

    def _self_built_error(self, exc: cst.BaseExpression) -> ErrorKind | None:
        """``raise self._invalid(msg)`` in a method of a handler class whose ``_invalid`` builds
        the exception (``return McpError(ErrorData(code=INVALID_PARAMS, ...))``): classified by
        what that method returns, like a module-level error builder."""
        if not isinstance(exc, cst.Call) or not isinstance(exc.func, cst.Attribute) \
                or dotted_name(exc.func.value) != "self":
            return None
        function = getattr(self, "_function", None) or self.handler.function
        owner = next((cls for cls in self.info.classes.values() if isinstance(cls.body, cst.IndentedBlock)
                      and any(statement is function for statement in cls.body.body)), None)
        method = self._class_methods_of(owner).get(exc.func.attr.value) if owner is not None else None
        if method is None or not _first_parameter_is_self(method):
            return None
        return classify_method_builder(self.info, self.evaluator, method, exc)

    def _note_swallowed(self, error: ErrorKind | str, key: str | None) -> None:
        """Tell the innermost ``try`` that catches ``error`` an argument check raised it."""
        if isinstance(error, str):
            error = ErrorKind("generic", error)
        for caught, swallowed in reversed(self._swallowed):
            if any(error_caught_by(error, name) for name in caught):
                swallowed.append((error, key))
                return

    def record_assert(self, statement: cst.Assert, reason, state: State) -> None:
        if self._is_caught("AssertionError", state):
            return
        why, key = reason if reason is not None else self._reason(state)
        self._add_raise(statement, ErrorKind("generic", "AssertionError"), why, key, state)

    def _add_raise(self, node, error, reason, key, state: State, implicit: str | None = None) -> None:
        if id(node) in self._seen_raises:
            return
        self._seen_raises.add(id(node))
        self.handler.raises.append(RaiseSite(node=node, error=error, reason=reason, key=key, served=state.served,
                                             implicit=implicit))

    def _reason(self, state: State) -> tuple[str | None, str | None]:
        if state.served is not None and not state.served and self.handler.dispatches_on_name \
                and state.unmatched is not False:  # not dead code behind a test that let only known names on
            return "unknown-name", None
        if state.caller_reason is not None:
            return state.caller_reason
        if state.unmatched and self.handler.dispatches_on_name:
            return "unknown-name", None  # the fall-through every name without a branch reaches
        if self.declared_names == frozenset():
            return "unknown-name", None  # the server lists none: every request names an unknown one
        return None, None

    def _is_caught(self, name: str, state: State) -> bool:
        return any(is_subclass_name(name, caught) for caught in state.caught)

    # -- tests and guards ---------------------------------------------------------------
    def test_reason(self, test: cst.BaseExpression, state: State) -> tuple[str, str | None] | None:
        """Why a failing ``test`` would be the caller's fault: the name or an argument."""
        keys = self._keys_in_order(test, state)
        if keys:
            return ("argument", keys[0])
        if self._mentions_mapping(test, state):
            return ("argument", None)
        converted = next((self._converted[node.value] for node in _walk_in_order(test)
                          if type(node) is cst.Name and node.value in self._converted), None)
        if converted is not None:  # `assert 0 <= pct <= 500` of `pct = float(raw)`
            return ("argument", converted)
        return None  # name tests: the branch serving no declared name carries that reason

    def _converted_from(self, value_node: cst.BaseExpression, state: State) -> str | None:
        """The argument whose text ``value_node`` converts: a parser of text (``float(raw)``,
        ``Decimal(args["x"])``, a library parser) handed an argument value, or arithmetic on a
        local that holds such a conversion (``n = pct / 100``). None otherwise."""
        node = value_node.expression if isinstance(value_node, cst.Await) else value_node
        if isinstance(node, (cst.BinaryOperation, cst.UnaryOperation)):
            return next((self._converted[n.value] for n in _walk_in_order(node)
                         if type(n) is cst.Name and n.value in self._converted), None)
        if not isinstance(node, cst.Call) or len(node.args) != 1 or node.args[0].star \
                or self._conversion_kind(node.func) is None:
            return None
        held = self._value_of(node.args[0].value, state)
        return held.key if held is not None else self._read_key(node.args[0].value, state)

    def enter_condition(self, test: cst.BaseExpression, state: State) -> None:
        """Inside ``if "k" in args:`` or ``if args:``, what the test established."""
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if isinstance(target.operator, cst.In) and self.is_mapping(target.comparator, state):
                self._mark_mapping_present(target.comparator, state)
        key = self._key_present_when(test, state, True)
        if key is not None:  # `"k" in args`, `args.get("k")`, `args.get("k") is not None`
            state.present.add(key)
            self._mark_mapping_present(test, state)
        if self.is_mapping(test, state):
            self._mark_mapping_present(test, state)
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            self.enter_condition(test.left, state)
            self.enter_condition(test.right, state)

    def apply_guard(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """After ``if test: raise`` (or ``assert test``), the values the test checked are known.

        Defaults that the test would reject are marked rejected; keys it mentions count as
        present, the mapping as not None.
        """
        for name, first in state.values.items():
            if name not in _names_in(test):
                continue
            for value in (first, *state.others.get(name, ())):
                value.checked = True
                for use in (value.default, value.implicit):
                    if use is not None:
                        self._judge_default(test, use, state, negate)
        self._judge_supplied_defaults(test, state, negate)
        self._judge_fallback_defaults(test, state, negate)
        self._judge_inline_defaults(test, state, negate)
        self._judge_defaults_by_presence(test, state, negate)
        self._judge_defaults_by_collected_check(test, state, negate)
        for name in _names_in(test) & self._key_checks.keys():
            state.present.update(self._key_checks[name])  # `if missing: raise ...`
            self._mark_mapping_present(test, state)
        for name in _names_in(test) & self._key_checks_for.keys():
            for requested, keys in self._key_checks_for[name].items():
                state.present_for[requested] = state.present_for.get(requested, frozenset()) | keys
            self._mark_mapping_present(test, state)
        if _names_in(test) & self._whole_checks and not negate:
            state.all_present = True  # `if missing: raise` over declarations not known
            self._mark_mapping_present(test, state)
        for name in _names_in(test) & self._value_checks.keys():
            for local, check, variable in self._value_checks[name]:
                value = state.values.get(local)
                if value is None:
                    continue
                value.checked = True
                if value.default is not None and not negate:  # `if missing: raise`
                    outcome = self.evaluator.eval(check, {variable: value.missing})
                    if outcome is UNKNOWN:
                        value.default.uncertain = True
                    elif outcome:
                        value.default.rejected = True
        for key in self._keys_in(test, state):
            state.present.add(key)
            self._mark_mapping_present(test, state)
        if self._mentions_mapping(test, state):
            for alias in list(state.aliases):
                state.aliases[alias] = False
            # a test of the mapping that names no key validated it as a whole (`if not
            # all(k in args for k in REQUIRED)`), unless it only asked whether there is one:
            # `if not arguments` / `assert arguments is not None` stop None, not a missing key
            if not self._keys_in(test, state) and not self._tests_mapping_itself(test, state):
                state.all_present = True
        for attr in list(self.spec.mapping_attrs):
            if attr in _dotted_in(test):
                self.spec.mapping_attrs[attr] = False

    def _judge_inline_defaults(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """``if not args.get("k", "").strip(): raise``: a default read inside the test itself is
        judged by the test with the default in the read's place."""
        for inner in _walk_expr(test):
            found = self._default_nodes.get(id(inner))
            if found is None or found[0] is not inner or found[1].rejected:
                continue
            use = found[1]
            placeholder = cst.Name("__mcplint_default__")
            env = dict(self._env(state))
            env[placeholder.value] = use.value
            outcome = self.evaluator.eval(test.deep_replace(inner, placeholder), env)
            if outcome is UNKNOWN:
                use.uncertain = True
            elif bool(outcome) != negate:
                use.rejected = True

    def _judge_supplied_defaults(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """``if not merged["k"]: raise`` on a merged copy: the test sees the default the merge
        supplied for ``k`` when the caller left it out."""
        for node in _walk_expr(test):
            key = self._read_key(node, state) if isinstance(node, (cst.Subscript, cst.Call)) else None
            mapping = node.value if isinstance(node, cst.Subscript) else getattr(node.func, "value", None) \
                if isinstance(node, cst.Call) else None
            if key is None or not isinstance(mapping, cst.Name):
                continue
            use = self._supplied_defaults.get(mapping.value, {}).get(key)
            if use is None or not _may_serve_same(use.served, state.served):
                continue  # a default supplied on another prompt's branch (`args.setdefault` there)
            env = dict(self._env(state))
            env[mapping.value] = {key: use.value}
            outcome = self.evaluator.eval(test, env)
            if outcome is UNKNOWN:
                outcome = self._judged_alone(test, env, lambda part: any(
                    self._read_key(n, state) == key for n in _walk_expr(part) if isinstance(n, (cst.Subscript, cst.Call))),
                    negate)
            if outcome is UNKNOWN:
                use.uncertain = True
            elif bool(outcome) != negate:
                use.rejected = True

    def _judge_defaults_by_presence(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """``tone = args.get("tone", "neutral")`` (or a merge of defaults) and later ``if "tone"
        not in args: raise`` / ``if not (args or {}).get("tone"): raise``: a check of the
        caller's own mapping that stops every call leaving the key out, so the default taken
        before it never reaches the text. Judged with the key absent and every other key the
        test names present; a copy that holds a default for the key is judged by what it holds
        (:meth:`_judge_supplied_defaults`), not here."""
        mappings = {node.value for node in _walk_expr(test)
                    if type(node) is cst.Name and self.is_mapping(node, state)}
        if not mappings:
            return
        keys = self._keys_in(test, state)
        for key in keys:
            if any(key in self._supplied_defaults.get(name, {}) for name in mappings):
                continue
            uses = self._defaults_before(key, state)
            if not uses:
                continue
            env = dict(self._env(state))
            # every other key present (and one more, so `args or {}` keeps this mapping)
            present = CompleteMapping({other: "x" for other in keys if other != key}, **{"\0": "x"})
            env.update((name, present) for name in mappings)
            outcome = self.evaluator.eval(test, env)
            if outcome is UNKNOWN or bool(outcome) == negate:
                continue
            for use in uses:
                use.rejected = True

    def _judge_defaults_by_collected_check(self, test: cst.BaseExpression, state: State, negate: bool) -> None:
        """``values = {**defaults, **args}`` then ``missing = [a.name for a in self.arguments if
        a.required and not args.get(a.name)]; if missing: raise``: the collected check of the
        caller's own mapping stops every call leaving a checked key out, so the defaults taken
        before it for those keys (every required one, when the declarations are not known) are
        dead."""
        if negate:
            return
        for name in _names_in(test) & self._own_mapping_checks.keys():
            keys = self._own_mapping_checks[name]
            for use in self._defaults_before(None, state):
                if keys is None or use.key in keys:
                    use.rejected = True

    def _defaults_before(self, key: str | None, state: State) -> list[DefaultUse]:
        """The defaults standing in for ``key`` (any key when None) that this path took so far:
        of reads kept in locals and of merged copies, on branches that may serve the same prompt."""
        uses = [value.default for first_name, first in state.values.items()
                for value in (first, *state.others.get(first_name, ()))
                if key in (None, value.key) and value.default is not None and not value.default.rejected]
        uses += [use for supplied in self._supplied_defaults.values() for use_key, use in supplied.items()
                 if key in (None, use_key) and not use.rejected and _may_serve_same(use.served, state.served)]
        return list({id(use): use for use in uses}.values())

    def _judge_default(self, test, use: DefaultUse, state: State, negate: bool) -> None:
        env = dict(self._env(state))
        carriers = {n for n, first in state.values.items() for v in (first, *state.others.get(n, ()))
                    if v.default is use or v.implicit is use}
        env.update({n: v.missing for n, first in state.values.items() for v in (first, *state.others.get(n, ()))
                    if v.default is use or v.implicit is use})
        outcome = self.evaluator.eval(test, env)
        if outcome is UNKNOWN and self._witness_passes(test, use, env, carriers, negate):
            return  # `or os.environ.get("SERVICE", "api")` then `if service not in KNOWN: raise`
        if outcome is UNKNOWN:
            outcome = self._judged_alone(test, env, lambda part: bool(_names_in(part) & carriers), negate)
        if outcome is UNKNOWN:
            use.uncertain = True
        elif bool(outcome) != negate:
            use.rejected = True

    def _judged_alone(self, test: cst.BaseExpression, env: dict[str, Any], related, negate: bool) -> Any:
        """``if topic is None or audience is None: raise`` judged for audience's default: on the
        path where only this argument is missing, a condition about something else (another
        argument's absence, a setting) is taken not to fire, so the guard rejects the default
        only if one of the parts that test it does. Applies to the alternatives of a raise
        (``a or b`` raising when true, ``a and b`` raising when false); the parts ``related``
        accepts are evaluated, UNKNOWN when one of them is not evaluable or none is related."""
        operator = cst.And if negate else cst.Or
        parts = _flattened(test, operator)
        if len(parts) < 2:
            return UNKNOWN
        outcomes = [self.evaluator.eval(part, env) for part in parts if related(part)]
        if not outcomes or any(outcome is UNKNOWN for outcome in outcomes):
            return UNKNOWN
        return all(map(bool, outcomes)) if negate else any(map(bool, outcomes))

    def _witness_passes(self, test, use: DefaultUse, env: dict[str, Any], carriers: set[str], negate: bool) -> bool:
        """Whether the guard ``test`` lets a witness of ``use`` through (the value an ambient
        default takes where nothing is configured), with the witness in each local that carries
        the default (``carriers``): then the guard does not reject the default, which stands in
        for the argument on such a machine."""
        for seen in use.witnesses:
            outcome = self.evaluator.eval(test, {**env, **{name: seen for name in carriers}})
            if outcome is not UNKNOWN and bool(outcome) == negate:
                return True
        return False

    def narrow(self, test: cst.BaseExpression, state: State) -> tuple[frozenset[str] | None, frozenset[str] | None]:
        """Split ``state.served`` by a test on the prompt name: (if true, if false)."""
        result = self._name_test(test, state)
        if result is None:
            return state.served, state.served
        self.handler.dispatches_on_name = True
        return result

    def _name_test(self, test, state):
        everything = self._all_names(state.served)
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self._name_test(test.expression, state)
            return None if inner is None else (inner[1], inner[0])
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            left, right = self._name_test(test.left, state), self._name_test(test.right, state)
            if left is not None and right is None and self._tests_found_entry_only(test, state):
                return left  # `impl is None or not callable(impl)`: only what the lookup found
            if left is None or right is None:
                return None
            return left[0] | right[0], (left[1] & right[1]) if left[1] is not None and right[1] is not None else None
        found = self._lookup_found(test, state)
        if found is not None:  # `if not prompt:` after `prompt = next((p for p in PROMPTS if ...), None)`
            return (state.served, frozenset()) if found else (frozenset(), state.served)
        members = self._tested_members(test, state)
        if members is not None:  # `if hasattr(course_tools, name):` on an object of a project class
            everything = everything if everything is not None else frozenset()
            return everything & members, everything - members
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        target = test.comparisons[0]
        op = target.operator
        if self.is_name_expr(test.left, state):
            other = target.comparator
        elif self.is_name_expr(target.comparator, state) and isinstance(op, (cst.Equal, cst.NotEqual)):
            other = test.left
        else:
            return None
        value = self.evaluator.eval(other, self._env(state))
        if isinstance(op, (cst.Equal, cst.NotEqual)):
            if not isinstance(value, str):
                return None
            chosen = frozenset({value})
        elif isinstance(op, (cst.In, cst.NotIn)):
            if isinstance(value, dict):
                value = list(value)
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                # membership in something unknown: the false side serves unknown names
                return (state.served, frozenset()) if isinstance(op, cst.In) else (frozenset(), state.served)
            chosen = frozenset(value)
        else:
            return None
        # Without known declarations, "any other name" is the unknown-name path.
        rest = (everything - chosen) if everything is not None else frozenset()
        inside = chosen & everything if everything is not None else chosen
        if isinstance(op, (cst.Equal, cst.In)):
            return inside, rest
        return rest, inside

    def _unknown_passes(self, test: cst.BaseExpression, state: State) -> bool | None:
        """Whether a name matching no declaration makes ``test`` true; None if it does not test the name."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self._unknown_passes(test.expression, state)
            return None if inner is None else not inner
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            left, right = self._unknown_passes(test.left, state), self._unknown_passes(test.right, state)
            if right is None and self._tests_found_entry_only(test, state):
                return left  # `impl is None or not callable(impl)`: a missing entry passes the first test
            return None if left is None or right is None else left or right
        found = self._lookup_found(test, state)
        if found is not None:
            return not found  # an unknown name leaves the lookup None
        if self._tested_members(test, state) is not None:
            return False  # `hasattr(tools, name)`: a name no declaration has is no method of the class
        if not isinstance(test, cst.Comparison) or self._name_test(test, state) is None:
            return None
        return isinstance(test.comparisons[0].operator, (cst.NotEqual, cst.NotIn))

    def _tests_found_entry_only(self, test: cst.BooleanOperation, state: State) -> bool:
        """``entry is None or not callable(entry)``: the left side tests a lookup local for None
        and the right side only inspects that same local (a declared name's entry is a handler,
        so only a missing entry makes the whole test true)."""
        if self._lookup_found(test.left, state) is None or not isinstance(test.left, cst.Comparison):
            return False
        local = test.left.left.value if isinstance(test.left.left, cst.Name) else None
        names = {node.value for node in _walk_expr(test.right) if isinstance(node, cst.Name)}
        return local is not None and local in names and names <= {local, "callable", "not", "hasattr"}

    def _tested_members(self, test: cst.BaseExpression, state: State) -> frozenset[str] | None:
        """``hasattr(course_tools, name)`` where ``course_tools`` is an object of a project class
        (:meth:`_instance_class`, ``self`` included): the public method names of that class, the
        names the test is true for (a dispatch on the name by ``getattr(course_tools, name)``
        behind it). None for any other test, or when the object's class is not known."""
        if not isinstance(test, cst.Call) or dotted_name(test.func) != "hasattr" or len(test.args) != 2 \
                or any(arg.star or arg.keyword for arg in test.args) \
                or not self.is_name_expr(test.args[1].value, state):
            return None
        owner = test.args[0].value
        cls = None if dotted_name(owner) == "self" else self._instance_class(owner)
        methods = self._methods() if dotted_name(owner) == "self" else (
            self._class_methods_of(cls) if cls is not None else {})
        if not methods:
            return None
        return frozenset(name for name in methods if not name.startswith("_"))

    def _lookup_found(self, test: cst.BaseExpression, state: State) -> bool | None:
        """For ``prompt`` / ``prompt is None`` / ``prompt is not None`` on a lookup local: whether
        the test is true when the lookup found the name (None when it is no such test)."""
        if isinstance(test, cst.Name):
            return True if test.value in state.lookups else None
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        target = test.comparisons[0]
        if not (isinstance(test.left, cst.Name) and test.left.value in state.lookups
                and isinstance(target.operator, (cst.Is, cst.IsNot))
                and isinstance(target.comparator, cst.Name) and target.comparator.value == "None"):
            return None
        return isinstance(target.operator, cst.IsNot)

    def _is_name_lookup(self, node: cst.BaseExpression, state: State) -> bool:
        """``next((p for p in PROMPTS if p.name == name), None)`` or ``HANDLERS.get(name)``: None
        exactly when no entry has the requested name."""
        if isinstance(node, cst.Await) and isinstance(node.expression, cst.Call):
            return self._none_lookup_helper(node.expression, state)  # `await registry.find(name)`
        if not isinstance(node, cst.Call):
            return False
        if self._lookup_helper_table(node, state) is not None:
            return True  # `get_tool_handler(name)`: returns the entry or None
        if self._none_lookup_helper(node, state):
            return True  # `find_prompt(name, arguments)`: None exactly when its lookup failed
        if is_member_lookup(node, lambda inner: self.is_name_expr(inner, state)):
            return True  # `getattr(operations, f"op_{name}", None)`
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
                and not self.is_mapping(node.func.value, state) and node.args \
                and self.is_name_expr(node.args[0].value, state):
            return len(node.args) == 1 or _is_none(node.args[1].value)
        if dotted_name(node.func) != "next" or len(node.args) != 2 or not _is_none(node.args[1].value):
            return False
        return isinstance(node.args[0].value, cst.GeneratorExp) and self._searches_by_name(node.args[0].value, state)

    def _none_lookup_helper(self, node: cst.Call, state: State) -> bool:
        """A project function handed the requested name that returns None exactly when its
        lookup of the name failed (:mod:`mcplint.model.name_lookups`)."""
        function = self._local_function(node.func)
        if function is None:
            return False
        method = isinstance(node.func, cst.Attribute) and dotted_name(node.func) not in self.info.functions
        parameter = name_parameter(function, node, lambda arg: self.is_name_expr(arg, state), method)
        return parameter is not None and none_when_unknown(function, parameter)

    def _matches_name(self, test: cst.BaseExpression, item: str, state: State) -> bool:
        """``p.name == name`` / ``p["name"] == name`` / ``p.get("name") == name`` (either side)."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
                or not isinstance(test.comparisons[0].operator, cst.Equal):
            return False
        left, right = test.left, test.comparisons[0].comparator
        if self.is_name_expr(left, state):
            left, right = right, left
        return self.is_name_expr(right, state) and item in _names_in(left)

    def _all_names(self, served: frozenset[str] | None) -> frozenset[str] | None:
        return served if served is not None else self.declared_names

    def _pattern_names(self, pattern) -> set[str] | None:
        values = case_values(self.evaluator, pattern)
        if values is None:
            return None
        return {value if isinstance(value, str) else _UNKNOWN_NAME for value in values if value is not OTHER_PATTERN}

    # -- recognising the mapping and the name -------------------------------------------
    def is_mapping(self, node: cst.CSTNode, state: State) -> bool:
        """True when ``node`` evaluates to the arguments mapping (or ``mapping or {}``)."""
        # type() tests, not isinstance: these classes have no subclasses, and a failing
        # isinstance against libcst's ABC-based classes is slow (this runs for most nodes scanned).
        kind = type(node)
        if kind is cst.Name:
            return node.value in state.aliases
        if kind is cst.Attribute:
            if node.attr.value in ("kwargs", "arguments") and type(node.value) is cst.Name \
                    and node.value.value in self._bound_signatures:
                return True  # `bound.kwargs` of `bound = inspect.signature(f).bind(**arguments)`
            return dotted_name(node) in self.spec.mapping_attrs
        if kind is cst.Call:
            if id(node) in self._mapping_results:
                return True  # a helper's call that returns the mapping it was handed
            if _getattr_path(node) is not None:
                return _getattr_path(node) in self.spec.mapping_attrs  # `getattr(params, "arguments")`
            if dotted_name(node.func) == "dict" and len(node.args) == 1 and not node.args[0].keyword:
                return self.is_mapping(node.args[0].value, state)
            if type(node.func) is cst.Attribute and node.func.attr.value == "copy" and not node.args:
                return self.is_mapping(node.func.value, state)  # `(arguments or {}).copy()`
            cast = _cast_operand(self.info, node)
            if cast is not None:
                return self.is_mapping(cast, state)  # `cast(dict, arguments)`: the same object
            return len(node.args) >= 2 and self._merging_call(node, state) is not None  # `ChainMap(arguments, D)`
        if kind is cst.BinaryOperation:
            return self._merged_union(node, state) is not None  # `DEFAULTS | arguments`
        if kind is cst.BooleanOperation and type(node.operator) is cst.Or:
            # `arguments or {}`; `arguments or EXAMPLE` (:meth:`_example_fallback`)
            return self.is_mapping(node.left, state) and (
                _is_emptyish(node.right) or self._example_fallback(node, state) is not None)
        if kind is cst.NamedExpr:
            return self.is_mapping(node.value, state)
        if kind is cst.IfExp:  # `{} if arguments is None else arguments`
            sides = [side for side in (node.body, node.orelse) if not _is_emptyish(side)]
            return bool(sides) and all(self.is_mapping(side, state) for side in sides)
        if kind is cst.Dict:
            return self.merged_defaults(node, state) is not None
        if kind is cst.DictComp:
            return self._entries_copy(node, state) or self._present_keys_copy(node, state)
        return False

    def keys_of_mapping(self, node: cst.BaseExpression, state: State) -> bool:
        """``arguments``, ``arguments.keys()``, ``set(arguments)``: the keys the caller sent."""
        if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "keys":
            return self.is_mapping(node.func.value, state)
        if isinstance(node, cst.Call) and dotted_name(node.func) in ("set", "frozenset") and len(node.args) == 1:
            return self.keys_of_mapping(node.args[0].value, state)
        return self.is_mapping(node, state)

    def _entries_copy(self, node: cst.DictComp, state: State) -> bool:
        """``{k: v for k, v in arguments.items() if v}`` (the filter, if any, testing only the
        entry): the caller's entries under their own keys, the empty ones perhaps dropped, so
        reads of it are reads of the arguments (a dropped entry reads as a missing one)."""
        target = node.for_in.target
        if node.for_in.inner_for_in is not None or not self._mapping_items_copy(node, state) \
                or not isinstance(target, cst.Tuple) or len(target.elements) != 2 \
                or not all(isinstance(e.value, cst.Name) for e in target.elements):
            return False
        key, value = (e.value.value for e in target.elements)
        if not (isinstance(node.key, cst.Name) and node.key.value == key and _tidies_value(node.value, value)):
            return False
        return all(self._tests_entry_only(test.test, key, value, state) for test in node.for_in.ifs)

    def _tests_entry_only(self, test: cst.BaseExpression, key: str, value: str, state: State) -> bool:
        """A comprehension filter that drops entries by the entry alone: its key or value, or the
        key's membership in a set of names (``if k in KNOWN``, ``if k in known``). Whatever such a
        filter drops reads as left out, so a default for it is still a default for a missing
        argument. A filter that looks at the mapping itself is no such test."""
        names = _names_read_in(test) - {key, value, "None", "True", "False"}
        if not names:
            return True
        if self._mentions_mapping(test, state) or not isinstance(test, cst.Comparison) \
                or not isinstance(test.left, cst.Name) or test.left.value != key or len(test.comparisons) != 1:
            return False
        return isinstance(test.comparisons[0].operator, (cst.In, cst.NotIn)) \
            and isinstance(test.comparisons[0].comparator, (cst.Name, cst.Attribute))

    def _present_keys_copy(self, node: cst.DictComp, state: State) -> bool:
        """``{k: args[k] for k in FIELDS if k in args}`` (``args.get(k)`` alike): the caller's
        entries whose keys a list names, each only when the caller sent it, so reads of it are
        reads of the arguments (a key the list lacks reads as left out). ``{k: args.get(k) for
        k in NAMES}`` without the test is no such copy: every key is there, None when missing."""
        loop = node.for_in
        if loop.inner_for_in is not None or len(loop.ifs) != 1 or not isinstance(loop.target, cst.Name) \
                or not isinstance(node.key, cst.Name) or node.key.value != loop.target.value:
            return False
        key = loop.target.value
        test = loop.ifs[0].test
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
                and test.left.value == key and isinstance(test.comparisons[0].operator, cst.In)
                and self.is_mapping(test.comparisons[0].comparator, state)):
            return False
        value = node.value
        if isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index):
            looked_up, mapping = value.slice[0].slice.value, value.value
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
                and len(value.args) == 1:
            looked_up, mapping = value.args[0].value, value.func.value
        else:
            return False
        return isinstance(looked_up, cst.Name) and looked_up.value == key and self.is_mapping(mapping, state)

    def repacked_keys(self, node: cst.BaseExpression, state: State) -> frozenset[str]:
        """``{"path": path, "content": content}`` in a signature-style handler (FastMCP,
        MCPServer, fastmcp tools and prompts): a literal whose every entry is one of the
        handler's own parameters, untouched, under its own name. Handed to a project function
        (``handler.run_tool({"path": path})``), it is the arguments mapping again, with
        exactly those keys, so the function's reads of it are reads of the arguments: a key
        the literal lacks is a name the tool never declared. Empty for any other expression
        (a renamed key, a rebound or computed value, a ``**`` entry, a low-level handler).
        Source: mcp ``server/fastmcp/tools/base.py`` (``Tool.run`` calls the function with
        the validated arguments as keywords, one per parameter)."""
        if type(node) is not cst.Dict or not node.elements or not self.spec.parameters:
            return frozenset()
        keys: set[str] = set()
        for element in node.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.value, cst.Name):
                return frozenset()
            key = self.evaluator.eval(element.key, self._env(state))
            param = self.spec.parameters.get(element.value.value)
            value = state.values.get(element.value.value)
            if key != element.value.value or param is None or value is None or value.node is not param.name \
                    or key in keys:
                return frozenset()
            keys.add(key)
        return frozenset(keys)

    def merged_defaults(self, node: cst.BaseExpression, state: State) -> dict[str, Any] | None:
        """``{**DEFAULTS, **arguments}`` (``{**arguments}``, ``{"k": v, **arguments}``): a copy of
        the mapping whose keys the entries before it supply when the caller leaves them out.
        Those keys and their values (UNKNOWN when not evaluable); None for any other dict,
        one with entries after the mapping included (they override what the caller sent).
        The other spellings of a lookup that falls back to known defaults count the same
        (:meth:`_merging_call`, :meth:`_merged_union`)."""
        kind = type(node)
        if kind is cst.Call:
            return self._merging_call(node, state)
        if kind is cst.BinaryOperation:
            return self._merged_union(node, state)
        if kind is cst.BooleanOperation:
            return self._example_fallback(node, state)
        if kind is not cst.Dict:
            return None
        elements = list(node.elements)
        if not elements or not isinstance(elements[-1], cst.StarredDictElement) \
                or not self.is_mapping(elements[-1].value, state):
            return None
        supplied: dict[str, Any] = {}
        for element in elements[:-1]:
            if isinstance(element, cst.StarredDictElement):
                table = self._constant_table(element.value, state)  # `**DEFAULTS`, `**PER_TOOL.get(name, {})`
                if table is None:
                    return None
                supplied.update(table)
                continue
            key = self.evaluator.eval(element.key, self._env(state))
            if not isinstance(key, str):
                return None
            supplied[key] = self.evaluator.eval(element.value, self._env(state))
        return supplied

    def _example_fallback(self, node: cst.BaseExpression, state: State) -> dict[str, Any] | None:
        """``arguments or EXAMPLE`` / ``arguments or EXAMPLES.get(name, {})`` /
        ``arguments or EXAMPLES[name]``: when the caller sends no arguments (None, or an empty
        mapping, both falsy) the whole mapping is replaced by a dict of known keys, each a
        default for its argument, as a merge would supply it (:meth:`merged_defaults`). A
        table of dicts keyed by the requested name is read for the prompts this path serves
        (the keys every one of them gets). None for any other expression, ``arguments or {}``
        included (no key supplied)."""
        if type(node) is not cst.BooleanOperation or type(node.operator) is not cst.Or \
                or not self.is_mapping(node.left, state) or _is_emptyish(node.right):
            return None
        table = self._constant_table(node.right, state)
        if table is None:
            table = self._table_for_served(node.right, state)
        return table or None

    def _table_for_served(self, node: cst.BaseExpression, state: State) -> dict[str, Any] | None:
        """``EXAMPLES.get(name, {})`` / ``EXAMPLES[name]`` with ``name`` the requested name and
        EXAMPLES a dict of dicts: the entries common to every prompt this path serves."""
        if type(node) is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value == "get" \
                and 1 <= len(node.args) <= 2:
            source, looked_up = node.func.value, node.args[0].value
        elif type(node) is cst.Subscript and len(node.slice) == 1 and type(node.slice[0].slice) is cst.Index:
            source, looked_up = node.value, node.slice[0].slice.value
        else:
            return None
        if not state.served or not self.is_name_expr(looked_up, state):
            return None
        rows = self.evaluator.eval(source, self._env(state))
        if not isinstance(rows, dict):
            return None
        entries = [rows.get(served) for served in state.served]
        if not all(isinstance(entry, dict) and all(isinstance(k, str) for k in entry) for entry in entries):
            return None
        common = set.intersection(*(set(entry) for entry in entries))
        found: dict[str, Any] = {key: entries[0][key] if len(entries) == 1 else UNKNOWN for key in common}
        if not self._per_served_tables:
            return found
        for key in set().union(*entries) - common:  # `TOOL_DEFAULTS.get(name, {})` merged: upload's own defaults
            holders = [(served, entry[key]) for served, entry in zip(state.served, entries) if key in entry]
            values = {repr(value) for _, value in holders}
            found[key] = _PerServed(holders[0][1] if len(values) == 1 else UNKNOWN,
                                    frozenset(served for served, _ in holders))
        return found

    def _constant_table(self, node: cst.BaseExpression, state: State) -> dict[str, Any] | None:
        """The dict of string keys ``node`` evaluates to (a module constant, a literal), or the
        entries a table of dicts holds under the requested name (``DEFAULTS_BY_TOOL.get(name,
        {})``, :meth:`_table_for_served`): a key only some served names' entries hold is a
        :class:`_PerServed` default of those names. None otherwise."""
        table = self.evaluator.eval(node, self._env(state))
        if isinstance(table, dict) and all(isinstance(k, str) for k in table):
            return dict(table)
        self._per_served_tables = True
        try:
            return self._table_for_served(node, state)
        finally:
            self._per_served_tables = False

    def _merging_call(self, node: cst.Call, state: State) -> dict[str, Any] | None:
        """``ChainMap(arguments, DEFAULTS, ...)`` (a lookup falls through to the later maps, the
        first one holding the key wins) and ``dict(DEFAULTS, k=v, **arguments)`` (the caller's
        entries override the ones before): the keys the defaults supply and their values, as
        :meth:`merged_defaults`; None for any other call. (Python ``collections.ChainMap``,
        ``dict`` constructor semantics.)"""
        qualified = (self.info.qualify(node.func) or dotted_name(node.func) or "").rsplit(".", 1)[-1]
        args = list(node.args)
        if qualified == "dict" and len(args) == 1 and not args[0].star and not args[0].keyword \
                and type(args[0].value) is cst.BooleanOperation:
            return self._example_fallback(args[0].value, state)  # `dict(arguments or EXAMPLE)`
        if qualified == "ChainMap" and len(args) >= 2 and not any(a.star or a.keyword for a in args) \
                and self.is_mapping(args[0].value, state):
            supplied: dict[str, Any] = {}
            for arg in reversed(args[1:]):
                table = self._constant_table(arg.value, state)
                if table is None:
                    return None
                supplied.update(table)
            return supplied
        if qualified != "dict" or len(args) < 2 or args[-1].star != "**" or not self.is_mapping(args[-1].value, state):
            return None
        supplied = {}
        for index, arg in enumerate(args[:-1]):
            if arg.star:
                return None
            if arg.keyword is not None:
                supplied[arg.keyword.value] = self.evaluator.eval(arg.value, self._env(state))
                continue
            table = self._constant_table(arg.value, state) if index == 0 else None
            if table is None:
                return None
            supplied.update(table)
        return supplied

    def _merged_union(self, node: cst.BinaryOperation, state: State) -> dict[str, Any] | None:
        """``DEFAULTS | arguments`` (PEP 584: the right operand's entries win): the left
        operand's keys are defaults; None when the mapping is not the right operand or the left
        one is not a dict of known keys (``arguments | OVERRIDES`` replaces what the caller sent)."""
        if type(node.operator) is not cst.BitOr or not self.is_mapping(node.right, state):
            return None
        left = self.merged_defaults(node.left, state) if self.is_mapping(node.left, state) else None
        return left if left is not None else self._constant_table(node.left, state)

    def _any_key_default(self, node: cst.BaseExpression, state: State) -> tuple[Any] | None:
        """``defaultdict(factory, arguments)``: every key the caller left out reads as
        ``factory()``. That value in a 1-tuple (UNKNOWN when the factory is not a known
        constant), or None when ``node`` is no such call or the factory makes None.
        (Python ``collections.defaultdict.__missing__``.)"""
        if isinstance(node, cst.Call) and id(node) in self._filler_results:
            return (self._filler_results[id(node)],)  # a helper handed back such a defaultdict
        if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].star and not node.args[0].keyword \
                and self.is_mapping(node.args[0].value, state):
            if (self.info.qualify(node.func) or "") == "collections.Counter":
                return (0,)  # `Counter(arguments)`: a key the caller left out counts 0 (Counter.__missing__)
            return self._missing_hook_default(node)
        if not isinstance(node, cst.Call) or len(node.args) != 2 or any(a.star or a.keyword for a in node.args):
            return None
        if (self.info.qualify(node.func) or dotted_name(node.func) or "").rsplit(".", 1)[-1] != "defaultdict" \
                or not self.is_mapping(node.args[1].value, state):
            return None
        value = self._factory_value(node.args[0].value, state)
        return (value,) if value is not None else None

    def _signature_bind(self, node: cst.Call, state: State) -> bool:
        """``inspect.signature(f).bind(**arguments)`` (``bind_partial`` too): the arguments bound
        to ``f``'s parameters as a call would bind them; calling ``f(*b.args, **b.kwargs)`` (after
        ``b.apply_defaults()`` or not) is ``f(**arguments)``, whose parameter defaults stand in
        for the keys the caller left out. (Python ``inspect.Signature.bind``/``BoundArguments``.)"""
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value not in ("bind", "bind_partial") \
                or type(func.value) is not cst.Call or len(node.args) != 1 or node.args[0].star != "**":
            return False
        inner = func.value
        return (self.info.qualify(inner.func) or "") == "inspect.signature" and len(inner.args) == 1 \
            and self.is_mapping(node.args[0].value, state)

    def _filler_value(self, node: cst.BaseExpression, state: State) -> tuple[Any] | None:
        """(What an absent key reads as,) when ``node`` is a mapping of the arguments that never
        raises KeyError: a local bound to one (``opts = defaultdict(str, arguments)``), such a
        call, or a helper's call returning one; None otherwise."""
        if isinstance(node, cst.Name):
            filler = self._key_fillers.get(node.value)
            return (filler[1],) if filler is not None else None
        return self._any_key_default(node, state) if isinstance(node, cst.Call) else None

    def _missing_hook_value(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The value ``__missing__`` returns, for ``node`` a call making a project dict subclass
        with that hook: where the project wrote the default an absent key reads as (the one
        place to change); None for a library container, whose default is nobody's line."""
        if not isinstance(node, cst.Call):
            return None
        cls = self.info.classes.get(dotted_name(node.func) or "")
        hook = self._class_methods_of(cls).get("__missing__") if cls is not None else None
        returns = [n for n in walk(hook.body, into_nested_scopes=False) if isinstance(n, cst.Return)] \
            if hook is not None else []
        return returns[0].value if len(returns) == 1 else None

    def _missing_hook_default(self, node: cst.Call) -> tuple[Any] | None:
        """``ToolArgs(arguments)`` on a project ``dict`` subclass whose ``__missing__`` returns a
        value (``return ""``): like ``defaultdict``, every key the caller left out reads as that
        value (Python ``dict.__getitem__`` calls ``__missing__`` of a subclass). A hook that
        raises, or returns nothing, gives no default: None."""
        cls = self.info.classes.get(dotted_name(node.func) or "")
        hook = self._class_methods_of(cls).get("__missing__") if cls is not None else None
        if hook is None or _always_raises(hook):
            return None
        returns = [n for n in walk(hook.body, into_nested_scopes=False) if isinstance(n, cst.Return)]
        if len(returns) != 1 or returns[0].value is None:
            return None
        value = self.evaluator.eval(returns[0].value, {})
        if value is None:
            return None
        return (value if isinstance(value, (str, int, float, bool)) else UNKNOWN,)

    def _request_object(self, node: cst.BaseExpression) -> bool:
        """The mcp 2.x ``params`` object itself, whose ``.arguments`` is the mapping."""
        return isinstance(node, cst.Name) and any(
            attr.startswith(node.value + ".") for attr in (*self.spec.mapping_attrs, *self.spec.name_attrs))

    def _may_be_none(self, node: cst.CSTNode, state: State) -> bool:
        if isinstance(node, cst.Name):
            return state.aliases.get(node.value, False)
        if isinstance(node, cst.Call) and id(node) in self._mapping_results:
            return self._mapping_results[id(node)]
        if isinstance(node, cst.Attribute):
            return self.spec.mapping_attrs.get(dotted_name(node) or "", False)
        if isinstance(node, cst.Call) and _getattr_path(node) is not None:
            # `getattr(params, "arguments", {})` with a non-None default still gives None for None
            return self.spec.mapping_attrs.get(_getattr_path(node), False)
        if isinstance(node, cst.NamedExpr):
            return self._may_be_none(node.value, state)
        if isinstance(node, cst.IfExp):
            # `{} if arguments is None else arguments` tests the mapping it may hand on
            sides = [side for side in (node.body, node.orelse) if not _is_emptyish(side)]
            return any(self._may_be_none(side, state) for side in sides) and not self._mentions_mapping(node.test, state)
        return False

    def _any_alias_may_be_none(self, read_node: cst.CSTNode, state: State) -> bool:
        target = read_node.value if isinstance(read_node, cst.Subscript) else (
            read_node.func.value if isinstance(read_node, cst.Call) and isinstance(read_node.func, cst.Attribute) else None)
        return target is not None and self._may_be_none(target, state)

    def is_name_expr(self, node: cst.CSTNode, state: State) -> bool:
        """True when ``node`` is the requested prompt/tool name (or the enum member built from it)."""
        kind = type(node)  # not isinstance: see module_info.exact_types
        if kind is cst.Name:
            return node.value in state.name_vars
        if kind is cst.Call and self._is_enum_of_name(node, state):
            return True
        if kind is cst.Attribute:
            return dotted_name(node) in self.spec.name_attrs
        if kind is cst.Call and _getattr_path(node) is not None:
            return _getattr_path(node) in self.spec.name_attrs
        return False

    def bind(self, target: cst.BaseExpression, value_node: cst.BaseExpression, value: Val | None, state: State) -> None:
        """Record what an assignment target now holds."""
        self._note_form_holders(target, value_node, value, state)
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value_node, cst.Name) \
                and value_node.value in state.tables:
            self._unpack_entry(target, state.tables[value_node.value], state)
            return
        if isinstance(target, (cst.Tuple, cst.List)) and type(value_node) in (cst.Subscript, cst.Call):
            looked_up = self._table_lookup(value_node, state)
            if looked_up is not None:  # `handler, schema = TOOLS[name]`: unpacked as it is looked up
                self._unpack_entry(target, looked_up, state)
                return
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value_node, (cst.Tuple, cst.List)) \
                and len(target.elements) == len(value_node.elements):
            for element, item in zip(target.elements, value_node.elements):
                self.bind(element.value, item.value, self._value_of(item.value, state), state)
            return
        if isinstance(target, cst.Subscript) and self.is_mapping(target.value, state):
            self._note_rewritten(target, value, state)
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            self._bind_unpacked_forms(target, value_node, state)
        if not isinstance(target, cst.Name):
            return
        name = target.value
        self._note_optional(name, value_node, state)
        converted = self._converted_from(value_node, state)
        if converted is None:
            self._converted.pop(name, None)
        else:
            self._converted[name] = converted
        state.values.pop(name, None)
        state.others.pop(name, None)
        state.truthy.discard(name)
        self._supplied_defaults.pop(name, None)
        self._key_fillers.pop(name, None)
        self._bound_signatures.pop(name, None)
        if isinstance(value_node, cst.Call) and self._signature_bind(value_node, state):
            self._bound_signatures[name] = value_node
            return
        self._partials.pop(name, None)
        if self._partial_parts(value_node) is not None:  # `compose = partial(render, tone="neutral")`
            self._partials[name] = value_node
        self._namespaces.discard(name)
        self._model_locals.pop(name, None)
        model = self._model_results.get(id(value_node.expression if isinstance(value_node, cst.Await) else value_node))
        if model is not None:
            self._model_locals[name] = model
        state.name_vars.discard(name)
        state.lookups.discard(name)
        state.tables.pop(name, None)
        self._note_field_dict(name, value_node)
        table = self._table_lookup(value_node, state)
        if table is not None:  # `handler = HANDLERS.get(name)` / `HANDLERS[name]`
            state.tables[name] = table
        if self._is_name_lookup(value_node, state):
            state.lookups.add(name)
            return
        if table is not None:
            return
        self._key_filters.pop(name, None)
        if self.is_mapping(value_node, state):
            key_filter = comprehension_filter(value_node, lambda expr: self.evaluator.eval(expr, self._env(state)),
                                              self._written_at)
            if key_filter is not None:
                self._key_filters[name] = key_filter
            state.aliases[name] = self._may_be_none(value_node, state) and not (
                isinstance(value_node, cst.BooleanOperation))
            if isinstance(value_node, (cst.Dict, cst.Call, cst.BinaryOperation, cst.BooleanOperation)) \
                    and self.merged_defaults(value_node, state) is not None:
                supplied = self._supplied_defaults.setdefault(name, {})
                for key, default in (self.merged_defaults(value_node, state) or {}).items():
                    if default is not None:  # a None entry is a bare `.get(k)`: nothing stands in
                        supplied[key] = self._default(key, value_node, default, state)
                    if isinstance(default, _PerServed):  # the copy has the key for those names only
                        for requested in default.served:
                            state.present_for[requested] = state.present_for.get(requested, frozenset()) | {key}
                    else:
                        state.present.add(key)  # the copy has the key whatever the caller sent
            elif isinstance(value_node, cst.Name):
                self._supplied_defaults[name] = dict(self._supplied_defaults.get(value_node.value, {}))
            elif id(value_node) in self._call_defaults:
                self._supplied_defaults[name] = dict(self._call_defaults[id(value_node)])
            return
        if self._is_namespace_of_mapping(value_node, state):  # `ns = SimpleNamespace(**arguments)`
            self._namespaces.add(name)
        filler = self._any_key_default(value_node, state)
        if filler is not None:  # `opts = defaultdict(str, arguments)`: each read key defaults (see _scan_subscript)
            state.aliases[name] = False
            self._key_fillers[name] = (value_node, filler[0])
            return
        if self._is_mapping_copy(value_node, state):
            state.aliases[name] = False  # built only if the mapping was there
            self._filtered_copies.add(name)
            return
        state.aliases.pop(name, None)
        if self.is_name_expr(value_node, state):
            state.name_vars.add(name)
            return
        if value is not None:
            state.values[name] = value
            if value.normalized:
                state.normalized.setdefault(value.key, value.node)
                if self._unused_form(name, value_node, value):
                    self._mark_unused_form(value, state, override=self._markup_escaper(value_node))

    def _unused_form(self, name: str, value_node: cst.BaseExpression, value: Val) -> bool:
        """``safe_title = html.escape(title)`` or ``pattern = literal_pattern(term)`` whose
        local is never read: the form made for the text was left unused (a project helper's
        form is one only when flow judged it so, see :meth:`_unused_form_result`)."""
        call = value_node.expression if isinstance(value_node, cst.Await) else value_node
        return value.node is call and type(call) is cst.Call and value.key is not None \
            and unread_local(self._function or self.handler.function, name) \
            and (self._escaper(call.func) or self._local_function(call.func) is not None)

    def _mark_unused_form(self, value: Val, state: State, override: bool = False) -> None:
        """The unused form is the value this path should render for its key: a raw render of
        the key after it is reported; with ``override`` (a form made for message markup, see
        :meth:`_markup_escaper`) even when the raw value was checked or tidied first."""
        if not override:
            state.normalized.setdefault(value.key, value.node)
            return
        state.normalized[value.key] = value.node
        self._unused_form_nodes.add(id(value.node))

    def _markup_escaper(self, value_node: cst.BaseExpression) -> bool:
        """``html.escape(title)``, ``quoteattr(name)``: an escaper for text markup, the kind of
        text a message carries (an LDAP, shell, SQL, URL or pattern escaper makes the form a
        command needs: the raw value beside it is MCP302's)."""
        call = value_node.expression if isinstance(value_node, cst.Await) else value_node
        return type(call) is cst.Call and self._escaper(call.func) and self.info.qualify(call.func) in _MARKUP_ESCAPERS

    def _bind_unpacked_forms(self, target: cst.Tuple | cst.List, value_node: cst.BaseExpression,
                             state: State) -> None:
        """``clean, hits = redact(log)`` where ``redact`` returns ``text, hits`` computed from
        its parameter: each unpacked local holding a form of the value handed, when nobody
        reads it, is an unused form of that argument (see :meth:`_mark_unused_form`)."""
        call = value_node.expression if isinstance(value_node, cst.Await) else value_node
        if type(call) is not cst.Call or len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return
        function = self._local_function(call.func)
        handed = self._value_of(call.args[0].value, state)
        if function is None or handed is None or handed.key is None:
            return
        for position in _tuple_form_positions(function, _receiving_parameter(function, call, call.args[0].value)):
            element = target.elements[position].value if position < len(target.elements) else None
            if isinstance(element, cst.Name) and unread_local(self._function or self.handler.function, element.value):
                self._mark_unused_form(replace(handed, node=call, normalized=True), state)

    def _note_form_holders(self, target: cst.BaseExpression, value_node: cst.BaseExpression, value: Val | None,
                           state: State) -> None:
        """Which locals hold a form of an argument made for a sink, not the value itself
        tidied: ``safe = html.escape(t)`` (a library escaper), or every name of ``url, quoted =
        page_link(page)`` (a helper handing back text built from the value with its parts).
        ``unit = canonical_unit(raw)`` holds the value itself: shown beside the raw one it is
        still the value that should have been shown (no holder)."""
        names = [target] if isinstance(target, cst.Name) else [
            element.value for element in target.elements if isinstance(element.value, cst.Name)
        ] if isinstance(target, (cst.Tuple, cst.List)) else []
        for name in names:
            self._form_holders.pop(name.value, None)
        call = value_node.expression if isinstance(value_node, cst.Await) else value_node
        escaped = isinstance(call, cst.Call) and self._escaper(call.func)
        if not escaped and not isinstance(target, (cst.Tuple, cst.List)):
            return
        form = value.node if value is not None and value.normalized else (
            value_node if any(node is value_node for node in state.normalized.values()) else None)
        if form is not None:
            self._form_holders.update(dict.fromkeys((name.value for name in names), form))

    def _note_rewritten(self, target: cst.Subscript, value: Val | None, state: State) -> None:
        """``args[k] = v``: the mapping now holds ``v`` under ``k``; when ``v`` is the checked or
        normalised value of that same argument, later reads of it are that value."""
        key = self._single_key(target, state)
        if key is None:
            return
        state.rewritten.pop(key, None)
        if value is not None and value.key == key and (value.checked or value.normalized or value.validated):
            state.rewritten[key] = value

    def _unpack_entry(self, target: cst.BaseExpression, table: dict, state: State) -> None:
        """``_, run = entry`` on a looked-up tuple entry: each name holds, per key, what that
        position of the tuple calls (a table of its own when every key has a function there)."""
        elements = target.elements
        for index, element in enumerate(elements):
            if not isinstance(element.value, cst.Name):
                continue
            name = element.value.value
            for kind in (state.values, state.tables):
                kind.pop(name, None)
            state.name_vars.discard(name)
            state.lookups.discard(name)
            projected = {key: entry.items[index] for key, entry in table.items()
                         if isinstance(entry, TupleEntry) and len(entry.items) == len(elements)}
            if len(projected) == len(table) and all(item is not None for item in projected.values()):
                state.tables[name] = projected

    def _is_mapping_copy(self, node: cst.BaseExpression, state: State) -> bool:
        """``{k: args.get(k) for k in NAMES}`` (or ``args[k]``): the mapping, filtered to some keys."""
        if not isinstance(node, cst.DictComp) or node.for_in.inner_for_in is not None:
            return False
        value = node.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
                and len(value.args) == 1 and self.is_mapping(value.func.value, state):
            looked_up = value.args[0].value
        elif isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index) \
                and self.is_mapping(value.value, state):
            looked_up = value.slice[0].slice.value
        else:
            return False
        return node.key.deep_equals(looked_up)

    def _passed_value(self, node: cst.BaseExpression, state: State) -> Val | None:
        """The argument value a call hands a helper: a local holding one, ``args["k"]`` itself,
        or ``args.get("k", d)`` read right in the call (:meth:`_note_handed_read`)."""
        if isinstance(node, cst.Subscript) and self.is_mapping(node.value, state):
            key = self._single_key(node, state)
            return Val(key=key, node=node, missing=UNKNOWN) if key is not None else None
        if type(node) is cst.Call:
            return self._handed_reads.get(id(node))
        return self._value_of(node, state)

    def _note_handed_read(self, node: cst.BaseExpression, value: Val | None, state: State) -> None:
        """``style_text(args.get("style", "short"))``: a read of the mapping written right in a
        call's arguments hands the helper that value (with its default), as a local bound to
        the read would; remembered for :meth:`_passed_value`."""
        if value is not None and type(node) is cst.Call and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "get" and self.is_mapping(node.func.value, state) \
                and value.key is not None and not getattr(value, "derived", False):
            self._handed_reads[id(node)] = value

    def _value_of(self, node: cst.BaseExpression, state: State) -> Val | None:
        if isinstance(node, cst.Name):
            return state.values.get(node.value)
        return None

    # -- small utilities ----------------------------------------------------------------
    def _env(self, state: State) -> dict[str, Any]:
        if self.spec.instance is not None:
            return {"self": self.spec.instance, **self._loop_env}
        return self._loop_env

    def _keys_in(self, test: cst.CSTNode, state: State) -> set[str]:
        return set(self._keys_in_order(test, state))

    def _keys_in_order(self, test: cst.CSTNode, state: State) -> list[str]:
        """The argument keys a test looks at, in source order (reports name the first)."""
        keys: dict[str, None] = {}
        for node in _walk_in_order(test):
            kind = type(node)  # not isinstance: see module_info.exact_types
            if kind is cst.Name and node.value in state.values:
                keys.setdefault(state.values[node.value].key)
            elif kind is cst.Comparison:
                for target in node.comparisons:
                    if isinstance(target.operator, (cst.In, cst.NotIn)) and self.is_mapping(target.comparator, state):
                        key = self.evaluator.eval(node.left, self._env(state))
                        if isinstance(key, str):
                            keys.setdefault(key)
            elif kind is cst.Call and isinstance(node.func, cst.Attribute) \
                    and self.is_mapping(node.func.value, state) and node.args:
                key = self.evaluator.eval(node.args[0].value, self._env(state))
                if isinstance(key, str):
                    keys.setdefault(key)
            elif kind is cst.Subscript and self.is_mapping(node.value, state):
                key = self._single_key(node, state)
                if key is not None:
                    keys.setdefault(key)
        return list(keys)

    def _mentions_mapping(self, test: cst.CSTNode, state: State) -> bool:
        return any(self.is_mapping(node, state) for node in _walk_expr(test))

    def _tests_mapping_itself(self, node: cst.CSTNode, state: State) -> bool:
        """``args``, ``not args``, ``args is None``, ``args is not None``: whether there is a mapping."""
        while type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
            node = node.expression
        return self._tests_mapping_present(node, state) or self._tests_mapping_absent(node, state)

    def _tests_mapping_absent(self, node: cst.CSTNode, state: State) -> bool:
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return self.is_mapping(node.expression, state)
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            # `not arguments or "k" not in arguments or not arguments["k"]`: `(a or b) or c`
            return self._tests_mapping_absent(node.left, state) or self._tests_mapping_absent(node.right, state)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.comparisons[0].operator, cst.Is):
            return self.is_mapping(node.left, state)
        return False

    def _tests_mapping_present(self, node: cst.CSTNode, state: State) -> bool:
        if self.is_mapping(node, state):
            return True
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.And):
            # `arguments and "k" in arguments and arguments["k"]`: parsed `(a and b) and c`
            return self._tests_mapping_present(node.left, state) or self._tests_mapping_present(node.right, state)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.comparisons[0].operator, cst.IsNot):
            return self.is_mapping(node.left, state)
        return False

    def _mark_mapping_present(self, node: cst.CSTNode, state: State) -> None:
        for inner in _walk_expr(node):
            if isinstance(inner, cst.Name) and inner.value in state.aliases:
                state.aliases[inner.value] = False
            elif isinstance(inner, cst.Attribute) and dotted_name(inner) in self.spec.mapping_attrs:
                self.spec.mapping_attrs[dotted_name(inner)] = False

    def _read_key(self, node: cst.BaseExpression, state: State) -> str | None:
        """The key of ``args["k"]`` / ``args.get("k", ...)`` on the mapping, else None."""
        if isinstance(node, cst.Subscript) and self.is_mapping(node.value, state):
            return self._single_key(node, state)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
                and node.args and self.is_mapping(node.func.value, state):
            key = self.evaluator.eval(node.args[0].value, self._env(state))
            return key if isinstance(key, str) else None
        return None

    def _single_key(self, node: cst.Subscript, state: State) -> str | None:
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        key = self.evaluator.eval(node.slice[0].slice.value, self._env(state))
        return key if isinstance(key, str) else None

    def _touches_values(self, body, state: State) -> bool:
        names = set(state.values) | set(state.aliases)
        return any(isinstance(n, cst.Name) and n.value in names for n in _walk_expr(body))

    def _merge(self, first: State, second: State) -> State:
        merged = first.copy()
        if first.served is None or second.served is None:
            merged.served = None if (first.served is None and second.served is None) else (
                (first.served or frozenset()) | (second.served or frozenset()) if self.declared_names is None
                else self._all_names(first.served) | self._all_names(second.served))
        else:
            merged.served = first.served | second.served
        merged.present = first.present & second.present
        merged.all_present = first.all_present and second.all_present
        merged.present_for = _merged_present_for(first, second)
        if first.failure != second.failure or first.except_clause is not second.except_clause:
            merged.failure, merged.failure_key, merged.except_clause = None, None, None
        merged.name_selected = first.name_selected and second.name_selected
        merged.unmatched = None if first.unmatched is None and second.unmatched is None else (
            bool(first.unmatched and second.unmatched))
        merged.lookups = first.lookups & second.lookups
        merged.tables = {k: v for k, v in first.tables.items() if second.tables.get(k) is v}
        merged.vetted = first.vetted & second.vetted
        merged.truthy = first.truthy & second.truthy
        merged.rewritten = {k: v for k, v in first.rewritten.items() if second.rewritten.get(k) is not None}
        for name, calls in second.results.items():  # the value of either branch may reach what follows
            merged.results[name] = merged.results.get(name, frozenset()) | calls
        for name, value in second.values.items():
            kept = merged.values.setdefault(name, value)
            if kept is not value:
                merged.others[name] = first.others.get(name, ()) + (value,) + second.others.get(name, ())
        for name, may_be_none in second.aliases.items():
            merged.aliases[name] = merged.aliases.get(name, False) or may_be_none
        for key, node in second.normalized.items():
            merged.normalized.setdefault(key, node)
        return merged

    def _merge_reads_only(self, state: State, inner: State) -> None:
        for key, node in inner.normalized.items():
            state.normalized.setdefault(key, node)


@dataclass(frozen=True)
class BoundEntry:
    """A dispatch-table entry that calls ``function`` with more than the call passes: a bound
    method (``bound``: the instance goes first; ``methods``: what ``self.x`` means inside it)
    or a ``functools.partial`` (``leading``: the evaluated arguments it bound first)."""

    function: cst.FunctionDef
    bound: bool
    methods: dict | None
    leading: tuple = ()


@dataclass(frozen=True)
class TupleEntry:
    """A dispatch-table entry that is a tuple (``"fetch": (types.Tool(...), fetch_issue)``): what
    each position calls (None where it is no function); usable once unpacked (``_, run = entry``)."""

    items: tuple


def _position(entry, index: int):
    """What position ``index`` of a tuple entry calls (None where it is no function, or the
    entry is no tuple or too short)."""
    if not isinstance(entry, TupleEntry) or not -len(entry.items) <= index < len(entry.items):
        return None
    return entry.items[index]


@dataclass(frozen=True)
class FieldsEntry:
    """A dispatch-table entry that is a dict with literal keys (``"deploy": {"prompt": Prompt(...),
    "renderer": render_deploy}``): what each key calls (None where it is no function); usable
    once a key is taken (``REGISTRY[name]["renderer"](arguments)``)."""

    fields: tuple

    def field(self, name: str):
        """What the key ``name`` calls, or None."""
        return next((entry for key, entry in self.fields if key == name), None)


@dataclass(frozen=True)
class ClassEntry:
    """A dispatch-table entry that is a project class itself, not an object of it
    (``TOOL_CLASSES = {"parse": ParseTool}``): the handler makes the object when it dispatches
    (``TOOL_CLASSES[name]().execute(arguments)``), so the entry stands for an object of ``cls``
    once called without the arguments mapping (:meth:`HandlerWalker._instantiated_table`)."""

    cls: cst.ClassDef


@dataclass(frozen=True, eq=False)
class ObjectEntry:
    """A dispatch-table entry that is a known object of a project class (``REGISTRY[name] =
    RegisteredTool(types.Tool(...), fn)`` filled at import): its class serves a method call
    like a table of objects, and a function kept in one of its fields serves a call of that
    field (``entry.fn(args)``, :meth:`HandlerWalker._field_function_call`)."""

    cls: cst.ClassDef
    value: ObjectValue


TableEntry = cst.FunctionDef | cst.ClassDef | BoundEntry | TupleEntry | FieldsEntry | ClassEntry | ObjectEntry
_COMPREHENSIONS = exact_types(cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
_DICT_MUTATORS = {"update", "setdefault", "pop", "popitem", "clear", "__setitem__"}


class _ValueMarker:
    """Stands for an argument value (a :class:`Val`) when binding a helper's parameters."""

    def __init__(self, value: Val) -> None:
        self.value = value


class _MappingMarker:
    """Stands for the arguments mapping when binding a helper's parameters."""

    def __init__(self, may_be_none: bool, supplied: dict[str, DefaultUse] | None = None,
                 filler: tuple[Any] | None = None) -> None:
        self.may_be_none = may_be_none
        self.supplied = supplied or {}  # the defaults the caller's copy already holds (setdefault, a merge)
        self.filler = filler  # (what any absent key reads as,) for a defaultdict/Counter of it, else None
        self.filler_source: cst.CSTNode | None = None  # the call that made that container


_NAME_MARKER = object()  # stands for the requested prompt/tool name when binding a helper


class _ObjectMarker:
    """Stands for the request object (mcp 2.x ``params``) when binding a helper's parameters:
    its ``.arguments`` is the mapping and its ``.name`` the requested name."""

    def __init__(self, name: str) -> None:
        self.name = name


def _declares_text(declaration, key: str) -> bool:
    """Whether a tool declaration's input schema lets property ``key`` be any text: its
    ``type`` is ``"string"`` (or a list holding it) with no ``enum``/``const`` list of the
    values allowed, or not known (no schema, no properties, no type, not evaluable). A key the
    schema's properties leave out is none the client is asked for."""
    fields = declaration.fields or {}
    schema = next((fields[k] for k in ("inputSchema", "input_schema", "parameters") if k in fields), None)
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(properties, dict) and properties and key not in properties \
            and all(isinstance(name, str) for name in properties):
        return False
    prop = properties.get(key) if isinstance(properties, dict) else None
    if isinstance(prop, dict) and ("enum" in prop or "const" in prop):
        return False
    declared = prop.get("type") if isinstance(prop, dict) else None
    if isinstance(declared, str):
        return declared == "string"
    if isinstance(declared, (list, tuple)) and all(isinstance(t, str) for t in declared):
        return "string" in declared
    return True


def _admits_text(param: cst.Param | None) -> bool:
    """Whether a prompt function's parameter may hold the caller's text as sent: annotated
    ``str``, a union with ``str`` (``int | str``, ``Optional[str]``, ``Union[int, str]``), or
    not annotated. Prompt arguments arrive as strings; the framework converts them to the
    annotated type first (``validate_call`` on mcp FastMCP/MCPServer, fastmcp's
    ``_convert_string_arguments``), and a union that admits ``str`` keeps the text as it is
    (pydantic's smart union prefers the exact type), so ``int(limit)`` sees it raw."""
    if param is None:
        return False
    if param.annotation is None:
        return True
    names = {n.value for n in _walk_expr(param.annotation) if isinstance(n, cst.Name)}
    names |= {n.attr.value for n in _walk_expr(param.annotation) if isinstance(n, cst.Attribute)}
    return "str" in names or "Any" in names


def _tidies_value(node: cst.BaseExpression, value: str) -> bool:
    """``v``, or ``v`` through string tidying alone (``v.strip()``, ``v.strip().lower()``,
    ``str(v).strip()``): the entry's own value, in the same place under the same key."""
    while isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in STR_NORMALISERS and not node.args:
            node = node.func.value
        elif dotted_name(node.func) == "str" and len(node.args) == 1 and not node.args[0].star \
                and not node.args[0].keyword:
            node = node.args[0].value
        else:
            return False
    return isinstance(node, cst.Name) and node.value == value


#: How ``State.vetted`` records that a library validated the mapping against a schema naming the
#: key (``"*"``: a schema the model cannot read, taken to vouch for every key).
_SCHEMA_MARK = "\0schema:"


def _schema_mark(key: str) -> str:
    """The ``State.vetted`` mark of a key a library's schema check inspected (:data:`_SCHEMA_MARK`)."""
    return _SCHEMA_MARK + key


def _key_mark(key: str) -> str:
    """How ``State.vetted`` records that a test inspected the argument ``key`` read straight
    from the mapping (``args["kind"] in TABLE``); no local variable can have this name."""
    return "\0key:" + key


def _field_node(info: ModuleInfo, cls: cst.ClassDef, key: str, depth: int = 0) -> cst.CSTNode | None:
    """The annotated field of a model class (or a project base) that takes ``key``: the one of
    that name, or whose ``Field(alias=...)`` is ``key``; None when not found."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            alias = None
            if isinstance(small.value, cst.Call):
                for arg in small.value.args:
                    if arg.keyword is not None and arg.keyword.value == "alias" and isinstance(arg.value, cst.SimpleString):
                        alias = arg.value.evaluated_value
            if (alias if alias is not None else small.target.value) == key:
                return small
    for base in cls.bases:
        parent = info.classes.get(dotted_name(base.value) or "")
        if parent is not None and parent is not cls and depth < _MAX_HELPER_DEPTH:
            found = _field_node(info, parent, key, depth + 1)
            if found is not None:
                return found
    return None


def _field_default(info: ModuleInfo, cls: cst.ClassDef, key: str) -> cst.CSTNode | None:
    """The default written for the field that takes ``key`` (``= "us-east-1"``, ``=
    Field(default=7)``): where a model's default for a missing argument is set."""
    field = _field_node(info, cls, key)
    return field.value if isinstance(field, cst.AnnAssign) else None


def _class_methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    """The methods defined in a class's own body, by name."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    return {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}


def _writes_key(call: cst.CSTNode, key: str) -> bool:
    """Whether the call's arguments spell ``key`` as a string literal (``require(args, "repo")``)."""
    return isinstance(call, cst.Call) and any(
        isinstance(node, cst.SimpleString) and node.value[1:-1] == key
        for arg in call.args for node in walk(arg.value))


def _first_parameter_is_self(function: cst.FunctionDef) -> bool:
    """``def method(self, ...)``: a function whose first parameter is called ``self``."""
    params = function.params.params
    return bool(params) and params[0].name.value == "self"


def _may_serve_same(first: frozenset[str] | None, second: frozenset[str] | None) -> bool:
    """Whether two ``served`` sets may name the same prompt or tool (None: any of them)."""
    return first is None or second is None or bool(first & second)


def _closure_of(factory: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any], evaluator: Evaluator,
                ) -> tuple[cst.FunctionDef, dict[str, Any]] | None:
    """The function ``factory(*args, **kwargs)`` returns when its only top-level ``return`` hands
    back a function defined in its body (a closure, a decorator's wrapper), with the factory's
    parameters bound to the call's known values: what that function closes over."""
    body = factory.body.body if isinstance(factory.body, cst.IndentedBlock) else ()
    nested = {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}
    returns = [small.value for statement in body if isinstance(statement, cst.SimpleStatementLine)
               for small in statement.body if isinstance(small, cst.Return)]
    if len(returns) != 1 or not isinstance(returns[0], cst.Name) or returns[0].value not in nested:
        return None
    env = bind_arguments(factory, args, kwargs, evaluator)
    if env is None:
        return None
    return nested[returns[0].value], {key: value for key, value in env.items() if value is not UNKNOWN}


def _passed_through_call(wrapper: cst.FunctionDef) -> str | None:
    """The name ``wrapper`` calls with its own ``*args, **kwargs`` and whose value it returns:
    ``return fn(*args, **kwargs)``, or ``result = [await] fn(*args, **kwargs)`` then ``return
    result`` (other returns may answer its own checks). None when there is no such call."""
    star = wrapper.params.star_arg.name.value if isinstance(wrapper.params.star_arg, cst.Param) else None
    double = wrapper.params.star_kwarg.name.value if wrapper.params.star_kwarg is not None else None
    held: dict[str, str] = {}
    returned: set[str] = set()
    for node in walk(wrapper.body, into_nested_scopes=False):
        value = node.value if isinstance(node, (cst.Assign, cst.Return)) else None
        value = value.expression if isinstance(value, cst.Await) else value
        called = _forwarding_call_name(value, star, double)
        if isinstance(node, cst.Return):
            if called is not None:
                return called
            if isinstance(node.value, cst.Name):
                returned.add(node.value.value)
        elif called is not None and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            held[node.targets[0].target.value] = called
    found = {held[name] for name in returned if name in held}
    return found.pop() if len(found) == 1 else None


def _forwarding_call_name(value: cst.BaseExpression | None, star: str | None, double: str | None) -> str | None:
    """``fn`` of ``fn(*args, **kwargs)`` forwarding the wrapper's own star parameters."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name) or star is None:
        return None
    stars = [(arg.star, dotted_name(arg.value)) for arg in value.args]
    return value.func.value if ("*", star) in stars and (double is None or ("**", double) in stars) else None


def _takes_self(function: cst.FunctionDef) -> bool:
    """Whether a method receives the instance (or class) first: not a ``staticmethod``."""
    return not any(dotted_name(d.decorator) == "staticmethod" for d in function.decorators)


def _getattr_path(node: cst.Call) -> str | None:
    """``getattr(params, "arguments")`` (with or without a default) as ``params.arguments``."""
    if dotted_name(node.func) != "getattr" or len(node.args) not in (2, 3) or any(a.keyword or a.star for a in node.args):
        return None
    owner, attr = dotted_name(node.args[0].value), node.args[1].value
    if owner is None or not isinstance(attr, cst.SimpleString):
        return None
    text = attr.evaluated_value
    return f"{owner}.{text}" if isinstance(text, str) and text.isidentifier() else None


def _rebase(attrs: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``{"params.arguments": v}`` seen from a helper whose parameter ``p`` receives ``params``."""
    return {new + attr[len(old):]: value for attr, value in attrs.items() if attr.startswith(old + ".")}


class HelperView(HandlerWalker):
    """The walker of a helper function: shares the handler's facts, binds constants."""

    def __init__(self, outer: HandlerWalker, constants: dict[str, Any], call_site: cst.CSTNode) -> None:
        super().__init__(outer.info, outer.evaluator, outer.handler, outer.spec)
        self.spec = HandlerSpec()
        self.handler_parameters = outer.handler_parameters
        self.constants = constants
        self._helper_stack = outer._helper_stack
        self._seen_raises = outer._seen_raises
        self._swallowed = outer._swallowed
        self._call_site = outer._call_site or call_site
        self._own_call_site = call_site
        self._quiet = outer._quiet
        self._muted = outer._muted
        self._handed = outer._handed
        self._mapping_results = outer._mapping_results
        self._filler_results = outer._filler_results
        self._namespace_results = outer._namespace_results
        self._instance_memo = outer._instance_memo
        self._call_defaults = outer._call_defaults
        self._default_nodes = outer._default_nodes
        self._fallback_uses = outer._fallback_uses
        self.returned: list[Val | None] = []
        self.returned_constants: list[Any] = []  # per return: its value when evaluable, else UNKNOWN
        self.returned_nodes: list[cst.BaseExpression | None] = []  # per return: its expression
        # per return that is no form of an argument: the argument value it computes from, if one
        self.returned_sources: list[Val | None] = []
        self._computed_from: dict[str, Val] = {}  # local -> the argument value it is computed from
        self.returned_defaults: list[dict[str, DefaultUse]] = []  # per return of a merged copy: its defaults
        self.returned_keys: set[str] = set()  # arguments whose values its returns hand back
        self._containers: dict[str, set[str]] = {}  # local -> arguments whose values were put into it
        # per return: whether the mapping it returns may be None, or None when it returns something else
        self.returned_mapping: list[bool | None] = []
        # per return: (what its factory makes,) when it returns a `defaultdict` of the mapping, else None
        self.returned_fillers: list[tuple[Any] | None] = []
        self.returned_namespaces: list[bool] = []  # per return: whether it hands back a namespace of the mapping
        self.failure_returns: list = []  # its returns on a failure path (mcplint.model.returns)
        # per return with a value: the missing-keys comprehension it returns, else None
        self.returned_key_checks: list[KeyCheck | None] = []

    def _env(self, state: State) -> dict[str, Any]:
        return {**self.constants, **self._loop_env} if self._loop_env else self.constants

    def _bound_function(self, name: str | None) -> cst.FunctionDef | None:
        value = self.constants.get(name) if name else None
        return value.function if isinstance(value, FunctionRef) else None

    def _site(self, node: cst.CSTNode, key: str) -> cst.CSTNode:
        # the call supplied the key: as a constant (`arg(arguments, "k")`), or in a dict it passed
        # (`prepare(arguments, {"k": "default"})`)
        supplied = key in self.constants.values() or any(
            isinstance(value, dict) and key in value for value in self.constants.values())
        if not supplied:
            return node
        # the call that writes the key (`require(args, "repo")` in a renderer the handler calls),
        # else the handler's own call that handed it down
        return self._own_call_site if _writes_key(self._own_call_site, key) else self._call_site

    def walk_helper(self, function: cst.FunctionDef, state: State) -> tuple[Val | None, State]:
        """Walk the helper; return the value all its returns agree on and the final state."""
        self._function = function
        final, _ = self.walk_block(suite_statements(function.body), state)
        agreed = self.returned[0] if self.returned and all(
            r is not None and r.key == self.returned[0].key for r in self.returned) else None
        if agreed is None:
            agreed = self._value_or_fallback(final)
        return agreed, final

    def _value_or_fallback(self, state: State) -> Val | None:
        """``if not value: return default`` ... ``return value.strip()``: a helper whose returns
        are one argument's value or one constant returns ``value or constant`` (the constant
        a default for the argument, recorded at the call)."""
        values = [r for r in self.returned if r is not None]
        if not values:  # `return date.fromisoformat(raw)` / `return date.today()`: a parse, not a form
            return self._computed_return(None, state)
        if any(v.key != values[0].key for v in values):
            return None
        constants = [c for r, c in zip(self.returned, self.returned_constants) if r is None]
        computed = self._computed_return(values[0], state)
        if computed is not None:
            return computed
        # Only a scalar can be the fallback: test the types before ``repr``, which for an
        # evaluated container of libcst nodes prints whole subtrees (a tenth of a cold run).
        if not constants or not all(isinstance(c, (str, int, float, bool)) for c in constants):
            return None
        fallbacks = {repr(c): c for c in constants}
        if len(fallbacks) != 1:
            return None
        fallback = next(iter(fallbacks.values()))
        return self._with_fallback(values[0], self._call_site or values[0].node, fallback, state)

    def _computed_return(self, value: Val, state: State) -> Val | None:
        """``if not raw: return max(KNOWN_TAGS)`` ... ``return raw``: the helper's one other
        return computes a value without the argument (:meth:`_computed_substitute`, not a
        constant the caller of :meth:`_value_or_fallback` judges): that value stands in for
        the missing argument, a default written at that ``return`` (the defect site)."""
        others = [(node, c) for r, c, node, source in zip(self.returned, self.returned_constants, self.returned_nodes,
                                                          self.returned_sources)
                  if r is None and source is None]
        if len(others) != 1 or others[0][0] is None or len(self.returned_nodes) - len(others) < 1:
            return None
        node, fallback = others[0]
        if value is None:  # every other return computes from one argument's value
            sources = [source for source in self.returned_sources if source is not None]
            if len(sources) != len(self.returned_nodes) - 1 or any(v.key != sources[0].key for v in sources):
                return None
            value = sources[0]
        elif fallback is not UNKNOWN:
            return None  # a constant beside returns of the value itself: judged by the caller
        if fallback is UNKNOWN and not self._fallback_like(node) \
                or fallback is not UNKNOWN and not _plain_substitute(fallback):
            return None
        if value.default is not None:
            return None  # `item_limit(args.get("count", 0))`: that default, judged by the helper's guards
        if not self._reads_other_arguments_only(node, value.key, state) \
                and (_names_read_in(node) & state.values.keys() or self._names_of_mapping(node, state)) \
                or not self._returned_when_missing(node, value, state):
            return None
        combined = self._with_fallback(value, self._call_site or value.node, fallback, state)
        if combined.default is not None and combined.default is not value.default:
            combined.default.origin = node
        return combined

    def _returned_when_missing(self, node: cst.BaseExpression, value: Val, state: State) -> bool:
        """Whether the helper, run with the argument's value missing (None, or the ``.get``
        default it was read with) and its other parameters as the call passed them, reaches
        the ``return`` of ``node`` (:func:`mcplint.model.guard_run.reached_return`). Unknown
        (a test the evaluator cannot decide on the way): False, no default recorded."""
        if self._function is None:
            return False
        missing = value.missing if value.missing is not UNKNOWN else None
        fixed = frozenset(name for name, held in state.values.items() if held.key == value.key)
        # the mapping a helper was handed: the key is absent from it (others unknown to the run)
        mappings = {name: {} for name in state.aliases if name not in fixed}
        env = {**self.constants, **mappings, **dict.fromkeys(fixed, missing)}
        reached = reached_return(self.evaluator, self._function, env, fixed)
        return reached is not None and reached.value is node

    def _source_value(self, node: cst.BaseExpression | None, state: State) -> Val | None:
        """The one argument value a returned expression computes from (``date.fromisoformat(raw)``
        gives ``raw``'s; ``min(limit, MAX)`` after ``limit = int(raw or 0)`` too), None when it
        reads none or several."""
        if node is None:
            return None
        found: dict[str, Val] = {}
        for name in _names_read_in(node):
            held = state.values.get(name) or self._computed_from.get(name)
            if held is not None:
                found[held.key] = held
        return next(iter(found.values())) if len(found) == 1 else None

    def _note_computed_from(self, small: cst.Assign, state: State) -> None:
        """``limit = int(raw or 0)``: a local the walk keeps no form of, computed from one
        argument's value; what a ``return`` of it hands back derives from that argument."""
        if len(small.targets) != 1:
            return
        target = small.targets[0].target
        # `year, _, q = raw.partition("-Q")`: each name unpacked holds a piece of the value
        names = [target] if isinstance(target, cst.Name) else [
            element.value for element in target.elements if isinstance(element.value, cst.Name)] \
            if isinstance(target, (cst.Tuple, cst.List)) else []
        source = self._source_value(small.value, state)
        for node in names:
            if source is not None and node.value not in state.values:
                self._computed_from[node.value] = source
            else:
                self._computed_from.pop(node.value, None)

    def _reads_other_arguments_only(self, node: cst.BaseExpression, key: str, state: State) -> bool:
        """``if port is None: return WELL_KNOWN.get(arguments.get("scheme", "https"), 443)``: the
        value returned on the path where ``key`` is missing is computed from other arguments
        only (keyed reads of the mapping, locals holding other keys' values), so it stands in for
        ``key`` as any value computed without it does. False when it reads ``key`` itself, the
        mapping as a whole, or nothing of the arguments."""
        keys: set[str] = set()
        keyed: set[int] = set()  # the mapping names that are the base of a keyed read
        for inner in _walk_expr(node):
            if isinstance(inner, (cst.Subscript, cst.Call)):
                read = self._read_key(inner, state)
                base = inner.value if isinstance(inner, cst.Subscript) else getattr(inner.func, "value", None)
                if read is not None and isinstance(base, cst.Name):
                    keys.add(read)
                    keyed.add(id(base))
        for inner in _walk_expr(node):
            if isinstance(inner, cst.Name) and self.is_mapping(inner, state) and id(inner) not in keyed:
                return False  # the mapping handed on whole: what it reads is not known
        keys |= {state.values[name].key for name in _names_read_in(node) if name in state.values}
        return bool(keys) and key not in keys

    def _names_of_mapping(self, node: cst.BaseExpression, state: State) -> bool:
        """Whether ``node`` reads the arguments mapping (an alias of it) anywhere."""
        return any(self.is_mapping(inner, state) for inner in _walk_expr(node) if isinstance(inner, cst.Name))

    def walk_if(self, node: cst.If, state: State) -> tuple[State, bool]:
        """A test of the constants the call passed (``if default is None:``) takes one branch."""
        taken = self._folded(node.test)
        if taken is None:
            return super().walk_if(node, state)
        if taken:
            return self.walk_block(suite_statements(node.body), state)
        if node.orelse is None:
            return state, False
        if isinstance(node.orelse, cst.If):
            return self.walk_if(node.orelse, state)
        return self.walk_block(suite_statements(node.orelse.body), state)

    def _not_taken(self, statement: cst.CSTNode) -> bool:
        return isinstance(statement, cst.If) and statement.orelse is None and self._folded(statement.test) is False

    def _folded(self, test: cst.BaseExpression) -> bool | None:
        """The outcome of a test on parameters bound to constants the helper never reassigns."""
        names = _names_in(test) & self.constants.keys()
        if not names or self._function is None or names & assigned_names(self._function):
            return None
        outcome = self.evaluator.eval(test, self.constants)
        if outcome is UNKNOWN or not isinstance(outcome, (bool, int, str, type(None))):
            return None
        return bool(outcome)

    def _keys_mentioned(self, node: cst.CSTNode, state: State) -> set[str]:
        """The arguments whose values (locals holding them, or containers filled with them)
        ``node`` mentions."""
        keys: set[str] = set()
        for name in _names_in(node):
            if name in state.values:
                keys.add(state.values[name].key)
            keys |= self._containers.get(name, set())
        return keys

    def _model_fields_returned(self, value: cst.BaseExpression | None) -> set[str]:
        """``return Model.model_validate(arguments)`` (or a local holding it): the fields of the
        validated model are the arguments whose checked values the helper hands back."""
        value = value.expression if isinstance(value, cst.Await) else value
        if value is None:
            return set()
        if isinstance(value, cst.Name):
            return set(self._model_locals.get(value.value, {}))
        return set(self._model_results.get(id(value), {}))

    def _note_container(self, small: cst.Assign, state: State) -> None:
        """``out[field] = value`` / ``opts = {"k": value}`` / ``self.x = value``: the local now
        holds those values (followed to the helper's returns)."""
        keys = self._keys_mentioned(small.value, state)
        if not keys:
            return
        for target in small.targets:
            holder = target.target
            while isinstance(holder, (cst.Subscript, cst.Attribute)):
                holder = holder.value
            if isinstance(holder, cst.Name) and holder.value not in state.values:
                self._containers.setdefault(holder.value, set()).update(keys)

    def _filler_of(self, value: cst.BaseExpression, state: State) -> tuple[Any] | None:
        """``defaultdict(str, supplied)`` returned, or a local holding it: (what the factory makes,)."""
        if isinstance(value, cst.Name) and value.value in self._key_fillers:
            return (self._key_fillers[value.value][1],)
        return self._any_key_default(value, state)

    def walk_small(self, small: cst.BaseSmallStatement, state: State) -> bool:
        if isinstance(small, cst.Assign):
            self._note_container(small, state)
            self._note_computed_from(small, state)
        if isinstance(small, cst.Return):
            if small.value is not None:
                self.returned_keys |= self._keys_mentioned(small.value, state)
                self.returned_key_checks.append(self._checked_keys(small.value, state))
            self.returned.append(self.scan(small.value, state) if small.value is not None else None)
            self.returned_keys |= self._model_fields_returned(small.value)
            self.returned_constants.append(
                self.evaluator.eval(small.value, self.constants) if small.value is not None and self.returned[-1] is None
                else UNKNOWN)
            self.returned_nodes.append(small.value)
            self.returned_sources.append(self._source_value(small.value, state) if self.returned[-1] is None else None)
            # a defaultdict of the mapping is held as an alias of it, but reads of it never fail
            self.returned_fillers.append(self._filler_of(small.value, state) if small.value is not None else None)
            self.returned_namespaces.append(small.value is not None and self._returns_namespace(small.value, state))
            self.returned_mapping.append(self._may_be_none(small.value, state)
                                         if small.value is not None and self.returned_fillers[-1] is None
                                         and self.is_mapping(small.value, state) else None)
            if small.value is not None and isinstance(small.value, cst.Name) and self.returned_mapping[-1] is not None:
                self.returned_defaults.append(self._supplied_defaults.get(small.value.value, {}))
            record_helper_return(self, small, state)
            return True
        return super().walk_small(small, state)


# -- module-level helpers ---------------------------------------------------------------
def _kept_placeholder(key: str) -> str:
    """What ``Template.safe_substitute`` renders for a placeholder the mapping lacks: the
    placeholder itself (Python ``string.Template.safe_substitute``), a stand-in for the value."""
    return f"${key}"


# Classes whose instance built as ``Cls(**arguments)`` has the caller's keys as attributes.
_NAMESPACE_CLASSES = frozenset({"types.SimpleNamespace", "argparse.Namespace"})
_FIELD_VALIDATORS = {"field_validator", "validator"}


def _chain_starts_with(value: cst.BaseExpression | None, node: cst.Call) -> bool:
    """``SearchArgs(index=index).model_dump_json()``, ``Opts(style=style).style``: ``value`` is
    a method or attribute chain on the object ``node`` makes."""
    while isinstance(value, (cst.Call, cst.Attribute)) and value is not node:
        value = value.func if isinstance(value, cst.Call) else value.value
    return value is node


def _validated_field_names(cls: cst.ClassDef) -> set[str]:
    """Fields a pydantic ``@field_validator("a", "b")`` / ``@validator("a")`` of ``cls`` checks,
    and the fields a dataclass ``__post_init__`` or a pydantic ``@model_validator`` rewrites
    (``self.level = self.level.strip().lower()``)."""
    names: set[str] = set()
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.FunctionDef):
            continue
        if statement.name.value == "__post_init__" or any(
                (dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                .rsplit(".", 1)[-1] in ("model_validator", "root_validator") for d in statement.decorators):
            names.update(_assigned_self_attributes(statement))
        for decorator in statement.decorators:
            call = decorator.decorator
            if isinstance(call, cst.Call) and (dotted_name(call.func) or "").rsplit(".", 1)[-1] in _FIELD_VALIDATORS:
                names.update(a.value.raw_value for a in call.args
                             if a.keyword is None and isinstance(a.value, cst.SimpleString))
    return names


def _unpacked_pairs(assign: cst.Assign) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """``a, b = x, y`` (one target, a tuple or list of the same length, no starred element):
    the (target, value) pairs; empty for any other assignment."""
    if len(assign.targets) != 1:
        return []
    target, value = assign.targets[0].target, assign.value
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(value, (cst.Tuple, cst.List)) \
            or len(target.elements) != len(value.elements) \
            or any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)):
        return []
    return [(t.value, v.value) for t, v in zip(target.elements, value.elements)]


def _assigned_self_attributes(method: cst.FunctionDef) -> set[str]:
    """``x`` of every ``self.x = ...`` in ``method`` (nested scopes not entered)."""
    names = set()
    for node in walk(method.body, into_nested_scopes=False):
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Attribute) \
                and isinstance(node.target.value, cst.Name) and node.target.value.value == "self":
            names.add(node.target.attr.value)
    return names


def _is_message(node: cst.BaseExpression) -> bool:
    """A text a check keeps as its verdict: a string, an f-string, a concatenation of them."""
    if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    return isinstance(node, cst.BinaryOperation) and (_is_message(node.left) or _is_message(node.right))


def _returns_something(function: cst.FunctionDef) -> bool:
    """Whether a function has a ``return <value>`` other than ``return None``."""
    return any(isinstance(node, cst.Return) and node.value is not None and not _is_none(node.value)
               for node in walk(function.body, into_nested_scopes=False))



_EXPRESSION_PARTS = (cst.BaseExpression, cst.Arg, cst.Element, cst.BaseDictElement, cst.FormattedStringExpression,
                     cst.CompFor, cst.CompIf, cst.SubscriptElement, cst.Index, cst.Slice, cst.ComparisonTarget)
_IS_EXPRESSION_PART: dict[type, bool] = {}  # memoised: isinstance against libcst's ABCs is slow


def _expression_children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    for child in fast_children(node, tokens=False):
        kind = type(child)
        part = _IS_EXPRESSION_PART.get(kind)
        if part is None:
            part = _IS_EXPRESSION_PART[kind] = issubclass(kind, _EXPRESSION_PARTS)
        if part:
            yield child


def _fills_from_locals(method: str, arg: cst.Arg) -> bool:
    """``template.format(**locals())`` or ``template.format_map(locals())`` (``vars()`` alike):
    the function's own locals fill the placeholders."""
    value = arg.value
    if not (isinstance(value, cst.Call) and dotted_name(value.func) in ("locals", "vars") and not value.args):
        return False
    return (method == "format" and arg.star == "**") or (method == "format_map" and not arg.star and not arg.keyword)


def _placeholders(text: Any) -> set[str]:
    """The field names of a ``str.format`` template (``{a}``, ``{b.x}``, ``{c[0]}`` give a, b,
    c); empty for anything but a well-formed template string."""
    if not isinstance(text, str):
        return set()
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name and not name.isdigit()}
    except ValueError:
        return set()


def _well_formed(text: str) -> bool:
    """A ``str.format`` template without positional fields (``{}``, ``{0}``): ``**mapping`` then
    fills every field it has, by name."""
    try:
        return all(not name or not name.isdigit() for _, name, _, _ in string.Formatter().parse(text)) \
            and all(name != "" for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return False


def _is_names_table(table: dict) -> bool:
    """Whether a literal table maps aliases to canonical names (``{"py": "Python", "ts":
    "TypeScript"}``): its values are one-word strings, so a value looked up in it is a form of
    the key. A table of descriptions (``{"low": "cosmetic issue"}``) or records holds facts
    about the key, not a form of it: the key itself still reads as sent."""
    return all(isinstance(v, str) and v and not any(c.isspace() for c in v) for v in table.values())


def _always_raises(function: cst.FunctionDef) -> bool:
    """Whether ``function``'s body ends in ``raise`` with no ``return`` or ``yield`` anywhere in
    it (nested functions aside): every call of it raises."""
    if not _raises_at_end(function.body):
        return False
    return not any(type(n) in (cst.Return, cst.Yield) for n in _walk_expr(function.body))


def _separator_mark(name: str, separator: str) -> str:
    """The ``State.vetted`` mark of a local known to contain ``separator`` (see :func:`_separator_marks`)."""
    return f"\0sep:{name}:{separator}"


def _separator_marks(test: cst.BaseExpression, negated: bool) -> set[str]:
    """``".." in revisions`` where it passed (``if ".." not in revisions: raise`` on the way
    on): the local holds that separator, so splitting it on that separator gives two pieces at
    least. Only a substring test itself or a conjunct of one where it passed; it says nothing
    of the text otherwise, so it is no vetting for a conversion (:func:`_inspected`)."""
    if not negated and isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _separator_marks(test.left, False) | _separator_marks(test.right, False)
    if negated and isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _separator_marks(test.left, True) | _separator_marks(test.right, True)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 or not isinstance(test.left, cst.SimpleString) \
            or not isinstance(test.comparisons[0].comparator, cst.Name):
        return set()
    contains = isinstance(test.comparisons[0].operator, cst.In)
    if not contains and not isinstance(test.comparisons[0].operator, cst.NotIn):
        return set()
    separator = test.left.evaluated_value
    if contains == negated or not isinstance(separator, str):
        return set()
    return {_separator_mark(test.comparisons[0].comparator.value, separator)}


def _inspected(test: cst.BaseExpression, skip_calls: frozenset[str] = frozenset()) -> list[cst.BaseExpression]:
    """The expressions a test inspects beyond truthiness or identity: the object and arguments
    of a call (``x.isdigit()``, ``valid(x)``), the left side of an ordering or membership
    comparison (``x in ALLOWED``, ``n > 0``), and ``s`` of ``s[:4]`` there."""
    inspected: list[cst.BaseExpression] = []
    for node in _walk_expr(test):
        kind = type(node)  # not isinstance: see module_info.exact_types
        if kind is cst.Call:
            called = node.func.attr.value if isinstance(node.func, cst.Attribute) else dotted_name(node.func)
            if called in skip_calls or _is_normaliser_call(node):
                continue  # `not raw.strip()` tests emptiness only: the normalised text is still unread
            found = [node.func.value] if isinstance(node.func, cst.Attribute) else []
            found += [arg.value for arg in node.args]
        elif kind is cst.Comparison:
            found = [node.left] if not all(
                isinstance(t.operator, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)) for t in node.comparisons) else []
        else:
            continue
        found = [_normalised_base(n) for n in found]  # `raw.strip().isdigit()` inspects `raw`
        # `since[:4].isdigit()` looks at `since` too
        inspected += found + [n.value for n in found if isinstance(n, cst.Subscript) and isinstance(n.value, cst.Name)]
    return inspected


def _is_zero(node: cst.BaseExpression) -> bool:
    """The literal ``0``."""
    return type(node) is cst.Integer and node.value == "0"


def _is_normaliser_call(node: cst.Call) -> bool:
    """``raw.strip()``, ``name.lower()``: a string method that returns the same text tidied
    (:data:`STR_NORMALISERS`), which inspects nothing by itself."""
    return type(node.func) is cst.Attribute and node.func.attr.value in STR_NORMALISERS


def _normalised_base(node: cst.BaseExpression) -> cst.BaseExpression:
    """The text a chain of normalisers starts from: ``raw`` of ``raw.strip().lower()``."""
    while type(node) is cst.Call and _is_normaliser_call(node):
        node = node.func.value
    return node


def _raise_checked_parameters(function: cst.FunctionDef) -> frozenset[str]:
    """The parameters of ``function`` that an ``if`` at the top of its body inspects (as
    :func:`_inspected` does; a truthiness test is not one) before it raises (``if name not in
    PLANS: raise ...``): the checks a validator helper makes."""
    params = parameter_names(function)
    checked: set[str] = set()
    for statement in suite_statements(function.body):
        if isinstance(statement, cst.If) and _raises_at_end(statement.body):
            checked |= {n.value for n in _inspected(statement.test) if isinstance(n, cst.Name)} & params
    return frozenset(checked)


def _returns_at_end(block: cst.BaseSuite) -> bool:
    """Whether the last statement of ``block`` is a ``return``."""
    statements = suite_statements(block)
    last = statements[-1] if statements else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)


def _raises_at_end(block: cst.BaseSuite) -> bool:
    """Whether a block's last statement is a ``raise``."""
    body = suite_statements(block)
    last = body[-1] if body else None
    return isinstance(last, cst.SimpleStatementLine) and any(isinstance(s, cst.Raise) for s in last.body)


def _reraises(handler: cst.ExceptHandler) -> bool:
    """Whether an ``except`` clause ends by re-raising what it caught (``raise`` / ``raise e``)."""
    body = suite_statements(handler.body)
    last = body[-1] if body else None
    if not isinstance(last, cst.SimpleStatementLine) or not isinstance(last.body[-1], cst.Raise):
        return False
    raised = last.body[-1]
    if raised.exc is None:
        return raised.cause is None
    bound = handler.name.name if handler.name is not None and isinstance(handler.name.name, cst.Name) else None
    return isinstance(raised.exc, cst.Name) and bound is not None and raised.exc.value == bound.value \
        and raised.cause is None


def _converts(convert, text: str) -> bool:
    """Whether a standard-library conversion accepts ``text`` (a literal default of the linted
    code, never its code: these are pure functions of a string)."""
    try:
        convert(text)
    except (ValueError, TypeError, ArithmeticError):
        return False
    return True


def _target_names(target: cst.BaseExpression) -> tuple[str, ...] | None:
    """``k`` or ``a, required, _``: the loop variables, in order; None for nested targets."""
    if isinstance(target, cst.Name):
        return (target.value,)
    if isinstance(target, (cst.Tuple, cst.List)) and target.elements \
            and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements):
        return tuple(e.value.value for e in target.elements)
    return None


def _bound_row(targets: tuple[str, ...], row: Any) -> dict[str, Any] | None:
    if len(targets) == 1:
        return {targets[0]: row}
    if not isinstance(row, (list, tuple)) or len(row) != len(targets):
        return None
    return dict(zip(targets, row))


def _checks_declared_arguments(rows: cst.BaseExpression, targets: tuple[str, ...], key_tests: list,
                               filters: list) -> bool:
    """``for a in prompt.arguments [or []]`` whose tests are ``a.required`` (filters) and a test
    of the mapping at ``a.name``: a check of each declared (required) argument, whatever the
    declarations hold."""
    if isinstance(rows, cst.BooleanOperation) and isinstance(rows.operator, cst.Or) \
            and isinstance(rows.right, (cst.List, cst.Tuple)) and not rows.right.elements:
        rows = rows.left  # `prompt.arguments or []`
    if len(targets) != 1 or not isinstance(rows, cst.Attribute) or rows.attr.value != "arguments":
        return False
    item = targets[0]
    return all(dotted_name(test) == f"{item}.required" for test in filters) and all(
        f"{item}.name" in _dotted_in(test) and _names_in(test) & {item} for test in key_tests)


_SCHEMA_ATTRIBUTES = frozenset({"input_schema", "inputSchema", "schema", "parameters", "json_schema"})


def _checks_schema_required(rows: cst.BaseExpression, targets: tuple[str, ...], key_tests: list,
                            filters: list) -> bool:
    """``for key in entry.tool.input_schema.get("required", [])`` (``tool.inputSchema["required"]``,
    ``schema.get("required") or []``) whose only test looks at the mapping at ``key``: a check of
    each required property of the schema the served tool publishes, whatever object holds it.
    The schema must be read from an attribute or a name spelled as one (``input_schema``,
    ``inputSchema``, ``schema``, ``parameters``): the required list of some other mapping is
    no declaration."""
    if isinstance(rows, cst.BooleanOperation) and isinstance(rows.operator, cst.Or) \
            and isinstance(rows.right, (cst.List, cst.Tuple)) and not rows.right.elements:
        rows = rows.left  # `schema.get("required") or []`
    holder = _required_list_of(rows)
    if holder is None or len(targets) != 1 or filters:
        return False
    spelled = holder.attr.value if isinstance(holder, cst.Attribute) else holder.value if isinstance(holder, cst.Name) else ""
    item = targets[0]
    return spelled in _SCHEMA_ATTRIBUTES and all(
        _names_in(test) & {item} and f"{item}." not in " ".join(_dotted_in(test)) for test in key_tests)


def _required_list_of(rows: cst.BaseExpression) -> cst.BaseExpression | None:
    """The mapping ``X`` of ``X.get("required"[, default])`` or ``X["required"]``, else None."""
    if isinstance(rows, cst.Call) and isinstance(rows.func, cst.Attribute) and rows.func.attr.value == "get" \
            and rows.args and isinstance(rows.args[0].value, cst.SimpleString) \
            and rows.args[0].value.evaluated_value == "required":
        return rows.func.value
    if isinstance(rows, cst.Subscript) and len(rows.slice) == 1 and isinstance(rows.slice[0].slice, cst.Index) \
            and isinstance(rows.slice[0].slice.value, cst.SimpleString) \
            and rows.slice[0].slice.value.evaluated_value == "required":
        return rows.value
    return None


def _judged_by_text(state: State) -> bool:
    """An empty answer of the tool's own call (``if not event:``) is a failure only when the
    returned text says so; a branch that also logs an error says it failed whatever the text."""
    return state.failure == "outcome" and (state.failure_key or "").endswith("[empty]")


def _and_operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _and_operands(test.left) + _and_operands(test.right)
    return [test]


def _merged_present_for(first: State, second: State) -> dict[str, frozenset[str]]:
    """Per requested name, the keys present on every path that name may take to the join."""
    if not first.present_for and not second.present_for:
        return {}
    merged = {}
    for name in first.present_for.keys() | second.present_for.keys():
        sides = [frozenset(side.present) | side.present_for.get(name, frozenset())
                 for side in (first, second) if side.served is None or name in side.served]
        keys = frozenset.intersection(*sides) if sides else frozenset()
        if keys:
            merged[name] = keys
    return merged


def _is_falsy_literal(value: Any) -> bool:
    """An evaluated default that is falsy: None, "", 0, False, an empty container."""
    return isinstance(value, (str, int, float, list, tuple, dict, type(None))) and not value


def _single_assignment(block: cst.BaseSuite) -> tuple[str, cst.BaseExpression] | None:
    """(name, value) of a block that is exactly one ``name = value`` statement."""
    statements = suite_statements(block)
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine) \
            or len(statements[0].body) != 1:
        return None
    small = statements[0].body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target.value, small.value
    return None


def _tests_emptiness_of(test: cst.BaseExpression, name: str) -> bool:
    """``not name``, ``not name.strip()``, ``name is None``, ``name == ""``, ``len(name) == 0``
    and disjunctions of them: true exactly when the value is missing or empty."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _tests_emptiness_of(test.left, name) and _tests_emptiness_of(test.right, name)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _normalises(test.expression, name)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        left = test.left
        if isinstance(left, cst.Call) and dotted_name(left.func) == "len" and len(left.args) == 1:
            return _normalises(left.args[0].value, name) and isinstance(target.operator, cst.Equal) \
                and isinstance(target.comparator, cst.Integer) and target.comparator.value == "0"
        if not _normalises(left, name):
            return False
        if isinstance(target.operator, cst.Is):
            return _is_none(target.comparator)
        return isinstance(target.operator, cst.Equal) and isinstance(target.comparator, cst.SimpleString) \
            and target.comparator.evaluated_value in ("", b"")
    return False


def _normalises(node: cst.BaseExpression, name: str) -> bool:
    """``name`` itself or a chain of string normalisers on it (``name.strip().lower()``)."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args \
            and node.func.attr.value in STR_NORMALISERS:
        node = node.func.value
    return isinstance(node, cst.Name) and node.value == name


def _is_none(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _known_names_only(state: State) -> bool | None:
    """The ``unmatched`` a helper's walk starts with: False when a guard already sent unknown
    names away (``if name not in PROMPTS: raise ...`` before ``render(name, args)``), so the
    helper's own failed lookup of the name cannot serve an unknown one; else None (not known)."""
    return False if state.unmatched is False and state.served else None


def _work_done(state: State, declared: frozenset[str] | None) -> None:
    """The path does work past a test of the name: the fall-through after ``if name == A:
    return ...`` may now serve names the tests did not list, so it is no longer the unmatched
    path. Not where no declared name can be (``served`` is empty: ``if name not in PROMPTS:``
    then ``valid = ", ".join(PROMPTS)`` before the raise): work there is done for unknown
    names only (``declared``: the names the server lists; when it lists none the model may
    just not know them, and the old rule holds)."""
    if declared and state.served is not None and not state.served:
        return
    state.unmatched = state.unmatched and False


def _is_bookkeeping(small: cst.BaseSmallStatement) -> bool:
    """A log line or ``pass``: a statement that does no work for the request."""
    if isinstance(small, cst.Pass):
        return True
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and _is_logging_call(small.value.func)


def _walk_expr(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        kind = type(current)
        if kind in NESTED_SCOPE_TYPES or kind in LEAF_TYPES:  # not isinstance: see NESTED_SCOPE_TYPES
            continue
        stack.extend(fast_children(current, tokens=False))


def _walk_in_order(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Like :func:`_walk_expr`, in source order (left operand first)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if type(current) not in NESTED_SCOPE_TYPES:
            stack.extend(reversed(fast_children(current, tokens=False)))


def _names_in(node: cst.CSTNode) -> set[str]:
    return {n.value for n in _walk_expr(node) if type(n) is cst.Name}  # see module_info.exact_types


def _names_read_in(node: cst.CSTNode) -> set[str]:
    """The names an expression reads (an attribute's own name, ``strip`` of ``v.strip()``, is
    no name read)."""
    attributes = {id(n.attr) for n in _walk_expr(node) if type(n) is cst.Attribute}
    return {n.value for n in _walk_expr(node) if type(n) is cst.Name and id(n) not in attributes}


def _dotted_in(node: cst.CSTNode) -> set[str]:
    return {d for n in _walk_expr(node) if isinstance(n, cst.Attribute) and (d := dotted_name(n))}


def _passes_missing_key(info: ModuleInfo, handler: cst.ExceptHandler) -> bool:
    """``except KeyError: pass``: a clause that catches a missing key and does nothing."""
    return any(name in ("KeyError", "LookupError") for name in handler_catches(info, handler)) \
        and all(isinstance(small, cst.Pass) for statement in suite_statements(handler.body)
                if isinstance(statement, cst.SimpleStatementLine) for small in statement.body) \
        and all(isinstance(statement, cst.SimpleStatementLine) for statement in suite_statements(handler.body))


def _returns_tested_value(node: cst.If) -> bool:
    """``if value: return value`` (``if value is not None: return value.strip()``): the body
    hands back the very value the test looked at, tidied at most by its own methods; what the
    test lets in is the answer, so the test is no guard that rejects it."""
    body = suite_statements(node.body)
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1:
        return False
    returned = body[0].body[0]
    if not isinstance(returned, cst.Return) or returned.value is None:
        return False
    value = returned.value
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        value = value.func.value  # `value.strip().lower()`
    return isinstance(value, cst.Name) and value.value in _names_in(node.test)


def _returns_then_raises(statement: cst.CSTNode, following: list) -> bool:
    """``if test: ...; return value`` (no ``else``) directly followed by a ``raise`` of an
    exception: only what passes ``test`` gets past that raise, as after ``if not test: raise``."""
    if not isinstance(statement, cst.If) or statement.orelse is not None or not following:
        return False
    body = suite_statements(statement.body)
    last = body[-1] if body else None
    if not isinstance(last, cst.SimpleStatementLine) or not any(isinstance(s, cst.Return) for s in last.body):
        return False
    after = following[0]
    return isinstance(after, cst.SimpleStatementLine) and isinstance(after.body[0], cst.Raise) \
        and after.body[0].exc is not None


#: Callees whose name says they fail rather than answer (``abort``, ``sys.exit``, ``fail``,
#: ``raise_missing``, ``invalid_params``, ``require``): a fallback calling one is a rejection
#: spelled as a call, never a substitute value.
_FAILING_WORDS = frozenset({"raise", "raises", "fail", "fails", "failure", "abort", "error", "err", "reject", "missing",
                            "require", "required", "requires", "invalid", "exit", "die", "panic", "throw", "usage",
                            "bad", "complain", "refuse", "deny", "forbid"})
def _failing_callee(name: str) -> bool:
    """Whether a callee's name (``raise_missing``, ``abortRequest``, ``exit``) has a word of
    :data:`_FAILING_WORDS` (words split at ``_`` and lower-to-upper case changes)."""
    words = re.split(r"_+|(?<=[a-z])(?=[A-Z])", name)
    return any(word.lower() in _FAILING_WORDS for word in words)


def _plain_substitute(value: Any) -> bool:
    """A constant that can stand in for an argument: a non-zero number (``MAX_ITEMS``), or a
    word-like text (``"v2.0"``, ``"main"``). Not a verdict (``return False`` of a predicate
    such as ``is_valid_ip``), not the empty answer of a measure (``0``, ``""``), not a
    sentence (``"Error: topic is required"`` reports the missing argument)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return value != 0
    return isinstance(value, str) and bool(value) and not any(ch.isspace() for ch in value)


def _tells_of_failure(node: cst.CSTNode) -> bool:
    """Whether a string literal in ``node`` says something failed (``"topic is required"``,
    ``"Error: ..."``): a value that reports the missing argument, not one standing in for it."""
    for inner in _walk_expr(node):
        if isinstance(inner, (cst.SimpleString, cst.FormattedStringText)):
            text = inner.value.lower()
            if any(word in text for word in _FAILURE_TEXT):
                return True
    return False


#: Words of a message about a failed request (lower case).
_FAILURE_TEXT = ("required", "missing", "error", "invalid", "must ", "please provide", "not provided", "no ")

#: A substitute is an expression, not a program: past this many calls it is not judged.
_MAX_SUBSTITUTE_CALLS = 6


def _constant_like(node: cst.CSTNode) -> bool:
    """A fallback whose value is not known but that computes nothing: a name, an attribute
    or an item of one (``DEFAULT_REGION``, ``settings.region``, ``REGIONS[0]``), no call that
    might raise instead of answering."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return isinstance(node, cst.Name) and node.value != "None"


def _is_emptyish(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Dict) and not node.elements:
        return True
    return isinstance(node, cst.Call) and dotted_name(node.func) == "dict" and not node.args


def _is_string(node: cst.CSTNode) -> bool:
    return isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))


def _mark_exhausted(loop: cst.For | cst.While, state: State) -> None:
    """Past a loop whose every pass returns the work's answer or swallows its failure, only a
    run whose every attempt failed goes on (:mod:`mcplint.model.returns.exhausted`)."""
    kept = exhausted_names(loop)
    if kept is not None and state.failure is None:
        state.failure, state.failure_key = "exhausted", ",".join(sorted(kept))
    elif state.failure is None and polls(loop):  # a wait that ran out: the awaited outcome never came
        state.failure, state.failure_key = "exhausted", POLL_KEY


def _is_logging_call(func: cst.BaseExpression) -> bool:
    """``logger.info(...)``, ``logging.debug(...)``, ``print(...)``: output that is not a prompt."""
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute):
        return False
    base = (dotted_name(func.value) or "").lower()
    return func.attr.value in _LOG_METHODS and ("log" in base or base in ("self", "ctx", "context"))


_LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}

#: Keywords that mark the result a call builds as a failure when given ``True``
#: (``CallToolResult(..., is_error=True)``, a project helper's ``reply(text, failed=True)``).
_FAILURE_FLAGS = frozenset({"is_error", "isError", "error", "failed", "failure"})


def _builds_error(node: cst.Call) -> bool:
    """``ErrorData(code=INVALID_PARAMS, message=f"unknown team {team!r}")``, ``ToolError(...)``
    built without a ``raise`` (returned, or handed on), ``reply(text, failed=True)``: the text
    goes to the client as the error's, where the value as sent is the right thing to quote, not
    into the rendered message (a ``raise`` is muted where it is walked)."""
    name = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
    if name == "ErrorData" or (name[:1].isupper() and name.endswith(("Error", "Exception"))):
        return True
    return any(arg.keyword is not None and arg.keyword.value in _FAILURE_FLAGS
               and dotted_name(arg.value) == "True" for arg in node.args)


def _is_text_building(node: cst.BinaryOperation) -> bool:
    return isinstance(node.operator, (cst.Add, cst.Modulo)) and (_is_string(node.left) or _is_string(node.right))


def _is_url_text(value: cst.FormattedString) -> bool:
    """Whether an f-string's literal text makes it a URL or a URL path (``"://"``, or a part
    that starts with ``/`` and a path segment, ``/users/``): what ``x.get(url)`` is handed then
    is a request's address."""
    texts = [part.value for part in value.parts if isinstance(part, cst.FormattedStringText)]
    return any("://" in text or (text.startswith("/") and text[1:2].isalnum()) for text in texts)


def _used_only_as_key(function: cst.FunctionDef, name: str, modules: set[str]) -> bool:
    """Whether every use of the local ``name`` in ``function`` (nested scopes included) indexes
    a table: ``T[name]`` (read or written), ``name in T``, ``T.get(name)`` / ``T.pop(name)``
    on a table that is no imported name (``requests.get(url)`` is a request)."""
    uses, keys = memo_by_node(_KEY_USES, function, lambda: _count_key_uses(function, modules),
                              extra=frozenset(modules)).get(name, (0, 0))
    return uses > 1 and uses == keys + 1  # the assignment itself, and every other use a key


_KEY_USES: dict = {}  # memo of _count_key_uses, by function: one walk however many f-strings it binds


def _count_key_uses(function: cst.FunctionDef, modules: set[str]) -> dict[str, tuple[int, int]]:
    """``{local: (uses, uses as a table key)}`` over ``function``'s body (see
    :func:`_used_only_as_key`)."""
    counts: dict[str, list[int]] = {}
    for node in walk(function.body):
        if type(node) is cst.Name:
            counts.setdefault(node.value, [0, 0])[0] += 1
            continue
        key = None
        if isinstance(node, cst.SubscriptElement) and isinstance(node.slice, cst.Index):
            key = node.slice.value
        elif isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
                and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn)):
            key = node.left
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in ("get", "pop") \
                and node.args and (dotted_name(node.func.value) or "").partition(".")[0] not in modules:
            key = node.args[0].value
        if type(key) is cst.Name:
            counts.setdefault(key.value, [0, 0])[1] += 1
    return {local: (uses, keys) for local, (uses, keys) in counts.items()}


def _call_bindings(function: cst.FunctionDef, call: cst.Call) -> dict[str, Any] | None:
    """``{parameter: argument expression}`` of ``call`` to ``function`` (the instance bound to
    ``self``/``cls`` first for a method called through an attribute); None past a splat, where
    which parameter gets what is not known, or when the call does not fit the signature."""
    if any(arg.star for arg in call.args):
        return None
    params = function.params.posonly_params or function.params.params
    takes_self = isinstance(call.func, cst.Attribute) and params and params[0].name.value in ("self", "cls")
    return bind_arguments(function, ([UNKNOWN] if takes_self else []) + [a.value for a in call.args if a.keyword is None],
                          {a.keyword.value: a.value for a in call.args if a.keyword is not None})


def _receiving_parameter(function: cst.FunctionDef, call: cst.Call, handed: cst.BaseExpression) -> str | None:
    """The parameter of ``function`` that ``call`` binds the expression ``handed`` to, or None."""
    return next((name for name, passed in (_call_bindings(function, call) or {}).items() if passed is handed), None)


#: Methods that put values into a container (a list, set, dict or deque built to be returned).
_CONTAINER_FILLS = frozenset({"append", "appendleft", "add", "extend", "insert", "update", "setdefault"})


_NAME_COUNTS: dict = {}  # memo of _name_counts, by function


def unread_local(function: cst.FunctionDef, name: str) -> bool:
    """Whether the bare name ``name`` occurs exactly once in ``function`` (nested scopes
    included): bound there and never read again (``ident = quote_ident(table)`` whose ``ident``
    nothing uses). Memoised per function."""
    return _name_counts(function)[name] == 1


def returns_form_of_handed(function: cst.FunctionDef, call: cst.Call, handed: cst.BaseExpression) -> bool:
    """Whether the project function ``function``, called by ``call`` with the expression
    ``handed``, hands back a value computed from it (``return '"' + name.replace('"', '""') +
    '"'``, ``return re.escape(term)``) and is no predicate: its result is a form of ``handed``.
    See :func:`_returns_a_form_of`."""
    return _returns_a_form_of(function, _receiving_parameter(function, call, handed))


def _name_counts(function: cst.FunctionDef) -> Counter:
    """How often each bare name occurs in ``function`` (bound or read, nested scopes included),
    counted once per function: :meth:`HandlerWalker._unused_form_result` asks it for each
    helper call it judges."""
    return memo_by_node(_NAME_COUNTS, function, lambda: Counter(
        node.value for node in walk(function) if type(node) is cst.Name), limit=256)


def _is_setting(node: cst.BaseExpression) -> bool:
    """A literal or a constant's name (``300``, ``"|"``, ``MAX_WIDTH``): a setting handed
    beside the value a form is made of, not other data the call works on."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.UnaryOperation):
        return _is_setting(node.expression)
    name = dotted_name(node) or ""
    last = name.rsplit(".", 1)[-1]
    return last in ("True", "False", "None") or (last.isupper() and bool(last))


def _returns_a_form_of(function: cst.FunctionDef, parameter: str | None) -> bool:
    """Whether ``function`` hands back a value computed from ``parameter`` (``return
    value.strip()``, ``return LEVELS[level]``, ``return Mode(value)``), following its own
    assignments and loops, and otherwise only constants (``return []``). A checker that
    returns something else of the value (``for dimension, units in FACTORS.items(): if unit
    in units: return dimension``) or nothing at all returns no form of it: its result is not
    the validated value."""
    if parameter is None or is_predicate(function):
        return False  # `is_safe(q)` answers yes or no: a verdict on the value, no form of it
    sources = _value_sources(function)
    reached = [_reached_names(node.value, sources) for node in _walk_expr(function.body)
               if type(node) is cst.Return and node.value is not None]
    # `return []` / `return DEFAULT` beside `return [v.strip() for v in value]` is a fallback
    # form; a return computed from other names only (`return dimension`) is other data
    return any(parameter in names for names in reached) and all(
        parameter in names or all(name.isupper() or name in ("None", "True", "False") for name in names)
        for names in reached)


def _tuple_form_positions(function: cst.FunctionDef, parameter: str | None) -> set[int]:
    """The positions of the tuple ``function`` returns that hold a value computed from
    ``parameter`` (``return text, hits`` after ``text, n = PATTERN.subn("***", text)``: 0),
    the same in every ``return`` of a tuple; empty when it returns anything else too."""
    if parameter is None or is_predicate(function):
        return set()
    returned = [node.value for node in _walk_expr(function.body) if type(node) is cst.Return]
    if not returned or not all(type(value) is cst.Tuple for value in returned):
        return set()
    sources = _value_sources(function)
    positions = None
    for value in returned:
        here = {i for i, element in enumerate(value.elements) if parameter in _reached_names(element.value, sources)}
        positions = here if positions is None else positions & here
    return positions or set()


def _value_sources(function: cst.FunctionDef) -> dict[str, set[str]]:
    """Each local of ``function`` -> the names its bindings read (assignments, augmented
    assignments, loop targets, containers it fills)."""
    sources: dict[str, set[str]] = {}
    for node in _walk_expr(function.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                for name in _names_in(target.target):
                    sources.setdefault(name, set()).update(_names_in(node.value))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) and node.value is not None:
            for name in _names_in(node.target):
                sources.setdefault(name, set()).update(_names_in(node.value) | {name})
        elif isinstance(node, cst.For):
            for name in _names_in(node.target):
                sources.setdefault(name, set()).update(_names_in(node.iter))
        elif type(node) is cst.Call and type(node.func) is cst.Attribute and type(node.func.value) is cst.Name \
                and node.func.attr.value in _CONTAINER_FILLS:
            # `chosen.append(name)`: the list returned holds what was put into it
            sources.setdefault(node.func.value.value, set()).update(*(_names_in(a.value) for a in node.args))
    return sources


def _reached_names(node: cst.BaseExpression, sources: dict[str, set[str]]) -> set[str]:
    """The names ``node`` mentions and, through ``sources`` (local -> names its bindings
    read), every name those were computed from."""
    reached, pending = set(), list(_names_in(node))
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending.extend(sources.get(name, ()))
    return reached


def _normalised_parameter(function: cst.FunctionDef) -> str | None:
    """The parameter of a one-parameter function whose body is (a docstring and) ``return``
    of that parameter through string normalisers only (``value.strip().lower()``), else None."""
    params = function.params
    if len(params.params) != 1 or params.posonly_params or params.kwonly_params \
            or isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None \
            or not isinstance(function.body, cst.IndentedBlock):
        return None
    name = params.params[0].name.value
    statements = [s for s in function.body.body if not _is_docstring(s)]
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
        return None
    [small] = statements[0].body if len(statements[0].body) == 1 else [None]
    node = small.value if isinstance(small, cst.Return) else None
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in STR_NORMALISERS and not node.args:
        node = node.func.value
    return name if isinstance(node, cst.Name) and node.value == name else None


#: Text methods that tidy a value without making other data of it (``raw.replace(" ", "")``).
_TEXT_TIDIERS = STR_NORMALISERS | {"replace"}


def _tidies_or_refuses(function: cst.FunctionDef, parameter: str | None) -> bool:
    """Whether every ``return`` of ``function`` is ``None`` (a value it refuses) or ``parameter``
    through text tidiers only, directly or by a local bound only so (``cleaned =
    value.strip().upper()``), with at least one of each."""
    if parameter is None:
        return False
    tidied = {parameter}
    for node in _walk_expr(function.body):
        if type(node) is cst.Assign and len(node.targets) == 1 and type(node.targets[0].target) is cst.Name:
            name = node.targets[0].target.value
            if name != parameter and _tidied_name(node.value) in tidied:
                tidied.add(name)
    for name in tidied - {parameter}:  # a local also bound to other data is no tidied value
        if any(type(n) is cst.Assign and any(type(t.target) is cst.Name and t.target.value == name for t in n.targets)
               and _tidied_name(n.value) not in tidied for n in _walk_expr(function.body)):
            return False
    returned = [node.value for node in _walk_expr(function.body) if type(node) is cst.Return]
    refused = [value for value in returned if value is None or (type(value) is cst.Name and value.value == "None")]
    kept = [value for value in returned if value is not None and not (type(value) is cst.Name and value.value == "None")]
    return bool(refused) and bool(kept) and all(_tidied_name(value) in tidied for value in kept)


def _tidied_name(node: cst.BaseExpression) -> str | None:
    """The name under a chain of text tidiers (``v.strip().replace(" ", "")`` -> ``v``) whose
    arguments are constants only, else None."""
    while type(node) is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in _TEXT_TIDIERS \
            and all(type(arg.value) is cst.SimpleString and not arg.star for arg in node.args):
        node = node.func.value
    return node.value if type(node) is cst.Name else None


def _is_docstring(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.SimpleString)


def _normalise_text(text: str, function: cst.FunctionDef) -> str:
    """``text`` through the normalisers ``function`` returns (see :func:`_normalised_parameter`)."""
    calls = []
    node = next(s.body[0].value for s in function.body.body if not _is_docstring(s))
    while isinstance(node, cst.Call):
        calls.append(node.func.attr.value)
        node = node.func.value
    for method in reversed(calls):
        text = getattr(text, method)()
    return text


def _cast_operand(info: ModuleInfo, call: cst.Call) -> cst.BaseExpression | None:
    """The value of ``typing.cast(T, value)`` (``cast("dict[str, str]", args)`` too): cast
    returns its second argument unchanged (CPython ``Lib/typing.py``), so it is that value."""
    if len(call.args) != 2 or any(arg.star for arg in call.args) \
            or info.qualify(call.func) not in ("typing.cast", "typing_extensions.cast"):
        return None
    value = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "val"), call.args[1])
    return value.value


@dataclass(frozen=True)
class _PerServed:
    """A default that a table keyed by the requested name supplies for ``served`` names only."""

    value: Any
    served: frozenset[str]


@dataclass(frozen=True)
class _AnyKey:
    """A local dict (``defaultdict(str)``) that answers ``value`` for every key it lacks."""

    value: Any


def _flattened(test: cst.BaseExpression, operator: type) -> list[cst.BaseExpression]:
    """The operands of a chain of one boolean operator (``a or b or c``), parentheses dropped."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, operator):
        return _flattened(test.left, operator) + _flattened(test.right, operator)
    return [test]


def _row_key(row: Any) -> str | None:
    """The argument name a loop row stands for: the key itself, or a declaration's ``name``."""
    if isinstance(row, str):
        return row
    name = row.get("name") if isinstance(row, ObjectValue) else None
    return name if isinstance(name, str) else None


def _iterated(value: Any) -> Any:
    """What a ``for`` over an evaluated value goes through: a dict's keys (``for key in
    Model.model_fields``), else the value itself."""
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return list(value)
    return value


def _is_generator(function: cst.FunctionDef) -> bool:
    """Whether ``function`` yields (its own body, not a nested scope's): a generator's end is no
    ``return None`` answer."""
    return any(isinstance(node, cst.Yield) for node in walk(function.body, into_nested_scopes=False))
