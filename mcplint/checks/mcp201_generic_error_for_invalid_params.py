"""MCP201 generic-error-for-invalid-params: a caller error raised as a generic exception.

MCP spec (server/prompts, "Error Handling"): an unknown prompt name or a missing required
argument is JSON-RPC -32602 Invalid params. A ``ValueError``/``KeyError``/``assert`` in a
prompt handler reaches the client as code 0 or -32603 depending on the stack
(``../shared/FRAMEWORKS.md``, "Verified behaviour: prompts/get").
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._fix_support import (
    Names,
    as_message,
    invalid_params_raise,
    locate,
    string_literal,
)
from mcplint.checks.base import Finding, FixPlan, NodeEdit, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.facts import Stack
from mcplint.model.library_raises import UNKNOWN_PARSE_ERROR
from mcplint.model.module_info import dotted_name, walk
from mcplint.model.stacks import (
    LABELS,
    idiomatic_invalid_params,
    invalid_params_rewrapped_per_raise,
    prompt_error_outcome,
    raised_on,
)


class GenericErrorForInvalidParams(Rule):
    """Fires on a raise whose control flow makes it a caller error (a failed test of the name
    or of an argument) when its exception does not become -32602 on the server's stack.

    Tools are judged only for an unknown tool name on mcp 2.x low-level, the one stack where
    a handler exception is a JSON-RPC error (mcp 1.x turns every tool exception into an
    ``isError`` result); tool *argument* errors belong to MCP207.

    Also fires on a prompt's ``McpError(INVALID_PARAMS)`` raise on fastmcp 2.x/3.x with
    ``ErrorHandlingMiddleware`` (-32603 there; ``ValueError`` is the fix at each raise), which
    MCP206 leaves to this rule.
    """

    code = "MCP201"
    name = "generic-error-for-invalid-params"
    summary = "An unknown name or invalid argument is raised as a generic exception, not -32602"

    def check(self, model) -> Iterator[Finding]:
        found = []
        for server, handler in model.handlers():
            for site in handler.raises:
                if handler.kind == "prompt" and invalid_params_rewrapped_per_raise(server, site.error):
                    found.append((server, handler, site, MIDDLEWARE_MCP_ERROR))
                    continue
                actual = raised_on(server.stack, site.error)
                if site.reason is None or actual is None or actual.category in ("mcp", "unknown"):
                    continue
                if handler.kind == "tool" and not (site.reason == "unknown-name" and server.stack is Stack.MCP2_LOWLEVEL):
                    continue
                correct, received = prompt_error_outcome(server, site.error)
                if correct:
                    continue
                found.append((server, handler, site, received))
        fixer = _Fixer(model.module, [site.node for _, _, site, _ in found]) if found else None
        for server, handler, site, received in found:
            yield Finding(site.node, _message(server, handler, site, received), fix=fixer.plan(server, handler, site))


#: mcp 1.x FastMCP: no prompt code can send -32602 (FRAMEWORKS.md §2, "Errors"), so the advice
#: is the way out, not another exception (McpError(INVALID_PARAMS) there is MCP206's finding).
MCP1_FASTMCP_WAY_OUT = ("no prompt code can send -32602 on this stack, whatever it raises (McpError(INVALID_PARAMS) "
                        "arrives as code 0 too); to send it, move to mcp 2.x MCPServer (raise MCPError("
                        "code=INVALID_PARAMS, message=...)) or fastmcp 4.x "
                        "(raise fastmcp.exceptions.ValidationError(...))")
MCP1_FASTMCP_FIX_TITLE = ("Move to mcp 2.x MCPServer and raise MCPError(code=INVALID_PARAMS, ...): "
                          "no prompt code sends -32602 on mcp 1.x FastMCP")


#: What an McpError(INVALID_PARAMS) raised in a prompt becomes under fastmcp 2.x/3.x's
#: ErrorHandlingMiddleware (FRAMEWORKS.md, "fm2/fm3 with ErrorHandlingMiddleware").
MIDDLEWARE_MCP_ERROR = ("-32603 'Internal error' (the middleware maps only ValueError/TypeError to -32602, and any "
                        "other exception from a prompt, McpError included, to -32603)")


def _message(server, handler, site, received: str) -> str:
    if site.reason == "unknown-name":
        what = f"An unknown {handler.kind} name"
    elif site.key:
        what = f"An invalid or missing argument '{site.key}'"
    else:
        what = "An invalid or missing argument"
    if received is MIDDLEWARE_MCP_ERROR:
        return (f"{what} raises {site.error.name}(INVALID_PARAMS), but on {LABELS[server.stack]} with "
                f"ErrorHandlingMiddleware the client receives {received}; raise ValueError(...) instead, "
                f"which the middleware sends as -32602 Invalid params")
    fix = (MCP1_FASTMCP_WAY_OUT if server.stack is Stack.MCP1_FASTMCP
           else idiomatic_invalid_params(server.stack, server.error_middleware))
    if site.through is not None:  # re-raised by a decorator, context manager or task group on its way out
        inner, boundary = site.through
        return (f"{what} raises {inner}, which {boundary} turns into {site.error.name}: on {LABELS[server.stack]} "
                f"the client receives {received} instead of -32602 Invalid params; let the caller error through "
                f"unchanged (or {fix})")
    if site.error.broken:  # a construction that fails with TypeError before anything is raised
        return (f"{what} raises {_raised_text(site)}, but {site.error.broken}: on {LABELS[server.stack]} the "
                f"client receives {received} instead of -32602 Invalid params; {fix}")
    if site.error.name == "McpError":  # classified generic: built from a string (mcplint.model.errors)
        return (f"{what} raises McpError built from a string, but McpError takes ErrorData (mcp 1.30 fails "
                f"with AttributeError reading its message): on {LABELS[server.stack]} the client receives "
                f"{received} instead of -32602 Invalid params; {fix}")
    if site.implicit and site.reason == "unknown-name":
        return (f"{site.implicit} raises {site.error.name} for an unknown {handler.kind} name: on "
                f"{LABELS[server.stack]} the client receives {received} instead of -32602 Invalid params; "
                f"check the name first (`if name not in ...`) and {fix}")
    if site.implicit and site.when_missing:
        return (f"{site.implicit} raises {site.error.name} when the caller omits required argument '{site.key}': on "
                f"{LABELS[server.stack]} the client receives {received} instead of -32602 Invalid params; "
                f"catch the {site.error.name} (or check presence first) and {fix}")
    if site.implicit and site.key is None:  # a library validator handed the whole mapping
        return (f"{site.implicit} raises {site.error.name} on a missing or invalid argument: on "
                f"{LABELS[server.stack]} the client receives {received} instead of -32602 Invalid params; "
                f"catch the {site.error.name} and {fix}")
    if site.implicit:
        return (f"{site.implicit} raises {_library_error(site.error)} on a bad value of argument '{site.key}': on "
                f"{LABELS[server.stack]} the client receives {received} instead of -32602 Invalid params; "
                f"catch the {_caught_name(site.error)} (or validate the value first) and {fix}")
    return (f"{what} raises {site.error.name}: on {LABELS[server.stack]} the client receives {received} "
            f"instead of -32602 Invalid params; {fix}")


def _library_error(error) -> str:
    """A library exception with its nearest known base (``Error (a ValueError)`` for
    ``binascii.Error``): what the stack's mapping goes by, where the name alone does not say it;
    "its parse error" for a parser whose class is not known (:data:`UNKNOWN_PARSE_ERROR`)."""
    if (error.name, error.ancestors) == UNKNOWN_PARSE_ERROR:
        return "its parse error"
    base = error.ancestors[0] if error.ancestors else None
    article = "an" if base and base[0] in "AEIOU" else "a"
    return f"{error.name} ({article} {base})" if base not in (None, "Exception") else error.name


def _caught_name(error) -> str:
    """The class a fix catches: the exception's name, or "parser's exception" when not known."""
    return "parser's exception" if (error.name, error.ancestors) == UNKNOWN_PARSE_ERROR else error.name


def _raised_text(site) -> str:
    """The raised expression as written, up to its first parenthesis (``McpError(ErrorData(...))``)."""
    node = site.node
    exc = node.exc if isinstance(node, cst.Raise) else None
    callee = dotted_name(exc.func) if isinstance(exc, cst.Call) else None
    if callee is None:
        return site.error.name
    inner = exc.args[0].value if exc.args and isinstance(exc.args[0].value, cst.Call) else None
    inner_name = dotted_name(inner.func) if inner is not None else None
    return f"{callee}({inner_name}(...))" if inner_name else f"{callee}(...)"


class _Fixer:
    """Builds MCP201's fix: the raise's exception replaced by the stack's -32602 one.

    Applicability: SAFE when the raise is written in the handler itself and raises a builtin
    exception (a reported raise is never caught inside the handler, so only the framework
    sees the new type and the client gets -32602 as the spec asks); UNSAFE for a raise in a
    helper (other callers may catch the old type), a project exception class, or an ``assert``
    (which ``python -O`` removed, and now always runs); a DISPLAY_ONLY note without edits on
    mcp 1.x FastMCP (no exception a prompt raises arrives as -32602 there: the note names the
    upgrade) and on stacks whose idiom is not code (fastmcp 2/3 without
    ErrorHandlingMiddleware, an unpinned major version).
    """

    def __init__(self, module: cst.Module, nodes) -> None:
        self.module = module
        self.names = Names(module)
        self.places = locate(module, nodes)
        self._own_raises: dict[int, set[int]] = {}

    def plan(self, server, handler, site) -> FixPlan | None:
        stack = server.stack
        if invalid_params_rewrapped_per_raise(server, site.error):
            return None  # the message names ValueError; the McpError's text is inside ErrorData
        if stack is Stack.MCP1_FASTMCP:  # a note: no edit here would change what the client gets
            return FixPlan(MCP1_FASTMCP_FIX_TITLE, (), Applicability.DISPLAY_ONLY)
        message = self._message(handler, site)
        if message is None:
            return None
        replacement = invalid_params_raise(self.names, stack, server.error_middleware, message)
        if replacement is None:
            note = idiomatic_invalid_params(stack, server.error_middleware)
            return FixPlan(note[0].upper() + note[1:], (), Applicability.DISPLAY_ONLY)
        edit = self._edit(site, replacement.code)
        if edit is None:
            return None
        raised = replacement.code.split('(')[0]
        return FixPlan(f"Raise {raised} (-32602 Invalid params)", (edit, *replacement.imports),
                       self._applicability(server, handler, site))

    def _message(self, handler, site) -> str | None:
        node = site.node
        if isinstance(node, cst.Assert):
            return as_message(node.msg, self.module) if node.msg is not None else self._default(handler, site)
        if not isinstance(node, cst.Raise) or node.exc is None:
            return None
        exc = node.exc
        if isinstance(exc, cst.Call):
            if _class_name(exc.func) != site.error.name:
                return None
            if not exc.args:
                return self._default(handler, site)
            if len(exc.args) != 1 or exc.args[0].keyword is not None or exc.args[0].star:
                return None
            return as_message(exc.args[0].value, self.module)
        return self._default(handler, site) if _class_name(exc) == site.error.name else None

    @staticmethod
    def _default(handler, site) -> str:
        if site.reason == "unknown-name":
            return string_literal(f"Unknown {handler.kind} name")
        if site.key:
            return string_literal(f"Missing or invalid argument '{site.key}'")
        return string_literal("Invalid arguments")

    def _edit(self, site, exception: str) -> NodeEdit | None:
        node = site.node
        if isinstance(node, cst.Raise):
            return NodeEdit(node.exc, exception)
        place = self.places.get(id(node))
        statement = place.statement if place else None
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None  # `assert x; y = 1` or an inline suite: an `if` cannot replace it
        test = self.module.code_for_node(node.test)
        if not isinstance(node.test, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            test = f"({test})"
        return NodeEdit(node, f"if not {test}:\n{place.indent}{self.module.default_indent}raise {exception}")

    def _applicability(self, server, handler, site) -> Applicability:
        key = id(handler.function)
        if key not in self._own_raises:
            self._own_raises[key] = {id(n) for n in _raises_in(handler.function)}
        in_handler = id(site.node) in self._own_raises[key]
        builtin = self.names.builtin_free(site.error.name)
        if isinstance(site.node, cst.Raise) and in_handler and builtin:
            return Applicability.SAFE
        return Applicability.UNSAFE


def _class_name(node: cst.BaseExpression) -> str | None:
    dotted = dotted_name(node)
    return dotted.rsplit(".", 1)[-1] if dotted else None


def _raises_in(function: cst.FunctionDef):
    """Every raise and assert lexically inside ``function`` (nested functions included)."""
    return (node for node in walk(function) if type(node) is cst.Raise or type(node) is cst.Assert)
