"""The MCP model's vocabulary: what a server declares and what its handlers read, raise and render.

Rules query these values; they never walk raw CST to rediscover prompts. Every fact keeps
the libcst node of its site so the engine can compute positions only for what it reports.
A ``served`` set names the prompts (or tools) a fact applies to; ``None`` means every
declaration the handler serves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import libcst as cst


class Stack(str, Enum):
    """Framework stack of a server (``../shared/FRAMEWORKS.md`` §1-7).

    ``LOWLEVEL`` and ``FASTMCP`` are used when the API shape names the family but nothing
    fixes the major version.
    """

    MCP1_LOWLEVEL = "mcp1-lowlevel"
    MCP2_LOWLEVEL = "mcp2-lowlevel"
    LOWLEVEL = "lowlevel"
    MCP1_FASTMCP = "mcp1-fastmcp"
    MCP2_MCPSERVER = "mcp2-mcpserver"
    FASTMCP2 = "fastmcp2"
    FASTMCP3 = "fastmcp3"
    FASTMCP4 = "fastmcp4"
    FASTMCP = "fastmcp"

    @property
    def is_lowlevel(self) -> bool:
        """True for the low-level ``Server`` (handlers get the raw arguments mapping)."""
        return self in (Stack.MCP1_LOWLEVEL, Stack.MCP2_LOWLEVEL, Stack.LOWLEVEL)


@dataclass
class ArgumentDecl:
    """One declared prompt argument or tool input property.

    ``required`` is None when it cannot be known statically; ``node`` is the declaration
    site (the ``PromptArgument(`` call, the schema property key, or the parameter).
    """

    name: str
    required: bool | None
    node: cst.CSTNode
    required_explicit: bool = True
    description: str | None = None
    # The literal that declares it (``PromptArgument(...)`` call or ``{"name": ...}`` dict),
    # None for a signature parameter or a schema property.
    literal: cst.CSTNode | None = None


@dataclass
class Declaration:
    """A prompt or tool as the server lists it.

    ``kind`` is ``"prompt"`` or ``"tool"``; ``arguments`` is None when the list cannot be
    evaluated statically (rules then stay silent); ``style`` says where it was declared:
    ``literal`` (types.Prompt/Tool), ``signature`` (a decorated function), ``explicit``
    (``Prompt(..., arguments=[...], fn=...)``) or ``subclass`` (a ``Prompt`` subclass).
    """

    kind: str
    name: str | None
    arguments: list[ArgumentDecl] | None
    node: cst.CSTNode
    style: str = "literal"
    # The evaluated keyword fields of the declaring ``Prompt(...)``/``Tool(...)`` call (values
    # may be UNKNOWN), None for a signature declaration: the contract export reads them.
    fields: dict[str, Any] | None = None
    # The object the declaration was read from (an evaluated ``ReviewPrompt()`` of a handler
    # list, an ``Entry(prompt, fn)`` of a registry), whose methods or function fields serve
    # it; None otherwise.
    holder: Any = None

    def argument(self, name: str) -> ArgumentDecl | None:
        """The declared argument called ``name`` (exact match), if any."""
        for argument in self.arguments or ():
            if argument.name == name:
                return argument
        return None


@dataclass
class DefaultUse:
    """A value substituted when the caller left an argument out (or sent it empty).

    ``value`` is the evaluated default (UNKNOWN when not evaluable); ``rejected`` becomes
    true when a later guard that raises or returns would reject that value, ``uncertain``
    when a guard could not be evaluated. MCP101 fires on neither. ``implicit`` marks the None
    that ``args.get(k)`` yields without a default, once that value is used.
    """

    key: str
    node: cst.CSTNode
    value: Any
    served: frozenset[str] | None
    missing_key: bool = True  # stands in only for an absent key (not for an empty value)
    rejected: bool = False
    uncertain: bool = False
    # The None of ``args.get(k)`` without a default, recorded once the value is used
    # (rendered or passed on); ``node`` is the ``.get`` call.
    implicit: bool = False
    # Where the default is written when that is apart from ``node``, the call that applies it:
    # the default of a parameter ``**arguments`` fills, of a model or dataclass field, the
    # keyword a ``functools.partial`` bound. MCP101 reports there (the defect site) and names
    # ``node`` as the related location.
    origin: cst.CSTNode | None = None
    # Values an ambient default (an environment variable's fallback, the locale's) takes where
    # nothing is configured (mcplint.model.ambient.witness): a guard one of them passes does not
    # reject the default.
    witnesses: tuple = ()
    # The default is computed from the server process (environment, locale, user, clock).
    ambient: bool = False
    # A default a project helper's guards were run on and let through (mcplint.model.guard_run):
    # what the helper made of it may still be replaced by a later fallback, the one to report.
    via_helper: bool = False


@dataclass
class Read:
    """An access to one argument key: subscript, ``.get``, ``in``, a parameter use, a helper call.

    ``guarded`` is true when presence was established before (a guard that raises, an
    enclosing ``if "k" in args``, a validating helper) or a ``try`` catches the KeyError.
    ``mapping_may_be_none`` is true when the mapping itself may still be None here.
    ``function`` is the function whose code holds the access (None: the handler itself).
    """

    key: str
    node: cst.CSTNode
    form: str
    served: frozenset[str] | None
    guarded: bool = False
    mapping_may_be_none: bool = False
    # The function whose code holds the access: the handler, or a helper walked in place
    # (each needs its own check that the mapping is not None).
    function: cst.CSTNode | None = None
    # Where the key is written when the read is not (the field of a pydantic model or
    # dataclass built from the mapping), else None.
    origin: cst.CSTNode | None = None
    # The statement holding the access (an ``if``/``for`` header counts as its statement):
    # ``[f"{k}: {args[k]}" for k in KEYS if args.get(k)]`` reads a key twice in one place.
    statement: cst.CSTNode | None = None
    # The value is assigned to a local nothing uses (``_tone = args.get("tone")``): the key
    # is touched but the caller's value reaches nothing (mcplint.model.dropped_reads).
    dropped: bool = False
    # The project function the value is handed to and never read by (``render(code, focus)``
    # with ``render`` ignoring ``focus``), when that is how it is dropped.
    dropped_into: cst.CSTNode | None = None
    # How the value ends when every path of it is without effect (only logged, discarded,
    # deleted, tested by a branch that only logs: mcplint.model.value_fates), and where.
    dropped_how: str | None = None
    dropped_at: cst.CSTNode | None = None


@dataclass
class ErrorKind:
    """What a raise raises, as far as the source says.

    ``category``: ``generic`` (ValueError, KeyError, RuntimeError, a plain project
    exception, an ``assert``), ``mcp`` (McpError/MCPError with ``code``), ``fastmcp-validation``
    (fastmcp.exceptions.ValidationError), ``pydantic-validation``, ``fastmcp-error`` (fastmcp's
    ToolError, PromptError...), ``sdk-error`` (the SDK's own FastMCP/MCPServer exceptions:
    ``mcp.server.fastmcp.exceptions.ToolError``...), or ``unknown``.

    ``ancestors``: the classes it is an instance of beyond its own name, as far as the source
    and the known library hierarchies say (``("ValueError",)`` for ``class BadInput(ValueError)``;
    ``("FastMCPError", "Exception")`` for fastmcp's ValidationError, which is no ValueError).
    Empty: judge by the name alone (:func:`mcplint.model.errors.is_subclass_name`).

    ``fails_on``: the mcp major version on which building this exception raises ``TypeError``
    before anything is raised (``McpError(ErrorData(...))`` on fastmcp 4's alias of mcp 2.x's
    ``MCPError``; ``McpError(code=..., message=...)`` on mcp 1.x), with ``broken`` saying why.
    """

    category: str
    name: str
    code: int | None = None
    ancestors: tuple[str, ...] = ()
    fails_on: int | None = None
    broken: str | None = None


@dataclass
class RaiseSite:
    """A raise (or assert) in a handler with why it happens.

    ``reason`` is ``unknown-name`` (the name matched no declaration), ``argument`` (a test
    or conversion of an argument value failed) or None (not a caller error as far as the
    control flow shows). ``implicit`` names the conversion when nothing is written but a
    conversion of an argument value (``int(days)``) raises on a bad value.
    """

    node: cst.CSTNode
    error: ErrorKind
    reason: str | None
    key: str | None
    served: frozenset[str] | None
    # For an implicit raise, the conversion that raises (``int()``); ``node`` is its call.
    implicit: str | None = None
    # An implicit raise that happens when the argument is missing (a model's required
    # field), rather than on a bad value.
    when_missing: bool = False
    # A raise that crossed a boundary on its way out (mcplint.model.error_boundaries, a task
    # group): what was raised inside and what turned it into ``error``, for messages
    # (``McpError``, ``the logged decorator``); ``node`` is then the boundary's raise or ``with``.
    through: tuple[str, str] | None = None


@dataclass
class ReturnSite:
    """A ``return`` of the handler itself (not of a helper it calls), with the path it is on.

    ``value``: ``none``, ``empty`` (``[]``, ``""``, ``{}``), ``str``, ``dict``, ``content``
    (TextContent or a list of them), ``messages`` (a list of prompt messages), ``result`` (``CallToolResult`` without ``isError=True``),
    ``result-error`` (``isError=True``), ``prompt-result`` (``GetPromptResult``),
    ``prompt-empty`` (``GetPromptResult`` with no messages), ``error-data`` or ``unknown``.
    ``failure``: None (not a failure path as far as the control flow shows), ``except``
    (inside an ``except`` clause that did no other work first), ``unknown-name`` (the branch
    serving no declared name), ``argument`` (the branch of a test that rejects an argument),
    ``lookup`` (the branch where a lookup keyed by a required argument came back empty, whose
    fixed text says the thing was not found), ``outcome`` (the branch where the tool's own call
    reported a failure), ``refusal`` (a branch on an argument's value whose fixed text refuses
    it) or ``envelope`` (a result that says itself it failed). The node of an ``except``
    failure may be the assignment that kept the exception's text for a later ``return``.
    ``text``: what the returned text is built from: ``exception`` (the caught exception),
    ``echo`` (in an ``except`` clause, fixed text naming an argument value its ``try`` body
    worked on), ``failure-text`` (in an ``except`` clause, fixed text that says the work failed:
    "Error loading ...", "Operation timed out", "401: authentication failed"), ``constant``
    (literals and f-strings only), ``computed`` (anything else) or None.
    ``envelope`` marks a result that declares itself a failure (``{"success": False, ...}``,
    ``{"status": "error", ...}``, ``{"error": ...}`` alone, an error builder's value). ``via`` holds the failure returns of a project helper whose
    value this return hands back (``return helper(...)``, ``direct``) or reshapes
    (``result = helper(...)``; ``return json.dumps(result)``).
    """

    node: cst.CSTNode
    value: str
    failure: str | None = None
    served: frozenset[str] | None = None
    text: str | None = None
    key: str | None = None
    envelope: bool = False
    via: tuple["ReturnSite", ...] = ()
    direct: bool = False
    result_class: str | None = None  # for a ``result``: the class as the code names it (returns.shapes.result_class)
    builder: object | None = None  # the error builder whose value this failure return sends (returns.builders.ErrorBuilder)
    # for a ``swallowed`` failure: the ``with`` block's return, judged here, whose node is where the
    # failure was swallowed (the manager's clause, its ``__exit__``'s ``return True``, the ``suppress``)
    returned: cst.CSTNode | None = None

    @property
    def on_failure_path(self) -> bool:
        """True when the control flow puts this return on a failure path."""
        return self.failure is not None


@dataclass
class RenderSite:
    """A value that reaches message text.

    ``kind``: ``raw`` (a raw argument value although ``validated_node`` holds a validated or
    normalised value of it), ``whole-mapping`` (the arguments mapping itself formatted in),
    or ``unchecked`` (a required argument rendered with no check at all, so a missing value
    renders as ``None``, or as ``default.value`` when a default stands in for it and no later
    check rejects that default). ``placeholders_only``: the mapping fills a template's named
    placeholders (``template.format(**arguments)``, ``format_map``), or is a copy filtered to
    chosen keys (``{k: args.get(k) for k in NAMES}``), so other keys never reach the text.
    ``missing_raises``: an ``unchecked`` value read by subscript (``args["k"]``), so a missing
    key raises before rendering and only an empty or blank value reaches the text.
    ``via``: the call of a helper that was handed the mapping and read and rendered the value
    itself (``node`` is then the render inside the helper).
    """

    node: cst.CSTNode
    kind: str
    key: str | None
    served: frozenset[str] | None
    validated_node: cst.CSTNode | None = None
    placeholders_only: bool = False
    default: "DefaultUse | None" = None
    missing_raises: bool = False
    via: cst.CSTNode | None = None  # the handler's call of the helper that read and rendered the value


@dataclass
class HandlerModel:
    """One handler and everything learnt from its code.

    ``style`` is ``mapping`` (reads keys of an arguments mapping) or ``signature``
    (arguments arrive as parameters). ``escaped`` is true when the whole mapping was handed
    to code mcplint cannot follow, so "never read" cannot be judged. ``framework_checks_required``
    is true when the framework rejects missing required arguments before the handler runs.
    """

    kind: str
    function: cst.FunctionDef
    style: str
    declarations: list[Declaration] | None
    framework_checks_required: bool = False
    reads: list[Read] = field(default_factory=list)
    defaults: list[DefaultUse] = field(default_factory=list)
    raises: list[RaiseSite] = field(default_factory=list)
    renders: list[RenderSite] = field(default_factory=list)
    returns: list[ReturnSite] = field(default_factory=list)
    escaped: bool = False
    escape_node: cst.CSTNode | None = None  # where the mapping first escaped (coverage report)
    # Every place the mapping escaped, with the names served there (None: any name), so the
    # coverage report blames a declaration only for the escapes on its own path.
    escapes: list[tuple[cst.CSTNode, frozenset[str] | None]] = field(default_factory=list)
    # What the code the mapping escaped into is, where the model knows why it was not followed
    # (id of the escape's place -> a phrase for the coverage report).
    escape_reasons: dict[int, str] = field(default_factory=dict)
    dispatches_on_name: bool = False
    # Leading parameters filled by functools.partial at registration (low-level handlers).
    bound_parameters: int = 0
    # Low-level handlers registered through a project wrapper (``on_call_tool=plain(call_c)``):
    # ``function`` is the wrapper's inner function, and each name here, a parameter of the
    # wrapper's factory it calls, holds this project function.
    wrapped: dict[str, cst.FunctionDef] = field(default_factory=dict)
    # Low-level handlers only: how the requested name reaches each return
    # (mcplint.model.dispatch.NameDispatch), None when not analysed.
    dispatch: Any = None
    # The functions of a dispatch table the handler calls by the name (``HANDLERS[name](args)``),
    # with the key each serves: what wraps them (a project decorator) wraps the tool.
    table_entries: list[tuple[str, cst.FunctionDef]] = field(default_factory=list)
    # The entries of a dispatch map built at run time that the handler looks the name up in
    # (mcplint.model.built_tables): (the key as written, the value as written), so the coverage
    # report lists each one where the declarations are not known statically.
    dispatched: list[tuple[str, cst.CSTNode]] = field(default_factory=list)

    def served_declarations(self, served: frozenset[str] | None) -> list[Declaration] | None:
        """The declarations a fact with this ``served`` set applies to; None if unknown.

        A set naming anything the handler does not declare gives None too: that branch
        serves something undeclared and argument rules cannot judge it.
        """
        if self.declarations is None:
            return None
        if served is None:
            return list(self.declarations)
        if len(served) * 8 < len(self.declarations):  # a branch of a large dispatcher: look the names up
            by_name = self._declarations_by_name()
            chosen = sorted((found for name in served for found in by_name.get(name, ())), key=lambda item: item[0])
            return [d for _, d in chosen] if len(chosen) == len(served) else None
        chosen = [d for d in self.declarations if d.name in served]
        return chosen if len(chosen) == len(served) else None

    def _declarations_by_name(self) -> dict[str, list[tuple[int, Declaration]]]:
        """``declarations`` by name with their positions, built once per list (a dispatcher of
        800 prompts asks once per branch)."""
        declarations = self.declarations or []
        memo = self.__dict__.get("_by_name")
        if memo is not None and memo[0] is declarations and memo[1] == len(declarations):
            return memo[2]
        table: dict[str, list[tuple[int, Declaration]]] = {}
        for position, declaration in enumerate(declarations):
            table.setdefault(declaration.name, []).append((position, declaration))
        self.__dict__["_by_name"] = (declarations, len(declarations), table)
        return table


@dataclass
class ServerModel:
    """One server object (``Server(...)``, ``FastMCP(...)``...) found in a file.

    ``node`` is the constructor call when this file makes the server (None when it was
    imported or passed in: server-level findings belong to the constructing module);
    ``error_middleware`` is true when fastmcp's
    ``ErrorHandlingMiddleware`` is installed, None when middleware is installed that the model
    cannot identify (rules whose verdict depends on it stay silent); ``mask_error_details`` mirrors that setting.
    """

    variable: str
    stack: Stack
    node: cst.CSTNode | None
    stack_reason: str = ""
    error_middleware: bool | None = False
    mask_error_details: bool = False
    validate_tool_input: bool = True
    handlers: list[HandlerModel] = field(default_factory=list)
    # ``@mcp.tool`` functions of the FastMCP family: walked for raises and returns only, and
    # kept out of ``handlers`` so rules written for prompt arguments do not judge them.
    signature_tools: list[HandlerModel] = field(default_factory=list)
    # The constructor call wherever it is (``node`` is None for a server made in another
    # module or passed in as a parameter), and where the model lost the thread on this
    # server (mcplint.model.servers.Gap), for the coverage report.
    constructor: cst.CSTNode | None = None
    gaps: list[Any] = field(default_factory=list)
    # The configured mcp-version / fastmcp-version contradicted by the code's API shape:
    # (the first contradicting use, the message). The configured version decided ``stack``.
    version_conflict: tuple[cst.CSTNode, str] | None = None
    # The server's class was guessed from the project's pins alone (an untyped parameter that
    # no call passes a known server, in a module importing no server class): rules that judge
    # the class's own API (bare decorators) stay silent.
    class_guessed: bool = False


@dataclass
class FileModel:
    """Everything mcplint knows about one file: its servers and their handlers.

    ``mcp_minor`` is the pinned mcp 1.x minor version when known (tool input validation
    arrived in 1.10). ``dependencies`` are the paths of the project's own modules read to
    build this model (cross-module declarations, helpers); a cache keyed on this file must
    also key on their bytes. ``foreign_modules`` maps those paths to their trees: a fact's
    node may belong to one of them (a declaration imported from ``prompts.py``).
    """

    path: str
    module: cst.Module
    servers: list[ServerModel] = field(default_factory=list)
    mcp_minor: int | None = None
    dependencies: list[str] = field(default_factory=list)
    # The project's pinned versions (mcplint.versions.PinnedVersions, or None) and the
    # module's top-level bindings (mcplint.model.module_info.ModuleInfo), for rules that
    # judge module-wide API use (MCP205) or calls outside handlers (MCP208).
    pins: Any = None
    info: Any = None
    foreign_modules: dict[str, cst.Module] = field(default_factory=dict)
    # Registrations on receivers that were not resolved to a server (mcplint.model.servers.Gap).
    gaps: list[Any] = field(default_factory=list)
    # Every decorator the model resolved to a server: (ServerModel,
    # mcplint.model.servers.DecoratorSite), registrations and resources/completions alike.
    decorator_uses: list[Any] = field(default_factory=list)
    # The settings the file is linted with (mcplint.config.Settings, or None): the contract
    # rules find their baseline through them.
    settings: Any = None

    def handlers(self):
        """Every (server, handler) pair of the file."""
        for server in self.servers:
            for handler in server.handlers:
                yield server, handler
