"""Where argument values go: sinks that select a resource, truth tests, presence-only checks.

Built on demand for MCP302-MCP304 by re-walking each handler with a subclass of
:class:`mcplint.model.flow.HandlerWalker`, so flow's value tracking (reads, aliases, guards,
branch merges) is reused while the facts of the shared model stay untouched. The re-walk
also covers ``@mcp.tool`` functions of the FastMCP family, whose parameters are the tool's
arguments (they are not handlers of the shared model).

Values are tracked conservatively: a value passed through a function mcplint does not know
(``secure_filename(x)``, ``int(x)``, ``ALLOWED[x]``) is no longer the argument's value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

import libcst as cst

from mcplint.model.tested_locals import tested_only_after
from mcplint.model.derived_forms import is_library_form, is_predicate, returns_record
from mcplint.model.evaluate import UNKNOWN, Evaluator
from mcplint.model.facts import Declaration, FileModel, HandlerModel, ServerModel
from mcplint.model.flow import (HandlerSpec, HandlerWalker, HelperView, State, Val, STR_NORMALISERS,
                                returns_form_of_handed, unread_local)
from mcplint.model.template_sites import binds_locally, constant_text
from mcplint.model.module_info import (ModuleInfo, build_module_info, contains, dotted_name, functions_defined_in,
                                       literal_value, memo_by_node, names_in, suite_statements, walk)

# pseudo-variable in State.values: the key's value was measured against a base the caller chose
# (its Val: that base's key, at the containment test), see ValueWalker._caller_chosen_base
_CHOSEN_BASE = "\0chosen-base:"
_CONSTRAINED = "\0constrained:"  # pseudo-variable in State.values: the key's value is constrained
# pseudo-variable in State.values: the local named after it holds a validated copy of the whole
# mapping (`checked = validate_params(arguments, Schema)`, see ValueWalker._note_validated_copy)
_COPY = "\0validated-copy:"
_FORM = "\0checked-form:"  # pseudo-variable in State.values: a local holds a checked form of the key
# pseudo-variable in State.values: the cursor, result or row local named after it comes from a
# parameterised query that looked the key's value up (see ValueWalker._note_db_lookup)
_LOOKUP = "\0db-lookup:"
# methods that send a query with its parameters (DB-API `execute`, asyncpg's fetch family, which
# take the parameters as further positional arguments) and methods that read its rows back
_QUERY_CALLS = frozenset({"execute", "fetch", "fetchrow", "fetchval"})
_ROW_READS = frozenset({"fetchone", "fetchall", "fetchmany", "first", "one_or_none", "scalar",
                        "scalar_one_or_none"})


@dataclass
class TaintVal(Val):
    """A :class:`Val` built from an argument: ``derived`` by string or path building from it
    (``f"{base}/{name}"``, ``Path(name)``, ``os.path.join``), ``constrained`` by a check that
    limits it (allowed set, containment, regex), ``path`` when it is a ``pathlib`` object,
    ``leading`` when the argument starts the built string (it controls scheme and host of a
    URL), ``template`` the literal text around it."""

    derived: bool = False
    constrained: bool = False
    path: bool = False
    leading: bool = True
    template: str = ""
    origin: cst.CSTNode | None = None  # the expression that brought the argument into a built value


@dataclass
class SinkSite:
    """An argument value reaching a call that selects a resource.

    ``kind``: ``path`` (open, pathlib reads, os/shutil file calls, pandas readers), ``url``
    (httpx/requests/urllib/aiohttp), ``sql`` (``execute`` of SQL built from the value),
    ``shell`` (``os.system``, ``shell=True``) or ``mapping`` (the whole raw arguments mapping
    sent in a request although ``validated_copy`` holds a validated copy of it; ``key`` is
    empty). ``call`` names the sink for messages.
    """

    node: cst.Call
    kind: str
    call: str
    key: str
    derived: bool
    served: frozenset[str] | None
    validated_copy: str | None = None  # kind ``mapping``: the local holding the validated copy
    # where to report: the argument's place in text built inside the call's own arguments
    # (`query(f"""SELECT ... LIKE '%{name}%'""")` spans lines; the fault is the interpolation)
    site: cst.CSTNode | None = None
    # the handler's call that led to a sink inside a helper it handed the value to (or None)
    via: cst.CSTNode | None = None
    # where the argument entered the built text (None when the raw value reaches the sink):
    # one text built once and run at several sinks is one fault
    origin: cst.CSTNode | None = None
    # a local holding a checked form of the argument that the sink ignores
    # (`clean = sanitize(q)` then `q` itself in the SQL): its name and assignment
    checked_form: tuple[str, cst.CSTNode] | None = None
    # a containment test of the value against a base the caller chose (`p.is_relative_to(root)`
    # with `root` an unchecked argument): that argument's name and the test
    chosen_base: tuple[str, cst.CSTNode] | None = None


@dataclass
class TruthTest:
    """An argument value used as a boolean: ``kind`` is ``truth`` (``if x:``, ``not x``,
    ``x and ...`` in a test), ``compare-bool`` (``x == True``, ``x is False``) or ``bool-call``."""

    node: cst.CSTNode
    kind: str
    key: str
    value: Val
    served: frozenset[str] | None


@dataclass
class PresenceTest:
    """``"k" in args``, ``args.get("k") is None``... : a test that accepts ``""``."""

    node: cst.CSTNode
    key: str
    served: frozenset[str] | None


@dataclass
class HandlerValues:
    """The value facts of one handler (or FastMCP tool function).

    ``checks`` maps a key to the tests that look at its value beyond presence (truthiness,
    ``len``, comparisons, a call that may reject it), each with the prompts its branch
    serves; ``uses`` to the places its value is used; ``opaque`` is true when the mapping went to code mcplint cannot follow.
    """

    server: ServerModel
    handler: HandlerModel
    parameters: dict[str, cst.Param] = field(default_factory=dict)
    sinks: list[SinkSite] = field(default_factory=list)
    truth_tests: list[TruthTest] = field(default_factory=list)
    presence_tests: list[PresenceTest] = field(default_factory=list)
    checks: dict[str, list[tuple[cst.CSTNode, frozenset[str] | None]]] = field(default_factory=dict)
    uses: dict[str, list[tuple[cst.CSTNode, frozenset[str] | None]]] = field(default_factory=dict)
    binding_reads: set[int] = field(default_factory=set)  # ids of reads bound straight to a name
    opaque: bool = False


def overlaps(first: frozenset[str] | None, second: frozenset[str] | None) -> bool:
    """Whether two ``served`` sets may name the same prompt (None: every prompt)."""
    return first is None or second is None or bool(first & second)


def handler_values(model: FileModel) -> list[HandlerValues]:
    """The value facts of every handler of ``model`` (computed once per model)."""
    cached = model.__dict__.get("_handler_values")
    if cached is None:
        cached = list(_compute(model))
        model.__dict__["_handler_values"] = cached
    return cached


def _compute(model: FileModel) -> Iterator[HandlerValues]:
    info = model.info if isinstance(model.info, ModuleInfo) else build_module_info(model.module)
    evaluator = Evaluator(info)
    client_constants = _client_constants(info)
    for server in model.servers:
        for handler in server.handlers:
            if handler.kind == "tool" and not _may_reach_sink(info, handler.function, client_constants):
                continue  # only MCP302 judges tools: skip walking big dispatchers with no sink at all
            spec = _spec_for(info, evaluator, server, handler)
            if spec is not None:
                yield _walk(info, evaluator, server, handler, spec)
        for function in _tool_functions(server):
            yield _walk_tool(info, evaluator, server, function)


_SINK_TEXT = re.compile(r"\b(?:params|json|data)\s*=\s*\w|\b(?:SELECT|INSERT|UPDATE|DELETE)\b|"
                        r"\b(?:select|insert|update|delete)\s[^\n]*\b(?:from|into|set)\b|\bopen\(|\bPath\b|\bos\.|\bshutil\.|\.read_\w+\(|\bhttpx\b|\brequests\.\w+\(|urlopen|"
                        r"\baiohttp\b|\bsubprocess\b|\.system\(|popen\(|\.\w*(?:query|execute|sql|exec)\w*\(|\.(?:raw|open|"
                        r"iterdir|unlink|glob|rglob|write_\w+)\(|\bjson\.load\(|\bpandas\b|\bpd\.|"
                        r"\.(?:search|search_s|search_st|search_ext|search_ext_s|paged_search|add_header|replace_header)\(|"
                        r"\[\s*[\"'](?:[Tt]o|[Cc]c|[Bb]cc|[Ff]rom|[Rr]eply-[Tt]o|[Ss]ender)[\"']\s*\]\s*=[^=]")


_CALLED = re.compile(r"([A-Za-z_][\w.]*)\s*\(")
_MAX_SINK_TEXT_DEPTH = 3


def _may_reach_sink(info: ModuleInfo, function: cst.FunctionDef, clients: set[str], depth: int = 0) -> bool:
    """A cheap text test: could this function, or a project function it calls by name (at
    any module, a few calls deep), call any sink at all? Memoised per function."""
    memo = info.__dict__.setdefault("_may_reach_sink", {})
    known = memo.get(id(function))
    if known is not None and known[0] is function:
        return known[1]
    memo[id(function)] = (function, False)  # a call cycle adds nothing
    text = _function_text(function)
    found = bool(_SINK_TEXT.search(text)) or any(f"{name}." in text for name in clients)
    if not found and depth < _MAX_SINK_TEXT_DEPTH:
        for called in set(_CALLED.findall(text)) | _table_entries(info, text):
            callee = info.functions.get(called) or info.functions.get(called.rsplit(".", 1)[-1])
            callees = [callee] if callee is not None else _methods_named(info, called.rsplit(".", 1)[-1])
            if any(c is not function and _may_reach_sink(info, c, clients, depth + 1) for c in callees):
                found = True
                break
    memo[id(function)] = (function, found)
    return found


_WORD = re.compile(r"\b[A-Za-z_]\w*\b")


def _table_entries(info: ModuleInfo, text: str) -> set[str]:
    """The names held by module-level tables that ``text`` mentions (``DISPATCH = {"count_rows":
    count_rows}`` looked up as ``DISPATCH.get(name)``): the functions a dispatch may call."""
    names: set[str] = set()
    for word in set(_WORD.findall(text)):
        # a table bound in this module, or one imported by a constant's name (loading another
        # module for every local name the text mentions would parse the project)
        table = info.constants.get(word) if word.isupper() else dict.get(info.constants, word)
        if isinstance(table, (cst.Dict, cst.List, cst.Tuple, cst.Set)):
            names.update(dotted_name(node) or "" for node in walk(table, into_nested_scopes=False)
                         if isinstance(node, (cst.Name, cst.Attribute)))
    names.discard("")
    return names


def _methods_named(info: ModuleInfo, name: str) -> list[cst.FunctionDef]:
    """The methods called ``name`` of the project classes bound in ``info``
    (``HANDLERS[name].handle(...)`` on a table of instances). Indexed once per module state."""
    state = (info.__dict__.get("bindings_generation", 0), len(info.classes))
    memo = info.__dict__.get("_methods_by_name")
    if memo is None or memo[0] != state:
        index: dict[str, list[cst.FunctionDef]] = {}
        for cls in {id(c): c for c in dict.values(info.classes)}.values():
            body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
            for statement in body:
                if isinstance(statement, cst.FunctionDef):
                    index.setdefault(statement.name.value, []).append(statement)
        memo = info.__dict__["_methods_by_name"] = (state, index)
    return memo[1].get(name, [])


def _function_text(function: cst.FunctionDef) -> str:
    """The source text of ``function`` (its own module's code generator: it may live in
    another project module)."""
    return cst.Module(body=[function]).code


def _spec_for(info, evaluator, server: ServerModel, handler: HandlerModel) -> HandlerSpec | None:
    """The walk's view of a handler: which names are the mapping, the name, the parameters."""
    from mcplint.model.build import lowlevel_spec, signature_arguments
    if handler.style == "signature":
        _, params = signature_arguments(evaluator, handler.function)
        return HandlerSpec(parameters=dict(list(params.items())[handler.bound_parameters:]))
    declarations = handler.declarations or []
    if declarations and declarations[0].style == "subclass":
        params = [p.name.value for p in handler.function.params.params]
        return HandlerSpec(mapping_names={params[1]: True} if len(params) >= 2 else {})
    if not server.stack.is_lowlevel:
        return None
    v2 = server.stack.value == "mcp2-lowlevel"
    return lowlevel_spec(handler.function, v2, may_be_none=(handler.kind == "prompt" or v2),
                          bound=handler.bound_parameters, info=info)


def _walk(info, evaluator, server, handler: HandlerModel, spec: HandlerSpec) -> HandlerValues:
    shadow = HandlerModel(kind=handler.kind, function=handler.function, style=handler.style,
                          declarations=handler.declarations,
                          framework_checks_required=handler.framework_checks_required)
    values = HandlerValues(server=server, handler=handler, parameters=dict(spec.parameters))
    walker = ValueWalker(info, evaluator, shadow, spec, values)
    walker.run()
    values.opaque = values.opaque or shadow.escaped
    return values


# -- FastMCP tool functions ------------------------------------------------------------------
def _tool_functions(server: ServerModel) -> Iterator[cst.FunctionDef]:
    """The tool functions the model registered on a FastMCP-family server (any form)."""
    if server.stack.is_lowlevel:
        return
    seen: set[int] = set()
    for tool in server.signature_tools:
        if id(tool.function) not in seen:
            seen.add(id(tool.function))
            yield tool.function


def _walk_tool(info, evaluator, server, function: cst.FunctionDef) -> HandlerValues:
    from mcplint.model.build import signature_arguments
    arguments, params = signature_arguments(evaluator, function)
    strings = {name: param for name, param in params.items() if may_hold_text(param)}
    declaration = Declaration(kind="tool", name=function.name.value, arguments=arguments, node=function,
                              style="signature")
    handler = HandlerModel(kind="tool", function=function, style="signature", declarations=[declaration],
                           framework_checks_required=True)
    return _walk(info, evaluator, server, handler, HandlerSpec(parameters=strings))


def may_hold_text(param: cst.Param) -> bool:
    """A tool parameter whose value is free text: ``str``, ``Path``, unannotated, Optional of them.

    ``Literal``/enum/number types and ``Annotated[str, Field(pattern=...)]`` are constrained
    by the framework's validation, so they are not tracked.
    """
    if param.annotation is None:
        return True
    annotation = param.annotation.annotation
    names = {n.value for n in walk(annotation, into_nested_scopes=False) if isinstance(n, cst.Name)}
    if names & {"Literal", "Enum", "pattern", "StrEnum"} or any(
            isinstance(n, cst.Arg) and n.keyword is not None and n.keyword.value in ("pattern", "regex")
            for n in walk(annotation, into_nested_scopes=False)):
        return False
    return any(_is_text_type(member) for member in _union_members(annotation))


def _union_members(annotation: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The types a parameter annotation allows: the members of ``A | B``, ``Optional[A]``,
    ``Union[A, B]``, the type of ``Annotated[A, ...]``."""
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        yield from _union_members(annotation.left)
        yield from _union_members(annotation.right)
        return
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        elements = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
        if head in ("Optional", "Union"):
            for element in elements:
                yield from _union_members(element)
            return
        if head == "Annotated" and elements:
            yield from _union_members(elements[0])
            return
    yield annotation


def _is_text_type(annotation: cst.BaseExpression) -> bool:
    """``str``, ``Path`` (any module's), a string annotation of either."""
    if isinstance(annotation, cst.SimpleString):
        return (literal_value(annotation) or "").strip() in ("str", "Path", "pathlib.Path")
    return (dotted_name(annotation) or "").rsplit(".", 1)[-1] in ("str", "Path")


# -- the walker ------------------------------------------------------------------------------
_PATH_CTORS = {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.WindowsPath", "Path",
               "anyio.Path", "aiopath.AsyncPath", "trio.Path"}
_OS_PATH_BUILDERS = {"os.path.join", "os.path.abspath", "os.path.normpath", "os.path.realpath",
                     "os.path.expanduser", "os.path.expandvars", "posixpath.join", "str", "os.fspath"}
_PATH_METHODS = {"resolve", "absolute", "expanduser", "joinpath", "with_suffix", "with_name", "with_stem"}
_PATH_SINK_METHODS = {"read_text", "read_bytes", "open", "write_text", "write_bytes", "unlink", "iterdir",
                      "rmdir", "touch", "mkdir", "glob", "rglob"}
_PATH_SINK_CALLS = {"open", "builtins.open", "io.open", "codecs.open", "aiofiles.open", "os.remove", "os.unlink",
                    "os.listdir", "os.scandir", "os.rmdir", "os.walk", "shutil.rmtree", "shutil.copy",
                    "shutil.copyfile", "shutil.copy2", "shutil.move"}
# methods that write a table or figure to the file named by their first argument (pandas
# ``DataFrame.to_csv(path_or_buf)``, polars ``write_csv(file)``, matplotlib ``savefig(fname)``)
_FILE_WRITER_METHODS = {"to_csv", "to_excel", "to_parquet", "to_pickle", "to_feather", "to_hdf", "to_stata",
                        "to_orc", "write_csv", "write_parquet", "write_excel", "write_ipc", "write_ndjson",
                        "write_avro", "savefig"}
_FILE_WRITER_KEYWORDS = ("path_or_buf", "path", "excel_writer", "file", "fname")
_URL_CALLS = {f"{lib}.{m}" for lib in ("httpx", "requests") for m in
              ("get", "post", "put", "patch", "delete", "head", "request", "stream")} | {
    "urllib.request.urlopen", "urllib.request.Request", "urllib.request.urlretrieve"}
_CLIENT_CTORS = {"httpx.Client", "httpx.AsyncClient", "requests.Session", "requests.session",
                 "aiohttp.ClientSession"}
_HTTP_METHODS = {"get", "post", "put", "patch", "delete", "head", "request", "stream"}
_SHELL_CALLS = {"os.system", "os.popen", "asyncio.create_subprocess_shell", "subprocess.getoutput",
                "subprocess.getstatusoutput"}
_SUBPROCESS_CALLS = {"subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output",
                     "subprocess.Popen"}
_EXEC_CALLS = {"asyncio.create_subprocess_exec", "os.execvp", "os.execv", "os.spawnvp"}
# arguments that are a command line's arguments by design (`args`, `flags`, `options`)
_ARGV_KEYS = re.compile(r"^(?:args|argv|arguments|flags|options|opts|extra_args)$", re.I)
# calls that read a text argument as a regular expression or a glob pattern, with its position:
# `*`, `[0-9]` or `.*` in a value the code escaped and then did not use matches more than was named
_PATTERN_CALLS = {**{f"re.{name}": 0 for name in ("compile", "match", "fullmatch", "search", "findall", "finditer",
                                                  "sub", "subn", "split")},
                  "glob.glob": 0, "glob.iglob": 0, "fnmatch.fnmatch": 1, "fnmatch.fnmatchcase": 1,
                  "fnmatch.filter": 1}
_GLOB_METHODS = {"glob", "rglob"}
# the normalised path a containment check should have measured: made and left unused, the
# raw path (`base/../x` passes `startswith(BASE)`) is the one opened
_PATH_NORMALISERS = {"os.path.realpath", "os.path.normpath", "os.path.abspath"}
_SQL_METHODS = {"execute", "executemany", "executescript", "exec_driver_sql", "query", "sql", "raw"}
_SQL_WORDS = re.compile(r"\b(select|insert|update|delete|from|where|drop|create|alter|describe|show|pragma|"
                        r"table|values|order by|limit)\b", re.I)
# SQL text beyond doubt, for calls that are not known SQL methods (`client.query_json_rows(f"SELECT
# ... LIKE '%{x}%'")`): upper-case statement keywords, or a lower-case statement with its clause.
_SQL_STATEMENT = re.compile(r"\bSELECT\b[\s\S]+?\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b")
_SQL_STATEMENT_LOWER = re.compile(r"\bselect\s[\s\S]+?\bfrom\s+[\w.\"`]+[\s\S]*?\bwhere\b|\binsert\s+into\s+[\w.\"`]+"
                                  r"[\s\S]*?\bvalues\b|\bdelete\s+from\s+[\w.\"`]+\s+where\b|"
                                  r"\bupdate\s+[\w.\"`]+\s+set\s+\w+\s*=")
# SQL utility and definition statements, upper case (`SHOW CREATE TABLE {db}.{table}`), for
# methods named for queries (`query_one`), whose text is otherwise judged as a statement
_SQL_COMMAND = re.compile(r"\b(?:SHOW|DESCRIBE|DROP|CREATE|ALTER|TRUNCATE|GRANT|REVOKE|USE)\s+(?:\w+\s+)?"
                          r"(?:TABLES?|DATABASES?|SCHEMAS?|USER|VIEW|INDEX|STREAMS?|COLUMNS|FROM|EXTERNAL|"
                          r"MATERIALIZED)\b|\bUSE\s+\S")
# a method named for running a query: a word of its name (`query_one`, `run_query`, `_query`)
_QUERY_METHOD = re.compile(r"(?:^|_)(?:query|execute|exec|sql|statement|command|cypher|graphql|gql)(?:$|_)", re.I)
_GRAPHQL = re.compile(r"\s*(?:query|mutation|subscription)\b[^{}]*\{", re.S)
_VALIDATOR_NAME = re.compile(r"valid|check|ensure|verify|assert|saniti|require|allow|safe|guard|permit", re.I)
_QUERY_KEYS = re.compile(r"sql|query|statement|stmt|cypher|command|cmd|script|expression", re.I)
# built text that is a URL: an absolute one, or a path (`/v1/accounts/{name}`, `{BASE}/items/{id}`)
_URL_TEMPLATE = re.compile(r"\s?/[\w{ ]|[a-z][\w+.-]*://")
# arguments that name the URL path they are: a tool forwarding an API path does so by design
_PATH_KEYS = re.compile(r"path|endpoint|route|url|uri", re.I)
# tests of what a path names on disk (`target.is_file()`): any path outside the base passes them too
# tests that measure a path or text against a base: they limit it only when the base is fixed
_CONTAINMENT_TESTS = frozenset({"is_relative_to", "startswith"})
_MAIL_HEADERS = frozenset({"to", "cc", "bcc", "from", "reply-to", "sender", "return-path"})
_LDAP_SEARCH_METHODS = frozenset({"search", "search_s", "search_st", "search_ext", "search_ext_s", "paged_search"})
#: an LDAP filter item: `(cn=`, `(mail~=`, `(&(`, `(|(`
_LDAP_FILTER = re.compile(r"\(\s*[A-Za-z][\w.;-]*\s*[~<>]?=|\(\s*[&|!]\s*\(")
_EXISTENCE_PROBES = frozenset({"is_file", "is_dir", "is_symlink", "is_mount", "is_socket", "is_fifo",
                               "is_block_device", "is_char_device", "is_junction", "is_absolute"})
_BOOL_CALLS = {"bool"}
_NEUTRAL_CALLS = {"TextContent", "PromptMessage", "UserMessage", "AssistantMessage", "Message",
                  "GetPromptResult", "str", "print", "repr", "format", "append", "extend", "join",
                  "debug", "info", "warning", "warn", "error", "exception", "critical", "log"}  # output, not checks


class ValueWalker(HandlerWalker):
    """The flow walker, extended to follow values into sinks, truth tests and presence tests."""

    def __init__(self, info, evaluator, handler, spec, values: HandlerValues) -> None:
        super().__init__(info, evaluator, handler, spec)
        self._start_tracking(values, handler.function)

    def _start_tracking(self, values: HandlerValues, function: cst.FunctionDef | None) -> None:
        """The value-tracking state of a walk of ``function`` recording into ``values``
        (``function`` None: the walk sets its clients itself, see ValueHelperView)."""
        self.values = values
        self._clients = set() if function is None else \
            _client_names(self.info, function) | _attribute_clients(self.info, self._methods())  # a tool method's self.http
        self._via: cst.CSTNode | None = None  # see ValueHelperView
        self._entry_origins: set[int] = set()  # likewise
        self._in_test = 0
        self._binding_reads = values.binding_reads
        # Derivations within one expression scan, by (node, state): scan visits every
        # operand of `a + b + c ...` and each would derive its whole sub-chain again.
        self._scanning = 0
        self._derived: dict[tuple[int, int], TaintVal | None] = {}
        # `bool(a) == bool(b)`: ids of bool() calls compared with one another, a test of which
        # values were sent (exactly one of two), not a string read as a flag
        self._presence_pairs: set[int] = set()
        # literal text a local holds (`sql = "SELECT * FROM t WHERE 1=1"`): the start of text
        # built piecewise from it (see _note_built_piecewise)
        self._texts: dict[str, str] = {}
        # `missing = [k for k in REQUIRED if k not in args]`: local -> (key, presence test) until tested
        self._collected: dict[str, list[tuple[str, cst.CSTNode]]] = {}
        # the checked forms (State.values[_FORM + key]) the caller held when it called this walk's
        # helper (see _checked_form_of); the forms of this walk's own calls, set at each call
        self._caller_forms: dict[str, Val] = {}
        self._forms_at_call: dict[str, Val] = {}
        # argv built in a local (`cmd = ["git", "log"]; cmd.append(rev)`): local -> its entries
        # so far, judged where the local reaches `subprocess.run(cmd)` (see _note_argv_list)
        self._argv_lists: dict[str, list[cst.BaseElement]] = {}

    # -- entry: parameters are tracked as TaintVal ---------------------------------------
    def run(self) -> None:
        state = State(served=None, aliases=dict(self.spec.mapping_names), values={},
                      name_vars=set(self.spec.name_names))
        for name, param in self.spec.parameters.items():
            state.values[name] = TaintVal(key=name, node=param.name, missing="")
        self.walk_block(suite_statements(self.handler.function.body), state)

    # -- statements ----------------------------------------------------------------------
    def walk_if(self, node: cst.If, state: State):
        self._record_test(node.test, state)
        return super().walk_if(node, state)

    def walk_statement(self, statement, state: State):
        if isinstance(statement, cst.While):
            self._record_test(statement.test, state)
        return super().walk_statement(statement, state)

    def walk_small(self, small, state: State) -> bool:
        if isinstance(small, cst.Assert):
            self._record_test(small.test, state)
        checker = None
        if isinstance(small, cst.Expr):
            call = small.value.expression if isinstance(small.value, cst.Await) else small.value
            if isinstance(call, cst.Call) and self._checks_by_call(call):
                checker = call  # `validate_uuid(uuid)`: a call made only to check, in force past it
        if isinstance(small, cst.Return):  # returns are MCP204's business: skip their costly analysis
            if small.value is not None:
                self.scan(small.value, state, render=self.handler.style == "signature")
            return True
        if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None \
                and isinstance(small.value, (cst.Subscript, cst.Call)):
            self._binding_reads.add(id(small.value))
        leaves = super().walk_small(small, state)
        if isinstance(small, cst.Assign):
            self._note_validated_copy(small, state)
            self._note_collected_presence(small, state)
        if isinstance(small, (cst.Assign, cst.AnnAssign)):
            self._note_checked_form(small, state)
            self._note_built_body(small, state)
        self._note_built_piecewise(small, state)
        self._note_argv_list(small)
        self._note_header_set(small, state)
        self._note_db_lookup(small, state)
        if checker is not None:
            self._constrain_args(checker, state)
        return leaves

    def _note_db_lookup(self, small, state: State) -> None:
        """``cur.execute("SELECT 1 FROM t WHERE name = ?", (table,))``, ``row = cur.fetchone()``,
        ``found = conn.execute(sql, [table]).fetchone()``: a cursor, result or row that comes from
        a query which took an argument's value as a parameter (never as text) is recorded under
        the local's name, so that a test of its rows can limit the value (see
        :meth:`_looked_up_keys`). A rebound local, or a cursor that runs another query, loses it."""
        if isinstance(small, cst.Expr):
            target, value = None, small.value
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            target, value = small.targets[0].target.value, small.value
        else:
            return
        value = value.expression if isinstance(value, cst.Await) else value
        if target is not None:
            state.values.pop(_LOOKUP + target, None)
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)):
            return
        receiver = dotted_name(value.func.value)
        if target is None and value.func.attr.value in _QUERY_CALLS and receiver:
            state.values.pop(_LOOKUP + receiver, None)  # the cursor now holds this query's rows
            target = receiver
        keys = self._looked_up_keys(value, state)
        if target is not None and len(keys) == 1:
            state.values[_LOOKUP + target] = Val(key=next(iter(keys)), node=value)

    def _looked_up_keys(self, node, state: State) -> set[str]:
        """The argument keys whose values a query sent as parameters, when ``node`` is that query
        (``conn.execute(SQL, (table,))``), its rows (``.fetchone()`` of it or of a cursor that ran
        it) or a local holding either. A query whose text is built from an argument looks
        nothing up: its text is the sink."""
        node = node.expression if isinstance(node, cst.Await) else node
        if isinstance(node, (cst.Name, cst.Attribute)):
            held = state.values.get(_LOOKUP + (dotted_name(node) or ""))
            return {held.key} if held is not None else set()
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            return set()
        method = node.func.attr.value
        if method in _ROW_READS and not node.args:
            return self._looked_up_keys(node.func.value, state)
        if method not in _QUERY_CALLS or len(node.args) < 2 or any(a.star or a.keyword for a in node.args[:2]) \
                or self._derive(node.args[0].value, state) is not None:
            return set()
        params = node.args[1].value
        if isinstance(params, (cst.Tuple, cst.List)):
            held = [e.value for e in params.elements if not isinstance(e, cst.StarredElement)]
        elif isinstance(params, cst.Dict):
            held = [e.value for e in params.elements if isinstance(e, cst.DictElement)]
        else:
            held = [a.value for a in node.args[1:] if not a.keyword]  # asyncpg: `fetchrow(SQL, name)`
        return {v.key for v in (self.peek(e, state) for e in held) if v is not None}

    def _note_built_body(self, small: cst.Assign | cst.AnnAssign, state: State) -> None:
        """``body = {"query": {"query_string": {"query": f"title:({term})"}}}``: a local bound to
        a dict literal built from an argument holds that built value (a request's body later)."""
        target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else (
            small.target if isinstance(small, cst.AnnAssign) else None)
        if isinstance(target, cst.Name) and isinstance(small.value, cst.Dict) and target.value not in state.values:
            built = self._derive(small.value, state)
            if built is not None:
                state.values[target.value] = built

    def _note_built_piecewise(self, small, state: State) -> None:
        """Text built from an argument piece by piece: ``sql += f" AND status = '{status}'"``, or
        ``conds.append(f"status = '{status}'")`` (``insert``, ``extend``) later joined (``" AND
        ".join(conds)``). The local then holds the argument as built text whose template is the
        pieces so far, the literal start (``sql = "SELECT * FROM t WHERE 1=1"``, ``conds =
        ["a = 1"]``) included, so the sink it reaches judges the whole text as it does
        ``f"SELECT ... {status}"``. A local rebound to other text starts again (flow's ``bind``)."""
        target, piece = _piece_added(small)
        if target is None:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name):
                name = small.targets[0].target.value
                text = _literal_text(small.value)
                if text is None:  # `template = REGISTRIES.get(registry)`: a table of URL templates
                    text = constant_text(self.info, small.value) if not isinstance(small.value, cst.Name) else None
                if text is None:
                    self._texts.pop(name, None)
                else:
                    self._texts[name] = text
            return
        held = state.values.get(target)
        if self._suffixed_raw(small, target, held, piece, state):
            return
        held = held if isinstance(held, TaintVal) and held.derived else None
        inner = self._derive(piece, state)
        if inner is None:
            if held is None and target in self._texts:
                text = _literal_text(piece)
                self._texts[target] = self._texts[target] + " " + text if text is not None else " "
            elif held is not None:
                state.values[target] = replace(held, template=held.template + " " + (_literal_text(piece) or ""))
            return
        start = held.template if held is not None else self._texts.get(target, "")
        found = held if held is not None and not (held.constrained and not inner.constrained) else inner
        state.values[target] = TaintVal(
            key=found.key, node=piece, derived=True, constrained=found.constrained, path=False,
            leading=held.leading if held is not None else not start and inner.leading,
            template=start + " " + inner.template,
            origin=found.origin if found.derived else piece)

    def _suffixed_raw(self, small, target: str, held, piece, state: State) -> bool:
        """``filename += ".csv"`` on a local holding the raw argument: the local now holds text
        built from it, the argument first (it still chooses the path or host). Built in this
        function, it is reported where this function hands it on (the helper's call), as any
        text built before a helper is. True when recorded."""
        if not isinstance(small, cst.AugAssign) or not isinstance(held, Val) or held.derived or held.key is None:
            return False
        text = _literal_text(piece)
        if text is None:
            return False
        base = held if isinstance(held, TaintVal) else _as_taint(held)
        state.values[target] = replace(base, node=piece, derived=True, template=base.template + text, origin=piece)
        return True

    def _note_checked_form(self, assign: cst.Assign | cst.AnnAssign | cst.NamedExpr, state: State) -> None:
        """``clean = sanitize(q)``, ``target = safe_path(arguments["name"])``: a call handed the raw
        argument returned a value the walk holds as a limited form of it, or a project function
        named for making one returned a value the walk does not follow; the local keeps a
        checked form of the argument. A
        sink that later gets the raw argument beside it ignores that form (reported with it).
        A result that is the same unchecked text (``tidy(q)`` returning ``q.strip()``) is no
        checked form."""
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            target = assign.targets[0].target
        elif isinstance(assign, (cst.AnnAssign, cst.NamedExpr)) and assign.value is not None:
            target = assign.target  # `slug: str = slugify(name)`, `if not (slug := slugify(name)):`
        else:
            return
        if not isinstance(target, cst.Name):
            return
        name = target.value
        for held in [n for n, v in state.values.items() if n.startswith(_FORM) and _bound_name(v.node) == name]:
            del state.values[held]  # the local that held a form is rebound
        call = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
        handed = self._handed_raw(call, state)
        if handed is None:
            self._note_unused_form(name, call, assign, state)
            return
        if self._is_unused_form(name, call):
            state.values[_FORM + handed.key] = Val(key=handed.key, node=assign, normalized=True)
            return
        held = state.values.get(name)
        short = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
        # the walk holds the result as a limited form of the argument (a validator's return), the
        # function is named for making one (`sanitize`, `safe_path`), or it is a library escaper
        # (`shlex.quote`, `escape_filter_chars`); a helper that returns other data about the value
        # (`files = get_project_files(path)`) makes no form of it
        if (held is not None and held.key == handed.key and self._is_constrained(held, state)
                and self._not_a_record(call.func)) \
                or (held is None and _VALIDATOR_NAME.search(short) and self._makes_form(call.func)) \
                or is_library_form(self.info.qualify(call.func)):
            state.values[_FORM + handed.key] = Val(key=handed.key, node=assign)

    def _note_unused_form(self, name: str, call, assign: cst.CSTNode, state: State) -> None:
        """``ident = quote_ident(table)`` after ``if table not in table_names(): raise``: the
        value handed is limited, yet the code made the escaped form its sink needs and never
        read it; a sink that gets the raw value beside it is reported all the same (a name on
        the allow-list may still need quoting: ``order items``, ``group``)."""
        if not isinstance(call, cst.Call) or any(arg.star for arg in call.args) or not self._is_unused_form(name, call):
            return
        handed = [value for arg in call.args if (value := self.peek(arg.value, state)) is not None]
        if len(handed) == 1 and not getattr(handed[0], "derived", False):
            state.values[_FORM + handed[0].key] = Val(key=handed[0].key, node=assign, normalized=True)

    def _is_unused_form(self, name: str, call) -> bool:
        """``pattern = literal_pattern(term)``, ``safe = glob.escape(prefix)``: a local bound to
        a form of the one value a call is handed (a library escaper, or a project function that
        returns a value computed from its parameter) and never read in the function: the form
        the code made for its sink and left unused. A form that is read anywhere is judged as
        any checked form is."""
        if not isinstance(call, cst.Call) or len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return False
        qualified = self.info.qualify(call.func)
        helper = None if is_library_form(qualified) or qualified in _PATH_NORMALISERS else self._local_function(call.func)
        if helper is not None and (returns_record(helper) or not returns_form_of_handed(helper, call, call.args[0].value)):
            return False
        if helper is None and not (is_library_form(qualified) or qualified in _PATH_NORMALISERS):
            return False
        # read as a value somewhere, the form is the ordinary result; read only by tests, it
        # was made to replace the argument
        function = self._function or self.handler.function
        return unread_local(function, name) or tested_only_after(function, call, name)

    def _unused_form_of(self, key: str, state: State) -> bool:
        """Whether the checked form of ``key`` held here or by a caller is an unused one (see
        :meth:`_is_unused_form`)."""
        form = state.values.get(_FORM + key)
        walker = self
        while form is None and isinstance(getattr(walker, "_parent", None), ValueWalker):
            form = walker._caller_forms.get(_FORM + key)
            walker = walker._parent
        return form is not None and form.normalized

    def _makes_form(self, func: cst.BaseExpression) -> bool:
        """A project function whose result can be a form of its argument: not a predicate
        (``allowed = check_command(command)`` holds a verdict, not a command), not a record."""
        function = self._local_function(func)
        return function is not None and not is_predicate(function) and not returns_record(function)

    def _not_a_record(self, func: cst.BaseExpression) -> bool:
        """Unless ``func`` is a project function returning a record about the value
        (``product = get_product_by_code(code)``): its result is no form a sink could take."""
        function = self._local_function(func)
        return function is None or not returns_record(function)

    def _handed_raw(self, call, state: State) -> Val | None:
        """The one unchecked argument value a call is handed (``slugify(name)``,
        ``resolve_commit(self.repo, base)``, ``quote(ref, safe="")``): None when the call hands
        none, or two, or a value already built into other text or already limited."""
        if not isinstance(call, cst.Call) or any(arg.star for arg in call.args):
            return None
        handed = [value for arg in call.args if (value := self.peek(arg.value, state)) is not None]
        if len(handed) != 1 or getattr(handed[0], "derived", False) or self._is_constrained(handed[0], state):
            return None
        return handed[0]

    def _note_header_set(self, small, state: State) -> None:
        """``msg["To"] = to``: a mail header set from an argument (judged, as ``msg.add_header``
        is, only where the code made a checked form of it: a mail tool sends to the address it
        is given by design)."""
        if not isinstance(small, cst.Assign) or len(small.targets) != 1:
            return
        target = small.targets[0].target
        if not isinstance(target, cst.Subscript) or self.is_mapping(target.value, state) or len(target.slice) != 1:
            return
        index = target.slice[0].slice
        name = _literal_text(index.value) if isinstance(index, cst.Index) else None
        if not isinstance(name, str) or name.lower() not in _MAIL_HEADERS:
            return
        value = self._derive(small.value, state)
        if value is None or self._is_constrained(value, state) or self._sink_kind("header", value, (
                form := self._checked_form_of(value.key, state))[0] is not None) is None:
            return
        receiver = dotted_name(target.value) or "message"
        self._add_sink(SinkSite(node=small.value, kind="header", call=f'{receiver}["{name}"]', key=value.key,
                                derived=value.derived, served=state.served, site=form[1],
                                checked_form=form[0], chosen_base=None))

    def _note_argv_list(self, small) -> None:
        """A command line kept in a local before it is run: ``cmd = ["git", "log", rev]``, grown
        by ``cmd.append(x)``, ``cmd.extend([...])``, ``cmd += [...]`` (in source order; an entry
        added in one branch counts as added, so a ``"--"`` added anywhere before the value ends
        the options as :func:`_option_positions` reads them). A local rebound to anything else,
        or grown in a way the walk cannot place (``insert``, a computed list), is forgotten:
        its command is then not judged, as for a command built by code mcplint does not know."""
        if isinstance(small, cst.Assign):
            for target in small.targets:
                if isinstance(target.target, cst.Name):
                    self._argv_lists.pop(target.target.value, None)
            if len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                    and isinstance(small.value, (cst.List, cst.Tuple)):
                self._argv_lists[small.targets[0].target.value] = list(small.value.elements)
            return
        target, piece = _piece_added(small)
        if target is None or target not in self._argv_lists:
            return
        if isinstance(small, cst.Expr) and small.value.func.attr.value == "append":
            self._argv_lists[target].append(cst.Element(piece))
        elif isinstance(piece, (cst.List, cst.Tuple)) and not (
                isinstance(small, cst.Expr) and small.value.func.attr.value == "insert"):
            self._argv_lists[target].extend(piece.elements)
        else:
            del self._argv_lists[target]

    def _argv_entries(self, elements) -> list:
        """The entries of a command line, a local built with :meth:`_note_argv_list` spread in
        (``[*cmd, ref]``, ``create_subprocess_exec(*cmd)``) or standing for the whole list."""
        entries = []
        for element in elements:
            value = element.value
            held = self._argv_lists.get(value.value) if isinstance(value, cst.Name) else None
            spread = getattr(element, "star", "") == "*" or isinstance(element, cst.StarredElement)
            entries.extend(held if held is not None and spread else [element])
        return entries

    def _checks_by_call(self, call: cst.Call) -> bool:
        """A call statement made to check its arguments: a function named for it
        (``validate_path``), or a project function that may raise (one that never raises,
        ``run_sql(sql)``, rejects nothing)."""
        name = dotted_name(call.func) or ""
        if _VALIDATOR_NAME.search(name.rsplit(".", 1)[-1]):
            return True
        function = self._local_function(call.func)
        return function is not None and self._raises_somewhere(function)

    def _note_validated_copy(self, assign: cst.Assign, state: State) -> None:
        """``checked = validate_params(arguments, Schema)``, ``req = Model.model_validate(arguments)``,
        ``req = Model(**arguments)``: a validator handed the whole mapping made a validated copy
        of it (a new object, not the mapping handed back: that one stays an alias)."""
        value = assign.value.expression if isinstance(assign.value, cst.Await) else assign.value
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return
        name = assign.targets[0].target.value
        state.values.pop(_COPY + name, None)
        if not isinstance(value, cst.Call) or name in state.aliases \
                or not any(self.is_mapping(arg.value, state) for arg in value.args):
            return
        callee = dotted_name(value.func) or ""
        short = callee.rsplit(".", 1)[-1]
        function = self._local_function(value.func)
        if short in ("model_validate", "parse_obj") \
                or (callee in self.info.classes and any(arg.star == "**" for arg in value.args)) \
                or (_VALIDATOR_NAME.search(short) and function is not None and _returns_data(function)):
            state.values[_COPY + name] = Val(key=_COPY, node=value)

    def _model_field(self, node):
        return None  # a model's field is a converted, validated value: not a raw argument here

    def _helper_call(self, node, function, state, render):
        if not self._hands_only_built_text(node, state):
            self.values.opaque = True  # checks inside helpers are not recorded here
        returned = super()._helper_call(node, function, state, render)
        if isinstance(returned, TaintVal) and returned.derived:
            # `fetch(build_sql(sort), ...)`: the text the helper built is what the outer call is handed
            self.__dict__.setdefault("_built_results", {})[id(node)] = (node, returned)
        return returned

    def _hands_only_built_text(self, node: cst.Call, state: State) -> bool:
        """Whether the call hands its helper argument values only inside built text
        (``send(f"/posts/{post_id}")``): a check there cannot look at the value itself."""
        passed = [self._passed_value(arg.value, state) for arg in node.args]
        return any(passed) and all(value is None or value.derived for value in passed) \
            and not any(self.is_mapping(arg.value, state) for arg in node.args)

    def _new_helper_view(self, constants, call_site):
        return ValueHelperView(self, constants, call_site)

    def _passed_value(self, node, state: State):
        """Besides a local or ``args["k"]``, text or a path built from an argument
        (``api(f"/v1/accounts/{name}")``, ``store.read(name.strip())``, ``load(Path(name))``):
        the helper receives the argument inside it."""
        value = super()._passed_value(node, state)
        if value is None and isinstance(node, (cst.FormattedString, cst.BinaryOperation, cst.ConcatenatedString,
                                               cst.Call)):
            value = self._derive(node, state)
        return value

    def _captured_values(self, function, env, state: State):
        """A function nested in the one being walked sees its argument values by closure
        (``def table_info(table): ... f"SHOW CREATE {database}.{table}"``), unless it binds
        the name itself."""
        if not self._is_nested_here(function):
            return {}
        own = set(env) | _assigned_in(function)
        return {name: value for name, value in state.values.items()
                if name not in own and not name.startswith(("\0",))}

    def _is_nested_here(self, function: cst.FunctionDef) -> bool:
        outer = self._function or self.handler.function
        return function is not outer and id(function) in functions_defined_in(outer)[1]

    def _follow_closure(self, node: cst.Call, state: State) -> None:
        """``get_table_info(table)`` of a function nested here that reads an argument value of
        this walk by closure: walked like a helper handed it (flow follows only calls handed a
        value or the mapping)."""
        if not isinstance(node.func, cst.Name) or any(arg.star for arg in node.args):
            return
        function = self._nested_function(node.func.value)
        if function is None or function.name.value in self._helper_stack:
            return
        captured = _names_read(function) & {name for name in state.values if not name.startswith("\0")}
        if not captured or any(self._passed_value(arg.value, state) is not None or self.is_mapping(arg.value, state)
                               for arg in node.args):
            return  # nothing captured, or flow already walked it as a helper
        self._walk_quietly(node, function, state)

    def _walk_quietly(self, node: cst.Call, function: cst.FunctionDef, state: State) -> None:
        """Walk ``function`` as called by ``node`` for its sinks only: flow reported (or chose
        not to report) everything else about the call already."""
        quiet = self._quiet
        self._quiet += 1
        try:
            self._helper_call(node, function, state, render=False)
        finally:
            self._quiet = quiet

    def _follow_instance_method(self, node: cst.Call, state: State) -> None:
        """``gh.issues(repository)`` / ``workspace.read(rel)`` on an object of a project class
        (a client or helper made in the handler, at module level, or typed as a parameter):
        flow judges such a method as code it does not follow, but the sink inside it (the
        client's request, the helper's file read) is where the raw value selects a resource.
        Walked quietly, for sinks only."""
        func = node.func
        if not isinstance(func, cst.Attribute) or any(arg.star for arg in node.args) \
                or dotted_name(func.value) in ("self", "cls") or dotted_name(func.value) in self._self_aliases() \
                or (dotted_name(func) or "") in self.info.functions or self._class_method(func) is not None:
            return
        function = self._local_function(func)
        if function is None or function.name.value in self._helper_stack \
                or any(self.is_mapping(arg.value, state) for arg in node.args) \
                or not any(self._passed_value(arg.value, state) is not None for arg in node.args):
            return  # not a method of a known object, or flow walked it already (it got the mapping)
        self._walk_quietly(node, function, state)

    def _follow_submitted(self, node: cst.Call, state: State) -> None:
        """``EXECUTOR.submit(run_query, sql)``: the pool runs ``run_query(sql)``; walked as that
        call (the future it returns is not the function's value, so only here)."""
        if not isinstance(node.func, cst.Attribute) or node.func.attr.value != "submit" or not node.args \
                or any(arg.star for arg in node.args) or node.args[0].keyword is not None:
            return
        target = node.args[0].value
        function = self._local_function(target) if isinstance(target, (cst.Name, cst.Attribute)) else None
        rest = [arg for arg in node.args[1:] if arg.keyword is None]
        if function is None or function.name.value in self._helper_stack \
                or not any(self._passed_value(arg.value, state) is not None for arg in rest):
            return
        self._walk_quietly(cst.Call(func=target, args=rest), function, state)

    # -- expressions ---------------------------------------------------------------------
    def scan(self, node, state: State, render: bool = False):
        self._scanning += 1
        try:
            result = super().scan(node, state, render)
            if type(node) is cst.NamedExpr:
                self._note_checked_form(node, state)
            if result is None and isinstance(node, (cst.FormattedString, cst.BinaryOperation, cst.Call,
                                                    cst.ConcatenatedString)):
                result = self._derive(node, state)
        finally:
            self._scanning -= 1
            if not self._scanning:
                self._derived.clear()
        if isinstance(result, Val) and self._is_constrained(result, state) \
                and not getattr(result, "constrained", False):
            result = _as_taint(result, constrained=True)
        return result

    def _scan_ifexp(self, node, state, render):
        self._record_test(node.test, state)
        return super()._scan_ifexp(node, state, render)

    def _scan_boolean(self, node, state, render):
        if not self._in_test:
            for side in (node.left,):  # `value or fallback`: the fallback replaces ""
                value = self.peek(side, state)
                if value is not None:
                    self._check(value.key, node, state)
        return super()._scan_boolean(node, state, render)

    def _scan_comparison(self, node: cst.Comparison, state: State):
        self._record_comparison(node, state)
        self._presence_pairs.update(_compared_presences(node))
        return super()._scan_comparison(node, state)

    def _scan_call(self, node: cst.Call, state: State, render: bool):
        # what a helper walked from this call sees of the forms held here (see _checked_form_of)
        self._forms_at_call = {name: value for name, value in state.values.items() if name.startswith(_FORM)}
        result = super()._scan_call(node, state, render)
        if result is not None and self._looked_up_literal(node, state):
            # `column = SORTABLE.get(sort.strip().lower())`: one of the table's own values, never the text sent
            result = _as_taint(result, constrained=True)
        self._record_call(node, state)
        self._follow_closure(node, state)
        self._follow_submitted(node, state)
        self._follow_instance_method(node, state)
        return result

    def _looked_up_literal(self, node: cst.Call, state: State) -> bool:
        """``TABLE.get(key)`` / ``TABLE.get(key, "literal")`` on a constant dict whose values are
        all literal text or numbers: the result is one of those values (or the literal default),
        whatever key the caller's text made. ``TABLE.get(key, key)`` may return the key: no."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(node.args) <= 2) \
                or any(arg.star or arg.keyword for arg in node.args) or self.is_mapping(func.value, state):
            return False
        if len(node.args) == 2 and not isinstance(node.args[1].value, (cst.SimpleString, cst.Integer, cst.Name)):
            return False
        if len(node.args) == 2 and isinstance(node.args[1].value, cst.Name) and node.args[1].value.value != "None":
            return False
        table = self._literal_table(func.value, state)
        return table is not None and all(isinstance(v, (str, int, float)) and not isinstance(v, bool)
                                         for v in table.values())

    def _use(self, node, value, state, render, raw=False):
        super()._use(node, value, state, render, raw)
        if not getattr(value, "derived", False):
            self.values.uses.setdefault(value.key, []).append((node, state.served))

    # -- guards: constraints ---------------------------------------------------------------
    def apply_guard(self, test, state: State, negate: bool) -> None:
        super().apply_guard(test, state, negate)
        # After `if test: raise`, the test is false (after `assert test`, true).
        self._constrain(test, state, positive=negate)

    def enter_condition(self, test, state: State) -> None:
        super().enter_condition(test, state)
        self._constrain(test, state, positive=True)

    def _merge(self, first: State, second: State) -> State:
        """Where two paths join, a value is constrained only if it is on both."""
        merged = super()._merge(first, second)
        for name in list(merged.values):
            ours, theirs = first.values.get(name), second.values.get(name)
            if name.startswith(_CONSTRAINED):
                if ours is None or theirs is None:
                    del merged.values[name]
            elif ours is not None and theirs is not None and getattr(ours, "constrained", False) \
                    and not getattr(theirs, "constrained", False):
                merged.values[name] = theirs
        return merged

    def _constrain(self, test, state: State, positive: bool) -> None:
        for key in self._constrained_keys(test, state, positive):
            self._constrain_key(key, test, state)

    def _constrain_key(self, key: str, node, state: State) -> None:
        state.values[_CONSTRAINED + key] = Val(key=key, node=node)
        for name, value in list(state.values.items()):
            if value.key == key and not name.startswith(_CONSTRAINED):
                state.values[name] = _as_taint(value, constrained=True)

    def _constrained_keys(self, test, state: State, positive: bool) -> set[str]:
        """Keys whose value ``test`` limits to a known set or shape when it is ``positive``."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self._constrained_keys(test.expression, state, not positive)
        if isinstance(test, cst.BooleanOperation):
            both = isinstance(test.operator, cst.And) == positive
            if both:
                return self._constrained_keys(test.left, state, positive) | self._constrained_keys(test.right, state, positive)
            return set()
        if isinstance(test, (cst.Name, cst.Attribute, cst.Call, cst.Await)):
            # `if not cur.fetchone(): raise`, `if not row: return ...`: past the stop the database
            # returned a row for the value, so it names something the database has
            rows = self._looked_up_keys(test, state)
            if rows:
                return rows if positive else set()
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            op = test.comparisons[0].operator
            comparator = test.comparisons[0].comparator
            if self.is_mapping(comparator, state):
                return set()
            if isinstance(op, (cst.Is, cst.IsNot)) and _is_none(comparator):
                looked_up = self._table_lookup_key(test.left, state)
                if looked_up:
                    return {looked_up} if isinstance(op, cst.IsNot) == positive else set()
                rows = self._looked_up_keys(test.left, state)  # `if cur.fetchone() is None: raise`
                return rows if isinstance(op, cst.IsNot) == positive else set()
            left = self.peek(test.left, state)
            right = self.peek(comparator, state)
            if isinstance(op, (cst.In, cst.Equal)) and positive and left is not None:
                return {left.key}
            if isinstance(op, (cst.NotIn, cst.NotEqual)) and not positive and left is not None:
                return {left.key}
            if left is None and right is not None and (isinstance(op, cst.Equal) and positive or
                                                       isinstance(op, cst.NotEqual) and not positive):
                return {right.key}  # `if slugify(name) != name: raise`: the name equals its own slug
            if isinstance(op, (cst.In, cst.NotIn)) and right is not None and left is None:
                return {right.key}  # `".." in path` rejected: a traversal check
            return set()
        if isinstance(test, cst.Call):
            looked_up = self._table_lookup_key(test, state)
            if looked_up:
                return {looked_up} if positive else set()
            return self._call_constrains(test, state) if positive else set()
        return set()

    def _table_lookup_key(self, node, state: State) -> str | None:
        """The argument key of ``TABLE.get(value)`` when ``TABLE`` is not the arguments mapping:
        ``if TABLE.get(sort) is None: raise`` (or ``if not TABLE.get(sort)``) is a membership
        test, so past it ``sort`` is one of the table's keys, as after ``sort not in TABLE``."""
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value == "get" and node.args and not node.args[0].star):
            return None
        if self.is_mapping(node.func.value, state) or self.peek(node.func.value, state) is not None:
            return None  # `args.get("k")` is a presence test of the caller's own mapping
        value = self.peek(node.args[0].value, state)
        return value.key if value is not None else None

    def _call_constrains(self, call: cst.Call, state: State) -> set[str]:
        """``re.fullmatch(P, x)``, ``PATTERN.match(x)``, ``p.is_relative_to(base)``,
        ``str(p).startswith(base)``, ``x.isalnum()``, ``isinstance``... and any local validator."""
        keys: set[str] = set()
        func = call.func
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            base = self.peek(func.value, state)
            if base is None and method in _CONTAINMENT_TESTS:  # `str(target).startswith(str(BASE))`
                base = self._derive(func.value, state)
            # (`endswith(".csv")` limits the type, not the place: `../../x.csv` passes it)
            if base is not None and method in _CONTAINMENT_TESTS and self._caller_chosen_base(call, base, state):
                pass  # `p.is_relative_to(arguments["root"])`: measured against a root the caller picks
            elif base is not None and (method in ("is_relative_to", "startswith", "match", "fullmatch")
                                       or method.startswith("is") and method not in _EXISTENCE_PROBES):
                keys.add(base.key)
            if method in ("match", "fullmatch", "search"):
                for arg in call.args:
                    value = self.peek(arg.value, state)
                    if value is not None:
                        keys.add(value.key)
        if self._is_validator(call):
            for arg in call.args:
                value = self.peek(arg.value, state)
                if value is not None:
                    keys.add(value.key)
        return keys

    def _caller_chosen_base(self, call: cst.Call, checked: Val, state: State) -> bool:
        """``target.is_relative_to(root)`` / ``str(target).startswith(root)`` where ``root`` is an
        argument value no check has limited (``root = Path(arguments["root"])``): the caller picks
        the directory the check measures against, so ``root="/"`` lets every path through and
        the check limits nothing. Kept for the sink's message (:attr:`SinkSite.chosen_base`)."""
        if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
            return False
        base = self.peek(call.args[0].value, state) or self._derive(call.args[0].value, state)
        if base is None or self._is_constrained(base, state):
            return False
        state.values[_CHOSEN_BASE + checked.key] = Val(key=base.key, node=call)
        return True

    def _is_validator(self, call: cst.Call) -> bool:
        """A module-local function, or one whose name says it checks (``validate_path``, ``is_safe``)."""
        name = dotted_name(call.func) or ""
        return name in self.info.functions or bool(_VALIDATOR_NAME.search(name.rsplit(".", 1)[-1]))

    def _constrain_args(self, call: cst.Call, state: State) -> None:
        for arg in call.args:
            value = self.peek(arg.value, state)
            if value is not None:
                self._constrain_key(value.key, call, state)

    def _is_constrained(self, value: Val, state: State) -> bool:
        return getattr(value, "constrained", False) or (_CONSTRAINED + value.key) in state.values \
            or (value.checked and value.normalized)

    # -- peek: the value of an expression without recording anything ------------------------
    def peek(self, node, state: State) -> Val | None:
        """What ``node`` holds in terms of one argument, with no side effects."""
        if isinstance(node, cst.Name):
            value = state.values.get(node.value)
            return value if value is not None and not node.value.startswith(_CONSTRAINED) else None
        if isinstance(node, cst.Subscript) and self.is_mapping(node.value, state):
            key = self._single_key(node, state)
            return self._raw(key, node, state) if key is not None else None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            method = node.func.attr.value
            if self.is_mapping(node.func.value, state) and method in ("get", "pop") and node.args:
                key = self.evaluator.eval(node.args[0].value, self._env(state))
                if not isinstance(key, str):
                    return None
                value = self._raw(key, node, state)
                value.from_get = True
                if len(node.args) > 1:
                    value.missing = self.evaluator.eval(node.args[1].value, self._env(state))
                return value
            if method in STR_NORMALISERS:
                base = self.peek(node.func.value, state)
                return replace(base, node=node, normalized=True) if base is not None else None
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            return self.peek(node.left, state)
        return None

    def _raw(self, key: str, node, state: State) -> TaintVal:
        return TaintVal(key=key, node=node, missing=UNKNOWN,
                        constrained=(_CONSTRAINED + key) in state.values)

    # -- derivation: strings and paths built from a value ---------------------------------
    def _derive(self, node, state: State) -> TaintVal | None:
        """The argument value a built string or path carries, if any (memoised while an
        expression is scanned)."""
        if not self._scanning:
            return self._derive_uncached(node, state)
        key = (id(node), id(state))
        if key not in self._derived:
            self._derived[key] = self._derive_uncached(node, state)
        return self._derived[key]

    def _derive_uncached(self, node, state: State) -> TaintVal | None:
        value = self.peek(node, state)
        if value is not None:
            return _as_taint(value)
        if isinstance(node, cst.FormattedString):
            return self._derive_parts(node, [p.expression if isinstance(p, cst.FormattedStringExpression) else p
                                             for p in node.parts], state, path=False)
        if isinstance(node, cst.ConcatenatedString):
            return self._derive_parts(node, [node.left, node.right], state, path=False)
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.Divide):
                return self._derive_parts(node, [node.left, node.right], state, path=True)
            if isinstance(node.operator, cst.Add):
                return self._derive_parts(node, [node.left, node.right], state, path=False)
            template = self._template_node(node.left)
            if isinstance(node.operator, cst.Modulo) and template is not None:
                return self._derive_parts(node, [template, node.right], state, path=False, leading_ok=False)
            return None
        if isinstance(node, cst.Call):
            return self._derive_call(node, state)
        if isinstance(node, (cst.Tuple, cst.List)):
            return self._derive_parts(node, [e.value for e in node.elements], state, path=False, leading_ok=False)
        if isinstance(node, cst.Dict):  # a request body: `{"query": {"query_string": {"query": f"({term})"}}}`
            return self._derive_parts(node, [e.value for e in node.elements if isinstance(e, cst.DictElement)],
                                      state, path=False, leading_ok=False)
        return None

    def _derive_call(self, node: cst.Call, state: State) -> TaintVal | None:
        built = self.__dict__.get("_built_results", {}).get(id(node))
        if built is not None and built[0] is node:  # text a project helper built and returned
            return built[1]
        qualified = self.info.qualify(node.func) or ""
        args = [a.value for a in node.args if a.keyword is None]
        if qualified in _PATH_CTORS or qualified.endswith(".Path") and qualified.startswith(("pathlib", "anyio")):
            return self._derive_parts(node, args, state, path=True)
        if qualified in _OS_PATH_BUILDERS:
            return self._derive_parts(node, args, state, path=False)
        if qualified == "urllib.parse.urljoin" and len(args) == 2:
            return self._derive_joined_url(node, args, state)
        if isinstance(node.func, cst.Attribute):
            method = node.func.attr.value
            receiver = node.func.value
            template = self._template_node(receiver)
            if method == "format" and template is not None:
                return self._derive_parts(node, [template] + [a.value for a in node.args], state, path=False,
                                          leading_ok=False)
            if method == "join" and _is_text(receiver) and args:
                return self._derive_parts(node, [receiver, args[0]], state, path=False, leading_ok=False)
            base = self._derive(receiver, state)
            if base is not None and (method in _PATH_METHODS or method in STR_NORMALISERS):
                extra = self._derive_parts(node, args, state, path=True) if method == "joinpath" else None
                return replace(base, node=node, path=base.path or method in _PATH_METHODS,
                               constrained=base.constrained and (extra is None or extra.constrained))
            if method == "joinpath" and args:
                return self._derive_parts(node, [receiver] + args, state, path=True)
        return None

    def _derive_joined_url(self, node: cst.Call, args: list, state: State) -> TaintVal | None:
        """``urljoin(BASE, name)``: a reference resolved against a base. An absolute or
        scheme-relative ``name`` (``//evil.example/x``) replaces the base's host, and ``../``
        climbs out of its path, so the argument leads the URL as if it began it."""
        joined = self._derive(args[1], state)
        if joined is None:
            return self._derive_parts(node, args, state, path=False)
        base = _literal_text(args[0]) or constant_text(self.info, args[0]) or ""
        return TaintVal(key=joined.key, node=node, derived=True, constrained=joined.constrained, leading=True,
                        template=base + joined.template, origin=joined.origin if joined.derived else args[1])

    def _template_node(self, node) -> cst.BaseExpression | None:
        """The literal text a ``%`` or ``.format`` template is: the literal itself, or the text a
        local was bound to (``sql = "SELECT ... WHERE email = '%s'"; execute(sql % (email,))``)."""
        if _is_text(node):
            return node
        if isinstance(node, cst.Name) and node.value in self._texts:
            return cst.SimpleString(repr(self._texts[node.value]))
        if isinstance(node, cst.Name) and not binds_locally(self._function or self.handler.function, node.value):
            text = constant_text(self.info, node)  # URL.format(name=...) of a module constant
            return cst.SimpleString(repr(text)) if text is not None else None
        return None

    def _derive_parts(self, node, parts, state: State, path: bool, leading_ok: bool = True) -> TaintVal | None:
        found: TaintVal | None = None
        template = []
        leading = False
        for index, part in enumerate(parts):
            if isinstance(part, (cst.FormattedStringText,)):
                template.append(part.value)
                continue
            if isinstance(part, cst.SimpleString):
                template.append(literal_value(part) if isinstance(literal_value(part), str) else "")
                continue
            inner = self._derive(part, state)
            if inner is None:
                template.append(" ")
                continue
            if index == 0 and leading_ok:
                leading = inner.leading
            template.append(inner.template)
            if found is None or (found.constrained and not inner.constrained):
                found, found_part = inner, part
        if found is None:
            return None
        return TaintVal(key=found.key, node=node, derived=True, constrained=found.constrained,
                        path=path or found.path, leading=leading, template="".join(template),
                        origin=found.origin if found.derived else found_part)

    # -- recording -------------------------------------------------------------------------
    def _record_test(self, test, state: State) -> None:
        """A test's operands that are argument values used as booleans, and their checks."""
        for value, node in self._truth_operands(test, state):
            self._check(value.key, node, state)
            if not getattr(value, "derived", False):
                self.values.truth_tests.append(TruthTest(node=node, kind="truth", key=value.key, value=value,
                                                         served=state.served))
        self._in_test += 1
        self._record_checks_in(test, state)
        self._in_test -= 1
        for node in walk(test, into_nested_scopes=False):
            if isinstance(node, cst.GeneratorExp):  # `if not all(k in args for k in REQUIRED): raise`
                self._record_collected_presence(node, state)
            elif isinstance(node, cst.Name) and node.value in self._collected:  # `if missing: raise`
                for key, site in self._collected.pop(node.value):
                    self.values.presence_tests.append(PresenceTest(node=site, key=key, served=state.served))

    def _note_collected_presence(self, assign: cst.Assign, state: State) -> None:
        """``missing = [k for k in REQUIRED if k not in args]``: a presence test of those keys
        once a test looks at ``missing`` (see :meth:`_record_test`)."""
        for target in assign.targets:
            if isinstance(target.target, cst.Name):
                self._collected.pop(target.target.value, None)
        if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name):
            found = list(self._collected_presence(assign.value, state))
            if found:
                self._collected[assign.targets[0].target.value] = found

    def _record_collected_presence(self, value, state: State) -> None:
        """Presence tests made for several keys at once: ``[k for k in REQUIRED if k not in args]``
        (a list, set or generator: ``all(k in args for k in REQUIRED)``) and ``set(REQUIRED) -
        args.keys()`` (or ``- set(args)``). Each accepts ``""`` for every key it lists."""
        for key, node in self._collected_presence(value, state):
            self.values.presence_tests.append(PresenceTest(node=node, key=key, served=state.served))

    def _collected_presence(self, value, state: State) -> Iterator[tuple[str, cst.CSTNode]]:
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract) \
                and self.keys_of_mapping(value.right, state):
            left = value.left.args[0].value if isinstance(value.left, cst.Call) and dotted_name(value.left.func) \
                in ("set", "frozenset") and len(value.left.args) == 1 else value.left
            yield from ((key, value) for key in _string_items(self.evaluator.eval(left, self._env(state))))
            return
        if not isinstance(value, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return
        loop = value.for_in
        tests = [check.test for check in loop.ifs] if loop.ifs else [value.elt]
        if loop.inner_for_in is not None or not isinstance(loop.target, cst.Name) or len(tests) != 1:
            return
        test = tests[0]
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
                or not isinstance(test.comparisons[0].operator, (cst.In, cst.NotIn)) \
                or not (isinstance(test.left, cst.Name) and test.left.value == loop.target.value) \
                or not self.keys_of_mapping(test.comparisons[0].comparator, state):
            return
        yield from ((key, test) for key in _string_items(self.evaluator.eval(loop.iter, self._env(state))))


    def _truth_operands(self, test, state: State) -> Iterator[tuple[Val, cst.CSTNode]]:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            yield from self._truth_operands(test.expression, state)
            return
        if isinstance(test, cst.BooleanOperation):
            yield from self._truth_operands(test.left, state)
            yield from self._truth_operands(test.right, state)
            return
        value = self.peek(test, state)
        if value is not None:
            yield value, test

    def _record_checks_in(self, test, state: State) -> None:
        for node in walk(test, into_nested_scopes=False):
            if isinstance(node, cst.Comparison) and self._presence_key(node, state) is None:
                for operand in [node.left] + [t.comparator for t in node.comparisons]:
                    value = self.peek(operand, state)
                    if value is not None:
                        self._check(value.key, node, state)
            elif isinstance(node, cst.Call):
                for arg in node.args:
                    value = self.peek(arg.value, state)
                    if value is not None:
                        self._check(value.key, node, state)
                if isinstance(node.func, cst.Attribute):
                    value = self.peek(node.func.value, state)
                    if value is not None:
                        self._check(value.key, node, state)

    def _record_comparison(self, node: cst.Comparison, state: State) -> None:
        key = self._presence_key(node, state)
        if key is not None:
            self.values.presence_tests.append(PresenceTest(node=node, key=key, served=state.served))
            return
        for operand in [node.left] + [t.comparator for t in node.comparisons]:
            value = self.peek(operand, state)
            if value is not None:
                self._check(value.key, node, state)  # `valid = topic != ""` looks at the value too
        if len(node.comparisons) != 1:
            return
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)):
            for operand, other in ((node.left, target.comparator), (target.comparator, node.left)):
                value = self.peek(operand, state)
                if value is not None and isinstance(other, cst.Name) and other.value in ("True", "False") \
                        and not getattr(value, "derived", False):
                    self.values.truth_tests.append(TruthTest(node=node, kind="compare-bool", key=value.key,
                                                             value=value, served=state.served))

    def _presence_key(self, node: cst.Comparison, state: State) -> str | None:
        """The key of ``"k" in args`` / ``"k" not in args`` / ``args.get("k") is None`` / ``x is not None``."""
        if len(node.comparisons) != 1:
            return None
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)) and self.keys_of_mapping(target.comparator, state):
            key = self.evaluator.eval(node.left, self._env(state))
            return key if isinstance(key, str) else None
        if isinstance(target.operator, (cst.Is, cst.IsNot)) and isinstance(target.comparator, cst.Name) \
                and target.comparator.value == "None":
            value = self.peek(node.left, state)
            if value is not None and not getattr(value, "derived", False) and \
                    (value.from_get or isinstance(value.node, cst.Subscript)):
                return value.key
        return None

    def _record_call(self, node: cst.Call, state: State) -> None:
        qualified = self.info.qualify(node.func) or ""
        if qualified in _BOOL_CALLS and len(node.args) == 1 and id(node) not in self._presence_pairs:
            value = self.peek(node.args[0].value, state)
            if value is not None and not getattr(value, "derived", False):
                self.values.truth_tests.append(TruthTest(node=node, kind="bool-call", key=value.key,
                                                         value=value, served=state.served))
        short = qualified.rsplit(".", 1)[-1]
        if short not in _NEUTRAL_CALLS and not self._in_test:
            for arg in node.args:  # a call may reject the value (int(x), validate(x), len(x) ...)
                value = self.peek(arg.value, state)
                if value is not None:
                    self._check(value.key, node, state)
        if isinstance(node.func, cst.Attribute) and node.func.attr.value not in STR_NORMALISERS | {"format"}:
            base = self.peek(node.func.value, state)
            if base is not None and not self._in_test:
                self._check(base.key, node, state)
        self._record_sink(node, qualified, state)
        self._record_raw_mapping_sent(node, qualified, state)

    def _record_raw_mapping_sent(self, node: cst.Call, qualified: str, state: State) -> None:
        """``client.get(url, params=arguments)`` after ``checked = validate_params(arguments, ...)``:
        the request carries the raw values the validator checked and normalised, not its copy."""
        copies = [name[len(_COPY):] for name in state.values if name.startswith(_COPY)]
        if not copies or not _is_request_call(node, qualified):
            return
        if any(self.is_mapping(arg.value, state) for arg in node.args):
            copy = copies[0]
            label = dotted_name(node.func) or node.func.attr.value
            self._add_sink(SinkSite(node=node, kind="mapping", call=f"{label}()", key="", derived=False,
                                    served=state.served, validated_copy=copy))

    def _check(self, key: str, node, state: State) -> None:
        self.values.checks.setdefault(key, []).append((node, state.served))

    def _record_sink(self, node: cst.Call, qualified: str, state: State) -> None:
        for kind, expr in self._sink_inputs(node, qualified, state):
            value = self._derive(expr, state)
            if value is None or (self._is_constrained(value, state) and not self._unused_form_of(value.key, state)):
                continue  # limited, unless the code made the escaped form this sink needs and left it unused
            kind = self._sink_kind(kind, value, self._checked_form_of(value.key, state)[0] is not None)
            if kind is None and self._built_beside_unused_form(node, expr, value, state):
                kind = "built-text"
            if kind is None:
                continue
            label = dotted_name(node.func) or (node.func.attr.value if isinstance(node.func, cst.Attribute) else "call")
            # text built in the call, or in the handler before a helper sent it: reported where
            # the argument enters it
            built_here = value.derived and value.origin is not None and not isinstance(expr, cst.Name)
            site = value.origin if built_here else None
            if value.derived and value.origin is not None and id(value.origin) in self._entry_origins:
                # built before the helper was called: reported at the handler's call that hands
                # it on, or where the argument enters the text when that call builds it
                site = self._handing_site(value.origin)
            checked_form, form_site = self._checked_form_of(value.key, state)
            if checked_form is not None and site is None and value.derived and value.origin is not None \
                    and contains(self._function or self.handler.function, value.origin):
                site = value.origin  # text built here from the raw value beside its form: where the form belonged
            if form_site is not None and site is not None and contains(form_site, site):
                form_site = site  # built in the handing call itself: where the argument enters the text
            self._add_sink(SinkSite(node=node, kind=kind, call=f"{label}()", key=value.key,
                                    derived=value.derived, served=state.served,
                                    site=form_site or site, origin=value.origin if value.derived else None,
                                    checked_form=checked_form,
                                    chosen_base=_chosen_base(state, value.key)))
            return

    def _built_beside_unused_form(self, node: cst.Call, expr, value: TaintVal, state: State) -> bool:
        """``lit = xpath_literal(artifact)`` never used (or only tested, ``if not lit: raise``),
        then ``root.findall(f".//dep[id='{artifact}']")``: text built from the raw argument is
        handed to a method of some object although the code made the form that text needed
        and left it unused. Whatever the method runs (a query, a match, a lookup), the form
        was made for it; an exception, a log line or a message (the neutral calls) take the
        text as sent by design, so only a method call (``obj.m(...)``) counts, and only text
        built here from the value (not the value alone: a method handed the argument itself
        runs what it was given)."""
        if not isinstance(node.func, cst.Attribute) or node.func.attr.value in _NEUTRAL_CALLS \
                or not value.derived or isinstance(expr, cst.Name):
            return False
        return self._unused_form_of(value.key, state)

    @staticmethod
    def _sink_kind(kind: str, value: TaintVal, formed: bool) -> str | None:
        """What a sink input is (``url``, ``url-part``, ``sql``, ``shell``, ``argv``, ``ldap``,
        ``header``...), or None when it is no finding: text that is not SQL or a URL beyond
        doubt, or an argument run by design (a ``query`` run as SQL, a ``command`` run by a
        shell, a ``path`` forwarded to an API). ``formed``: the code made a checked form of the
        argument (``q = sanitize(query)``, ``slug = slugify(name)``) and the raw value is used
        instead, so nothing is by design any more; a mail header is judged only then."""
        template = value.template or ""
        if kind == "request-data":
            # a query or body a request sends: what the API is asked for by design, unless the
            # code made its escaped form (`escape_term(term)` for a query_string) and sent the raw one
            return kind if formed else None
        if kind == "pattern":
            # a regular expression or glob pattern: the argument is matched as a pattern by
            # design unless the code made its escaped form (`re.escape`, `glob.escape`)
            return kind if formed else None
        if kind == "url-like":
            # a request method of a client mcplint cannot see made (a lifespan's, a
            # parameter's): a URL when the text built is a path or an absolute URL
            if not (value.derived and _URL_TEMPLATE.match(template)):
                return None
            kind = "url"
        if kind == "url" and value.derived and not value.leading:
            # the argument fills a path or query part of a fixed host: unencoded, `../` or
            # `&x=` in it selects another resource of that host
            kind = "url-part"
            if _PATH_KEYS.search(value.key) and not formed:
                return None  # `f"{HOST}{request_path}"`: a tool that forwards the path it is given, by design
        if kind in ("sql", "shell") and _QUERY_KEYS.search(value.key) and not formed:
            return None  # `EXPLAIN {sql}`: a query or command argument is run by design
        if kind == "sql" and not (value.derived and _SQL_WORDS.search(template)) and not formed:
            return None  # a raw query tool runs what it is given by design; report built SQL only
        if kind in ("sql-text", "query-text") and value.derived and _is_graphql(template):
            kind = "graphql"  # `query { boards (ids: {board}) ...}` built from the argument
        if kind == "sql-text":
            if not (value.derived and _is_sql_statement(template)):
                return None  # text handed to some call, not SQL beyond doubt
            kind = "sql"
        if kind == "query-text":
            if not (value.derived and (_is_sql_statement(template) or _SQL_COMMAND.search(template))):
                return None  # a query method handed text that is not a statement built from the value
            if _QUERY_KEYS.search(value.key) and not formed:
                return None  # a query argument is run by design
            kind = "sql"
        if kind == "ldap-filter":
            # `f"(&(objectClass=person)(cn={name}))"` handed to a directory search
            return "ldap" if value.derived and _LDAP_FILTER.search(template) else None
        if kind == "header" and not formed:
            return None  # a mail tool sets the address it is given, by design
        if kind == "shell" and not value.derived and not formed:
            return None  # a command tool runs what it is given by design; report built commands only
        if kind == "argv" and (value.derived or (not formed and (_QUERY_KEYS.search(value.key)
                                                                   or _ARGV_KEYS.search(value.key)))):
            # built text (`f"--ref={ref}"`, `os.path.abspath(p)`) starts with what it was built
            # with; a command or its arguments are run by design
            return None
        return kind

    def _checked_form_of(self, key: str, state: State) -> tuple[tuple[str, cst.CSTNode] | None, cst.CSTNode | None]:
        """The checked form of ``key`` this path of the walk holds, or a caller held when it
        called the helper walked (``sha = resolve_commit(base)``), as (local, assignment); when
        a caller made it, also that caller's call which handed the raw value on instead
        (``diff_against(repo, base)``): the fault is there, where the form was at hand, not in
        the helper that runs what it is given."""
        form = state.values.get(_FORM + key)
        if form is not None:
            return (_bound_name(form.node), form.node), None
        walker: ValueWalker = self
        while isinstance(getattr(walker, "_parent", None), ValueWalker):
            form = walker._caller_forms.get(_FORM + key)
            walker = walker._parent
            if form is not None:
                return (_bound_name(form.node), form.node), self._call_in(walker)
        return None, None

    def _call_in(self, caller: "ValueWalker") -> cst.CSTNode:
        """The call in ``caller``'s function that led, helper by helper, to this walk."""
        child = self
        while child._parent is not caller:
            child = child._parent
        return child._own_call_site

    def _add_sink(self, sink: SinkSite) -> None:
        self.values.sinks.append(sink)

    def _handing_site(self, origin: cst.CSTNode) -> cst.CSTNode:
        """Where text built from an argument before this helper was called is reported: the
        call that handed it on from the function that built it (or the argument's place in
        that call, when the call builds it)."""
        child = self
        while isinstance(child._parent, ValueHelperView) and id(origin) in child._parent._entry_origins:
            child = child._parent
        call = child._own_call_site
        caller = child._parent
        caller_function = caller._function or caller.handler.function
        if not contains(caller_function, origin):
            return origin  # built by another helper that returned it (`fetch(build_sql(sort))`): where it was built
        return origin if contains(call, origin) else call

    def _sink_inputs(self, node: cst.Call, qualified: str, state: State) -> Iterator[tuple[str, Any]]:
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
        if qualified in _PATH_SINK_CALLS or qualified.startswith("pandas.read_"):
            if args:
                yield "path", args[0]
            return
        if qualified in _URL_CALLS:
            url = keywords.get("url") or (args[1] if qualified.endswith(".request") and len(args) > 1 else
                                          (args[0] if args else None))
            if url is not None:
                yield "url", url
            yield from _request_data(keywords)
            return
        if qualified in _SHELL_CALLS and args:
            yield "shell", args[0]
            return
        if qualified in _SUBPROCESS_CALLS and args and _is_true(keywords.get("shell")):
            yield "shell", args[0]
            return
        if qualified in _SUBPROCESS_CALLS and args and isinstance(args[0], (cst.List, cst.Tuple)):
            yield from _option_positions(self._argv_entries(args[0].elements))
            return
        if qualified in _SUBPROCESS_CALLS and args and isinstance(args[0], cst.Name) \
                and args[0].value in self._argv_lists:  # `cmd = ["git", "log", rev]; subprocess.run(cmd)`
            yield from _option_positions(self._argv_entries(self._argv_lists[args[0].value]))
            return
        if qualified in _EXEC_CALLS:
            yield from _option_positions(self._argv_entries([a for a in node.args if a.keyword is None]))
            return
        if qualified in _PATTERN_CALLS:
            position = _PATTERN_CALLS[qualified]
            if len(args) > position:
                yield "pattern", args[position]
            return
        if not isinstance(node.func, cst.Attribute):
            if qualified.rsplit(".", 1)[-1] not in _NEUTRAL_CALLS:
                yield from self._sql_text_inputs(node)  # `run_query(f"SELECT ... '{name}'")`
            return
        method = node.func.attr.value
        receiver = node.func.value
        if method in _FILE_WRITER_METHODS:
            target = args[0] if args else next((keywords[k] for k in _FILE_WRITER_KEYWORDS if k in keywords), None)
            if target is not None:
                yield "path", target
            return
        if method in _PATH_SINK_METHODS:
            base = self._derive(receiver, state)
            if base is not None and base.path:
                yield "path", receiver
            elif method in _GLOB_METHODS and args:
                yield "pattern", args[0]  # `ROOT.glob(f"{prefix}*.pdf")`: the argument is the pattern
            return
        if method in _HTTP_METHODS and dotted_name(receiver) in self._clients:
            url = keywords.get("url") or (args[1] if method == "request" and len(args) > 1 else
                                          (args[0] if args else None))
            if url is not None:
                yield "url", url
            yield from _request_data(keywords)
            return
        if method in _HTTP_METHODS and "url" in keywords:
            yield "url-like", keywords["url"]  # `client.request(method=m, url=path)` of an unknown client
            return
        if method in _HTTP_METHODS and method != "get" and args:
            yield "url-like", args[1] if method == "request" and len(args) > 1 else args[0]
            return
        if method in ("add_header", "replace_header") and len(args) == 2 \
                and (_literal_text(args[0]) or "").lower() in _MAIL_HEADERS:
            yield "header", args[1]  # `msg.add_header("Reply-To", reply_to)`
            return
        if method in _LDAP_SEARCH_METHODS and (args or keywords):
            # ldap3 `conn.search(base, filter)`, python-ldap `search_s(base, scope, filterstr)`:
            # the filter is whichever text argument holds one (judged by its template)
            yield from (("ldap-filter", text) for text in [*args, *keywords.values()])
            return
        if method in _SQL_METHODS and args:
            yield "sql", args[0]
            return
        if _QUERY_METHOD.search(method):
            # `db.query_one(sql)`, `runner.run_query(sql)`, `client._query(gql)`: a method named
            # for running a query, whatever the driver; judged by the text it is handed
            text = args[0] if args else next((v for k, v in keywords.items() if _QUERY_KEYS.search(k)), None)
            if text is not None:
                yield "query-text", text
            return
        if method not in _NEUTRAL_CALLS and not self._submits_project_function(node):
            yield from self._sql_text_inputs(node)

    def _submits_project_function(self, node: cst.Call) -> bool:
        """``POOL.submit(run_statement, sql)``: the text goes to the function, which the walk
        follows (its own sink names the call that runs it)."""
        if not isinstance(node.func, cst.Attribute) or node.func.attr.value != "submit" or not node.args:
            return False
        target = node.args[0].value
        return isinstance(target, (cst.Name, cst.Attribute)) and self._local_function(target) is not None

    def _sql_text_inputs(self, node: cst.Call) -> Iterator[tuple[str, Any]]:
        """The text arguments of any other method call (``client.query_json_rows(sql)``), judged
        as SQL only when their literal text is an SQL statement beyond doubt (``_is_sql_statement``)."""
        for arg in node.args:
            if not arg.star and (arg.keyword is None or _QUERY_KEYS.search(arg.keyword.value)):
                yield "sql-text", arg.value


class ValueHelperView(ValueWalker, HelperView):
    """The walk of a helper that the value walk follows (handed an argument value, the
    mapping, or reading one by closure): flow's helper view, recording the sinks it reaches
    into the handler's facts, each with the handler's call that led there (``via``). Truth
    tests, presence tests and checks inside it stay its own (MCP303/MCP304 judge the
    handler's code)."""

    def __init__(self, outer: ValueWalker, constants, call_site) -> None:
        HelperView.__init__(self, outer, constants, call_site)
        own = HandlerValues(server=outer.values.server, handler=outer.values.handler,
                            parameters=outer.values.parameters, sinks=outer.values.sinks)
        # no clients yet: walk_helper names those of the helper it walks (those of the
        # handler, every call it assigns qualified again per helper walked, were never read)
        self._start_tracking(own, None)
        self._via = outer._via or call_site
        self._parent = outer
        self._caller_forms = outer._forms_at_call

    def walk_helper(self, function, state: State):
        methods = self._methods()
        self._clients = _client_names(self.info, function, methods) | _attribute_clients(self.info, methods)
        # text built before the call (`run_sql(f"... {topic}")`): reported where it was built,
        # not at the helper's sink
        self._entry_origins = {id(value.origin) for value in state.values.values()
                               if getattr(value, "derived", False) and getattr(value, "origin", None) is not None}
        agreed, final = HelperView.walk_helper(self, function, state)
        return (agreed if agreed is not None else self._built_return()), final

    def _built_return(self) -> TaintVal | None:
        """A helper that returns a path or text built from one argument on some paths and a
        fixed value on others (``resolve_workspace_path(raw)``: ``return ROOT`` when empty,
        ``return (ROOT / raw).resolve()`` otherwise) hands the caller that argument, built:
        where one path returns it unchecked, the caller's sink gets it unchecked."""
        built = [value for value in self.returned if isinstance(value, TaintVal) and value.derived]
        if not built or any(value is not None and value.key != built[0].key for value in self.returned):
            return None
        unchecked = [value for value in built if not value.constrained]
        return (unchecked or built)[0]

    def walk_small(self, small, state: State) -> bool:
        if isinstance(small, cst.Return):  # its value is what the caller gets: flow's helper view records it
            if small.value is not None:
                self.scan(small.value, state)
            return HelperView.walk_small(self, small, state)
        return ValueWalker.walk_small(self, small, state)

    def _add_sink(self, sink: "SinkSite") -> None:
        sink.via = self._via
        super()._add_sink(sink)


# -- utilities -------------------------------------------------------------------------------
def _bound_name(binding: cst.CSTNode) -> str:
    """The local an assignment, annotated assignment or walrus binds (checked forms are kept
    only for those whose target is a plain name)."""
    target = binding.targets[0].target if isinstance(binding, cst.Assign) else binding.target
    return target.value


def _chosen_base(state: State, key: str) -> tuple[str, cst.CSTNode] | None:
    """(the caller-chosen base's key, the containment test) recorded on this path for ``key``."""
    chosen = state.values.get(_CHOSEN_BASE + key)
    return (chosen.key, chosen.node) if chosen is not None else None


def _names_read(function: cst.FunctionDef) -> frozenset[str]:
    """Every name ``function``'s body mentions (nested scopes too: a closure of a closure)."""
    return names_in(function.body)


def _assigned_in(function: cst.FunctionDef) -> set[str]:
    """Names ``function`` binds itself: assignment and loop targets, ``with ... as``, imports."""
    names: set[str] = set()
    for node in walk(function.body, into_nested_scopes=False):
        targets = []
        if isinstance(node, cst.AssignTarget):
            targets.append(node.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            targets.append(node.target)
        elif isinstance(node, (cst.For, cst.CompFor)):
            targets.append(node.target)
        elif isinstance(node, cst.AsName):
            targets.append(node.name)
        elif isinstance(node, cst.NamedExpr):
            targets.append(node.target)
        for target in targets:
            names |= {n.value for n in walk(target) if isinstance(n, cst.Name)}
    return names


def _returns_data(function: cst.FunctionDef) -> bool:
    """Whether every ``return`` of ``function`` gives a value that is no flag: not bare, not
    ``None``/``True``/``False``, not a comparison or ``not`` (``check_args(arguments)`` answering
    yes or no made no copy of the mapping)."""
    returns = [node for node in walk(function.body, into_nested_scopes=False) if isinstance(node, cst.Return)]
    return bool(returns) and all(
        node.value is not None and not (isinstance(node.value, cst.Name) and node.value.value in ("None", "True", "False"))
        and not isinstance(node.value, (cst.Comparison, cst.UnaryOperation)) for node in returns)


#: keywords of an HTTP request call that carry its query or body
_REQUEST_DATA_KEYWORDS = ("json", "data", "params", "content")


def _request_data(keywords: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The query and body a request call sends (``client.post(url, json=body)``), as sink
    inputs of kind ``request-data``."""
    return (("request-data", keywords[name]) for name in _REQUEST_DATA_KEYWORDS if name in keywords)


def _option_positions(elements: list) -> Iterator[tuple[str, Any]]:
    """The argv entries of a command (``["git", "show", ref]``, ``*args`` spread in) that a
    program reads as an option when they start with ``-``: every entry after the program's
    name up to a ``"--"`` entry, which ends the options."""
    flag = None
    for element in elements[1:]:
        value = element.value
        text = literal_value(value) if isinstance(value, cst.SimpleString) else None
        if text == "--":
            return
        if flag is None or "=" in flag:
            yield "argv", value  # after `-s` / `--file` it is that option's value instead
        flag = text if isinstance(text, str) and text.startswith("-") else None


def _is_graphql(template: str) -> bool:
    """Whether built text is a GraphQL document: an operation (``query {``, ``mutation
    Name($id: ID!) {``) opening a selection set."""
    return bool(_GRAPHQL.match(template))


def _is_sql_statement(template: str) -> bool:
    """Whether built text is an SQL statement (see ``_SQL_STATEMENT``), not prose that says
    "select ... from"."""
    return bool(_SQL_STATEMENT.search(template) or _SQL_STATEMENT_LOWER.search(template))


def _is_request_call(node: cst.Call, qualified: str) -> bool:
    """An HTTP request (``httpx.get``, ``client.post``...) or an SQL ``execute``: a call whose
    mapping argument becomes what a remote service or database is asked for."""
    if qualified in _URL_CALLS:
        return True
    return isinstance(node.func, cst.Attribute) and node.func.attr.value in (_HTTP_METHODS | _SQL_METHODS) \
        and node.func.attr.value != "get" or _sends_as_request_data(node)


def _sends_as_request_data(node: cst.Call) -> bool:
    """``x.get(url, params=arguments)``: ``get`` with a ``params``/``json``/``data`` keyword is a
    request, not a dict lookup."""
    return isinstance(node.func, cst.Attribute) and node.func.attr.value in _HTTP_METHODS \
        and any(arg.keyword is not None and arg.keyword.value in ("params", "json", "data") for arg in node.args)


def _compared_presences(node: cst.Comparison) -> Iterator[int]:
    """The ``bool(...)`` calls of ``bool(a) == bool(b)`` / ``bool(a) != bool(b)`` (every
    operand a one-argument ``bool()`` call): which of the values is non-empty, compared."""
    operands = [node.left] + [target.comparator for target in node.comparisons]
    if not all(isinstance(target.operator, (cst.Equal, cst.NotEqual)) for target in node.comparisons) \
            or not all(isinstance(operand, cst.Call) and dotted_name(operand.func) == "bool" and len(operand.args) == 1
                       for operand in operands):
        return iter(())
    return (id(operand) for operand in operands)


def _is_none(node) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _as_taint(value: Val, **changes) -> TaintVal:
    if isinstance(value, TaintVal):
        return replace(value, **changes)
    base = {f: getattr(value, f) for f in ("key", "node", "normalized", "default", "missing", "checked", "from_get")}
    return TaintVal(**base, **changes)


def _client_names(info: ModuleInfo, function: cst.FunctionDef,
                  methods: dict[str, cst.FunctionDef] | None = None) -> set[str]:
    """Local and module names bound to an HTTP client (``async with httpx.AsyncClient() as c``),
    or to what a project function or a method of ``methods`` returns when its return annotation
    is a client (``client = await self._get_client()`` of ``async def _get_client(self) ->
    httpx.AsyncClient``: the lazily made client most API wrappers keep).

    Reads statements only (not every expression node), which keeps big handlers cheap.
    """
    names: set[str] = set(_annotated_clients(info, function))
    for call, targets in _constructions(function):
        if (info.qualify(call.func) or "") in _CLIENT_CTORS or _returns_client(info, call.func, methods or {}):
            names.update(dotted_name(target) for target in targets if dotted_name(target))
    return names | _client_constants(info)


def _annotated_clients(info: ModuleInfo, function: cst.FunctionDef) -> set[str]:
    """Parameters annotated as an HTTP client (``client: httpx.AsyncClient``, ``session:
    requests.Session | None``): a client injected by the caller sends requests as one made here."""
    names = set()
    for param in (*function.params.params, *function.params.kwonly_params):
        annotation = param.annotation.annotation if param.annotation is not None else None
        if annotation is not None and any((info.qualify(member) or "") in _CLIENT_CTORS
                                          for member in _union_members(annotation)):
            names.add(param.name.value)
    return names


def _returns_client(info: ModuleInfo, func: cst.BaseExpression, methods: dict[str, cst.FunctionDef]) -> bool:
    """Whether ``func`` names a project function (``get_client``) or a method of ``self``
    (``self._get_client``) annotated to return an HTTP client."""
    function = None
    if isinstance(func, cst.Name):
        function = info.functions.get(func.value)
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in ("self", "cls"):
        function = methods.get(func.attr.value)
    if function is None or function.returns is None:
        return False
    annotation = function.returns.annotation
    return (info.qualify(annotation) or "") in _CLIENT_CTORS


def _attribute_clients(info: ModuleInfo, methods: dict[str, cst.FunctionDef]) -> set[str]:
    """``self._http`` when a method of the class assigns it an HTTP client
    (``self._http = httpx.AsyncClient(base_url=...)`` in ``__init__``): a client class's request
    methods then send what its methods build (``self._http.get(f"/repos/{repo}/issues")``)."""
    names: set[str] = set()
    for method in methods.values():
        for call, targets in _constructions(method):
            if (info.qualify(call.func) or "") in _CLIENT_CTORS:
                names.update(name for name in map(dotted_name, targets)
                             if name is not None and name.startswith("self."))
        injected = _annotated_clients(info, method)
        if injected:  # `def __init__(self, client: httpx.AsyncClient): self.client = client`
            names.update(_attributes_bound_from(method, injected))
    return names


def _attributes_bound_from(method: cst.FunctionDef, params: set[str]) -> Iterator[str]:
    """``self.x`` attributes a method's top-level statements bind to one of ``params``."""
    for statement in suite_statements(method.body):
        for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and isinstance(small.value, cst.Name) and small.value.value in params:
                yield from (name for t in small.targets if (name := dotted_name(t.target)) and name.startswith("self."))


_CONSTRUCTIONS: dict = {}


def _constructions(function: cst.FunctionDef) -> list[tuple[cst.Call, list[cst.BaseExpression]]]:
    """The calls whose value ``function``'s statements name (``with <call> as x``, ``x = <call>``),
    with the names, in statement order; memoised per function (every helper walk asks again
    about the handler it started from). What each call makes is judged by the caller, each
    time: the module's bindings may have grown since."""
    return memo_by_node(_CONSTRUCTIONS, function, lambda: list(_find_constructions(function)), limit=256)


def _find_constructions(function: cst.FunctionDef) -> Iterator[tuple[cst.Call, list[cst.BaseExpression]]]:
    for statement in _statements(suite_statements(function.body)):
        if isinstance(statement, cst.With):
            for item in statement.items:
                if item.asname is not None and isinstance(item.item, cst.Call):
                    yield item.item, [item.asname.name]
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                value = small.value.expression if isinstance(small, cst.Assign) \
                    and isinstance(small.value, cst.Await) else getattr(small, "value", None)
                if isinstance(small, cst.Assign) and isinstance(value, cst.Call):
                    yield value, [t.target for t in small.targets]
                elif isinstance(small, cst.Assign) and _fallback_call(value) is not None:
                    # `self.http = http or httpx.AsyncClient()`: what the fallback makes is the kind held
                    yield _fallback_call(value), [t.target for t in small.targets]


def _fallback_call(value: cst.BaseExpression | None) -> cst.Call | None:
    """The call after ``or`` in ``given or make()`` (an injected object, else one made here)."""
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) \
            and isinstance(value.right, cst.Call):
        return value.right
    return None


def _client_constants(info: ModuleInfo) -> set[str]:
    """The module constants bound to an HTTP client (``client = httpx.AsyncClient()``).

    Computed once per module and reused while its bindings stay as they are: every handler
    asks, and a generated module with thousands of servers has thousands of constants.
    Project imports bind more names as they are looked up (``mcplint.model.project``, which
    counts its bindings in ``bindings_generation``), so a change recomputes the set.
    """
    state = (info.__dict__.get("bindings_generation", 0), len(info.constants), len(info.imports))
    memo = info.__dict__.get("_client_constants")
    if memo is not None and memo[0] == state:
        return memo[1]
    names = {name for name, value in info.constants.items()
             if isinstance(value, cst.Call) and (info.qualify(value.func) or "") in _CLIENT_CTORS}
    info.__dict__["_client_constants"] = (state, names)
    return names


def _statements(statements) -> Iterator[cst.CSTNode]:
    """Every statement of ``statements`` and of their blocks, in source order (pre-order);
    iterative, since nested generators cost each branch of an ``elif`` chain of n branches n frames."""
    stack = [iter(statements)]
    while stack:
        statement = next(stack[-1], None)
        if statement is None:
            stack.pop()
            continue
        yield statement
        stack.append(_nested_statements(statement))


def _nested_statements(statement) -> Iterator[cst.CSTNode]:
    """The statements one level inside ``statement``: its body, ``orelse`` (an ``elif`` as
    the statement itself), ``finalbody``, handlers and cases, in that order."""
    for attribute in ("body", "orelse", "finalbody"):
        block = getattr(statement, attribute, None)
        if isinstance(block, cst.BaseSuite):
            yield from suite_statements(block)
        elif block is not None and hasattr(block, "body") and isinstance(block.body, cst.BaseSuite):
            yield from [block] if isinstance(block, cst.If) else suite_statements(block.body)
    for handler in getattr(statement, "handlers", ()) or ():
        yield from suite_statements(handler.body)
    for case in getattr(statement, "cases", ()) or ():
        yield from suite_statements(case.body)


def _piece_added(small) -> tuple[str | None, Any]:
    """(local, piece) for a statement adding a piece to text or a list held in a local:
    ``name += piece``, ``name.append(piece)``, ``name.insert(i, piece)``, ``name.extend(piece)``;
    (None, None) for any other statement."""
    if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign) \
            and isinstance(small.target, cst.Name):
        return small.target.value, small.value
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        call = small.value
        if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
                and all(a.keyword is None and not a.star for a in call.args):
            method, count = call.func.attr.value, len(call.args)
            if method in ("append", "extend") and count == 1 or method == "insert" and count == 2:
                return call.func.value.value, call.args[-1].value
    return None, None


def _literal_text(node) -> str | None:
    """The text of a string literal, or of a list or tuple of them joined by spaces; None for
    anything else."""
    if isinstance(node, (cst.List, cst.Tuple)):
        texts = [_literal_text(e.value) for e in node.elements]
        return None if any(t is None for t in texts) else " ".join(texts)
    if isinstance(node, cst.ConcatenatedString):
        left, right = _literal_text(node.left), _literal_text(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, cst.SimpleString):
        value = literal_value(node)
        return value if isinstance(value, str) else None
    return None


def _string_items(value: Any) -> list[str]:
    """The items of a list, tuple or set of strings (empty for anything else)."""
    if isinstance(value, (list, tuple, set, frozenset)) and all(isinstance(item, str) for item in value):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    return []


def _is_text(node) -> bool:
    return isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))


def _is_true(node) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


__all__ = ["HandlerValues", "PresenceTest", "SinkSite", "TaintVal", "TruthTest", "ValueWalker", "handler_values",
           "overlaps"]
