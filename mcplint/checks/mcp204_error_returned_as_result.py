"""MCP204 error-returned-as-result: a failure sent back as if the call had succeeded.

MCP specification 2025-11-25, server/tools "Error Handling": a tool execution or argument
error is reported in the result with ``isError: true`` so the model can see it failed; an
unknown tool is a protocol error (-32602). server/prompts "Error Handling": an unknown
prompt or a missing required argument is -32602. What each stack makes of a raise is in
``../shared/FRAMEWORKS.md`` ("Verified behaviour: tools/call" and "prompts/get").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import libcst as cst

from mcplint.checks._common import served_label
from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.facts import ReturnSite, Stack
from mcplint.model.logged_empty import logged_before_empty_return
from mcplint.model.module_info import dotted_name
from mcplint.model.returns import every_handler, swallowing_middleware, swallowing_wrappers
from mcplint.model.stacks import LABELS, idiomatic_invalid_params

_TOOL_RESULTS = {"str", "dict", "dict-list", "content", "result", "false"}
_LOWLEVEL_PROMPT_INVALID = {"none", "empty", "str", "dict", "content", "messages"}
_FAILURE_WORDS = {
    "except": "after catching an exception",
    "unknown-name": "for an unknown name",
    "argument": "when an argument check fails",
    "envelope": "marked as a failure",
    "lookup": "when the thing an argument names is not found",
    "outcome": "when the call it made reports a failure",
    "refusal": "refusing an argument's value",
    "logged": "on a path it logs as an error",
    "exhausted": "after every attempt failed",
}
_TOOL_ERROR_CLASS = {
    Stack.MCP1_FASTMCP: "mcp.server.fastmcp.exceptions.ToolError",
    Stack.MCP2_MCPSERVER: "mcp.server.mcpserver.exceptions.ToolError",
    Stack.FASTMCP2: "fastmcp.exceptions.ToolError",
    Stack.FASTMCP3: "fastmcp.exceptions.ToolError",
    Stack.FASTMCP4: "fastmcp.exceptions.ToolError",
    Stack.FASTMCP: "fastmcp.exceptions.ToolError",
}


#: What a decorated prompt's ``{"error": ...}`` dict becomes. mcp 1.x FastMCP validates a dict as
#: a message and fails (``mcp/server/fastmcp/prompts/base.py`` 1.30, ``render``: "Could not convert
#: prompt result to message"); fastmcp 2.x-4.x serialise any other value to JSON text as the
#: message (``fastmcp/prompts/prompt.py`` 2.x, ``prompts/base.py`` 3.x/4.x, ``pydantic_core.to_json``).
_DICT_PROMPT = {
    Stack.MCP1_FASTMCP: ("code 0 'Error rendering prompt ...: Could not convert prompt result to message', "
                         "a conversion failure, instead of the error"),
    Stack.FASTMCP2: "a prompt whose message is the error dict as JSON instead of an error",
    Stack.FASTMCP3: "a prompt whose message is the error dict as JSON instead of an error",
    Stack.FASTMCP4: "a prompt whose message is the error dict as JSON instead of an error",
    Stack.FASTMCP: "a prompt whose message is the error dict as JSON instead of an error",
}


class ErrorReturnedAsResult(Rule):
    """Fires on a handler's ``return`` on a failure path (an ``except`` clause that does no
    other work first, the unknown-name branch, the branch of a failed argument check) that
    hands the failure back as an ordinary result: a tool result without ``isError`` whose text
    is the exception or fixed text, or a prompt result that is empty, not a GetPromptResult,
    or the error text as the prompt's message.

    Silent for ``CallToolResult(isError=True)``, for values built by other work (a fallback),
    for returns whose shape is unknown, and for fastmcp 4 tools under ErrorHandlingMiddleware
    (a raise there becomes a JSON-RPC error, so the stack offers no better result).
    """

    code = "MCP204"
    name = "error-returned-as-result"
    summary = "A failure is returned as an ordinary result instead of an error"
    preview = True

    def check(self, model) -> Iterator[Finding]:
        reported: set[int] = set()
        wrapped: dict[int, list] = {}
        built: dict[int, list] = {}  # id of an error builder's first return -> its uses
        for server, handler in every_handler(model):
            for site in handler.returns:
                if site.failure == "swallowed":
                    yield from _swallowed_finding(server, handler, site, reported)
                    continue
                message = _message(server, handler, site) if site.failure is not None else None
                if message is None and handler.kind == "tool":
                    message = _logged_empty_message(server, handler, site)
                if message is not None:
                    if _note_builder(built, server, handler, site, site):
                        continue  # the builder leaves the flag false: reported there alone
                    yield Finding(site.node, message)
                    continue
                yield from _through_helper(server, handler, site, reported, built)
            if handler.kind == "tool" and model.info is not None:
                for swallow in swallowing_wrappers(model.info, handler):
                    wrapped.setdefault(id(swallow.node), []).append((server, handler, swallow))
        for uses in built.values():
            yield from _builder_findings(uses)
        for uses in wrapped.values():
            finding = _wrapper_finding(uses)
            if finding is not None:
                yield finding
        for server in model.servers if model.info is not None else ():
            for swallow in swallowing_middleware(model.info, server):
                yield _middleware_finding(server, swallow)


def _middleware_finding(server, swallow) -> Finding:
    """Once per swallowing ``return`` of a project middleware added to a fastmcp server; with
    ErrorHandlingMiddleware too, whichever runs first, the answer is still a success result."""
    stack = server.stack
    applied = swallow.decorator
    middleware = dotted_name(applied.func if isinstance(applied, cst.Call) else applied)
    included = (" (caller errors such as a missing argument included)"
                if swallow.catches == "every exception" else "")
    message = (f"The {middleware} middleware of server '{server.variable}' returns "
               f"{_shape_text(swallow.kind, swallow.node)} for {swallow.catches} a tool raises{included}: the "
               f"client receives a successful result (isError false) carrying the error, although without it "
               f"{LABELS[stack]} would send the raised exception as an isError result; "
               f"{_tool_fix(stack, 'except', server.error_middleware)}")
    return Finding(swallow.node, message, (Related(applied, f"{middleware} is added to the server here"),),
                   fault="wrapper-return")


def _wrapper_finding(uses: list) -> Finding | None:
    """Once per swallowing ``return`` of a wrapper, naming the tools it wraps."""
    server, handler, swallow = uses[0]
    decorator, node, kind = swallow.decorator, swallow.node, swallow.kind
    stack = server.stack
    if stack in (Stack.FASTMCP4, Stack.FASTMCP) and server.error_middleware is not False:
        return None
    names = sorted({name for _, h, s in uses
                    for name in ([s.key] if s.key is not None else [d.name for d in (h.declarations or [])]) if name})
    applied = decorator.decorator if isinstance(decorator, cst.Decorator) else decorator
    wrapper = dotted_name(applied.func if isinstance(applied, cst.Call) else applied)
    if len(names) == 1:
        around = f"tool '{names[0]}'"
    elif names:
        around = f"{len(names)} tools ('{names[0]}', ...)"
    else:
        around = "the tool handler"
    shape = _shape_text(kind, node)
    if stack in (Stack.MCP1_LOWLEVEL, Stack.LOWLEVEL):
        framework = "mcp 1.x low-level Server already sends an exception from call_tool as an isError result"
    elif stack is Stack.MCP2_LOWLEVEL:
        framework = f"without the wrapper {LABELS[stack]} would send the raised exception as a JSON-RPC error"
    else:
        framework = f"without the wrapper {LABELS[stack]} would send the raised exception as an isError result"
    included = (" (caller errors such as a missing argument or an unknown tool included)"
                if swallow.catches == "every exception" else "")
    message = (f"The {wrapper} wrapper around {around} returns {shape} for {swallow.catches} the handler raises"
               f"{included}: the client receives a "
               f"successful result (isError false) carrying the error, although {framework}; "
               f"{_tool_fix(stack, 'except', server.error_middleware)}")
    # one fault however many tools it wraps, from whichever module's lint (the tools of each
    # module name the same wrapper return)
    return Finding(node, message, (Related(decorator, f"{wrapper} wraps the registered handler here"),),
                   fault="wrapper-return")


def _message(server, handler, site: ReturnSite, helper: bool = False) -> str | None:
    if handler.kind == "tool":
        return _tool_message(server, handler, site, helper)
    return _prompt_message(server, handler, site, helper)


def _through_helper(server, handler, site: ReturnSite, reported: set[int], built: dict[int, list]) -> Iterator[Finding]:
    """The failure returns of a project helper whose value the handler returns.

    ``return helper(...)``, or a tool result built from the helper's value
    (``return [TextContent(text=json.dumps(result))]`` of ``result = helper(...)``): the helper's
    own ``return`` is the failure the client receives, so each failure return is reported there
    (once, however many handlers send that helper's value), with the handler's ``return`` as a
    related location. A prompt built from a helper's value is reported at the prompt's
    ``return``, with the helper's failure returns as related locations.
    """
    if not site.via:
        return
    if site.direct or (handler.kind == "tool" and site.value in _TOOL_RESULTS):
        # one helper return reached on several tools' paths is reported once: with the first
        # tool's name in a fixed order (the order the walk met them in varies with set hashing)
        for inner in sorted(site.via, key=lambda inner: (inner.served is None, sorted(inner.served or ()))):
            if id(inner.node) in reported:
                _note_builder(built, server, handler, inner, site)  # its builder names every tool
                continue
            message = _message(server, handler, inner, helper=True)
            if message is not None:
                reported.add(id(inner.node))
                if _note_builder(built, server, handler, inner, site):
                    continue  # the builder leaves the flag false: reported there alone
                # one fault however many tools reach the helper's return, from whichever module's
                # lint (a check of an argument in one, a failure envelope in another)
                yield Finding(inner.node, message, (Related(site.node, _returned_here(handler, site, inner)),),
                              fault="helper-return")
        return
    failing = [inner for inner in site.via if _message(server, handler, inner, helper=True) is not None]
    if not failing or site.value != "prompt-result" and site.value not in _TOOL_RESULTS:
        return
    message = _message(server, handler, replace(failing[0], node=site.node, value=site.value, served=site.served))
    if message is not None:
        related = tuple(Related(inner.node, "the helper's failure return") for inner in failing[:3])
        yield Finding(site.node, message.replace(_FAILURE_WORDS[failing[0].failure],
                                                 f"built from a helper's result {_FAILURE_WORDS[failing[0].failure]}", 1),
                      related)


def _note_builder(built: dict[int, list], server, handler, site: ReturnSite, returned: ReturnSite) -> bool:
    """Keep a tool's failure return ``site`` whose answer an error builder builds
    (``site.builder``: :mod:`mcplint.model.returns.builders`) for the builder's own finding,
    with ``returned``, the tool's ``return`` that sends it. True when the builder leaves the
    error flag of a result that could carry it false: the builder is the fault and its callers
    are right, so the finding is at the builder alone (rules/MCP204.md, "Where the finding is
    reported")."""
    builder = site.builder
    if builder is None or handler.kind != "tool":
        return False
    built.setdefault(id(builder.returns[0]), []).append((server, handler, site, returned))
    return builder.flaggable


def _builder_findings(uses: list) -> Iterator[Finding]:
    """Once per ``return`` of an error builder, naming the tools whose failure answer it builds,
    with one tool's ``return`` as the related location. A builder of a result that could carry
    the error flag is the only place reported; one of text, a dict or content is reported
    besides each tool's ``return`` (where the fix goes), since readers look for it in either."""
    server, handler, site, returned = uses[0]
    builder, stack = site.builder, server.stack
    names = sorted({name for _, h, s, _ in uses for name in _served_names(h, s.served)})
    if len(names) == 1:
        tools = f"tool '{names[0]}'"
    elif names:
        tools = f"{len(names)} tools ('{names[0]}', ...)" if len(names) > 3 else \
            "tools " + ", ".join(f"'{n}'" for n in names)
    else:
        tools = "the tool handler"
    related = (Related(returned.node, f"{served_label(handler, site.served)} returns the builder's value here"),)
    for node in builder.returns:
        if builder.flaggable:
            message = (f"{builder.name}() builds the failure answer of {tools} as {_flag_left_false(site, node)}: "
                       f"on {LABELS[stack]} the client receives a successful result (isError false) carrying the "
                       f"error; {_flag_fix(stack, site)}")
        else:
            message = (f"{builder.name}() builds the failure answer that {tools} "
                       f"{'returns' if len(names) == 1 else 'return'} as an ordinary result "
                       f"({_shape_text(site.value, site.node, site.result_class)}): on {LABELS[stack]} the client "
                       f"receives a successful result (isError false) carrying the error; "
                       f"{_tool_fix(stack, site.failure, server.error_middleware)}")
        # one fault however many tools reach the builder, from whichever module's lint
        yield Finding(node, message, related, fault="builder-return")


def _served_names(handler, served) -> list[str]:
    """The declared names a return serves (:func:`served_label`'s names)."""
    declarations = handler.served_declarations(served) or []
    return [d.name for d in declarations if d.name] or sorted(n for n in served or () if not n.startswith("\0"))


def _flag_left_false(site: ReturnSite, node: cst.CSTNode) -> str:
    """How a message names a flaggable result built without the flag."""
    if site.value == "result":
        named = (site.result_class or "").split(" ", 1)[0]
        return f"a {'ToolResult' if named == 'ToolResult' else 'CallToolResult'} with the error flag left false"
    return 'a dict whose "isError" entry is absent or false'


def _flag_fix(stack: Stack, site: ReturnSite) -> str:
    """The fix inside a builder of a flaggable result: set the flag where it is built."""
    if site.value != "result":  # a dict's "isError" entry is data to the SDK, not the result's flag
        return "build a CallToolResult with the error flag set instead of the dict"
    if (site.result_class or "").startswith("ToolResult"):
        return "build it with is_error=True"
    if stack in (Stack.MCP1_LOWLEVEL, Stack.LOWLEVEL, Stack.MCP1_FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3):
        return "build it with isError=True"
    return "build it with is_error=True"


_SHAPES = {"str": "a string", "dict": "a dict", "dict-list": "a list of dicts", "content": "text content",
           "result": "a CallToolResult without isError=True", "false": "False"}


def _shape_text(kind: str, node: cst.CSTNode, result_class: str | None = None) -> str:
    """How a message names the returned value of shape ``kind``: a tool result by the class the
    code built (``ReturnSite.result_class``: fastmcp's ``ToolResult``, also through an alias,
    a local or a helper), else by the name of the call returned."""
    if kind == "result":
        named = result_class or _returned_call_name(node)
        if named is not None and named.startswith("ToolResult"):
            return f"a {named} without is_error=True"
        if named is not None and named.startswith("CallToolResult ("):
            return f"a {named} without isError=True"
    return _SHAPES.get(kind, "a value")


def _returned_call_name(node: cst.CSTNode) -> str | None:
    """The last part of the called name of ``return X(...)`` (or of the kept ``X(...)``), else None."""
    value = node.value if isinstance(node, cst.Return) else node
    name = dotted_name(value.func) if isinstance(value, cst.Call) else None
    return name.rsplit(".", 1)[-1] if name else None


def _model_instance(site: ReturnSite) -> str | None:
    """The class of ``return Report(...)`` (a data class the shape judged a dict), else None."""
    value = site.node.value if isinstance(site.node, cst.Return) else site.node
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value[:1].isupper():
        return value.func.value
    return None


def _kept_in_handler(handler, site: ReturnSite) -> bool:
    """A failure dict the handler itself kept in a local (``result = {"error": ...}`` in a
    failed check's branch) for a later ``return``: the handler's own line, not a helper's."""
    return isinstance(site.node, cst.Assign) and any(
        node is site.node for node in _assignments(handler.function))


def _assignments(function: cst.FunctionDef) -> Iterator[cst.Assign]:
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign):
            yield node
        elif not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(node.children)


def _returned_here(handler, site: ReturnSite, inner: ReturnSite) -> str:
    """The related note at the handler's ``return helper(...)``: it names the prompts or tools
    whose result the helper's failure return becomes (the names served where the helper
    returns it, not every name this return serves: a dispatching helper serves one each)."""
    where = served_label(handler, inner.served if inner.served is not None else site.served)
    verb = "return" if where.startswith(f"{handler.kind}s ") else "returns"
    if _kept_in_handler(handler, inner):
        return f"{where} {verb} the failure kept in this local here"
    if not site.direct:  # `[TextContent(text=json.dumps(result))]`: the value, reshaped into the result
        return f"{where} {verb} a result built from the helper's value here"
    return f"{where} {verb} the helper's value here"


def _carries_error(site: ReturnSite) -> bool:
    """The text is built from the caught exception, or is fixed text on a failed check.

    Fixed text in an ``except`` clause is not enough: ``except JSONDecodeError: return
    "created"`` may be a success message, and ``except KeyError: return "No results found"`` a
    fallback answer; only fixed text that says the work failed counts (``failure-text``:
    "Error loading the taxonomy", "Operation timed out").
    """
    if site.failure == "envelope" or site.envelope:
        return True  # the result says so itself: {"success": False, ...}, error_response(...)
    if site.failure == "except":  # "echo": names the argument value that failed; "empty": a result with nothing in it
        return site.text in ("exception", "echo", "failure-text", "empty")
    if site.failure == "exhausted":  # past a loop whose every attempt failed
        return site.text in ("exception", "failure-text")
    return site.text in ("exception", "constant")


def _swallowed_finding(server, handler, site: ReturnSite, reported: set[int]) -> Iterator[Finding]:
    """Once per place a ``with`` block's failure is swallowed (:mod:`mcplint.model.returns.swallowed`),
    with the tool's ``return`` that answers as if the work succeeded as the related location."""
    message = _tool_message(server, handler, site)
    if message is None or id(site.node) in reported:
        return
    reported.add(id(site.node))
    where = served_label(handler, site.served)
    related = () if site.returned is site.node else \
        (Related(site.returned, f"{where} answers here as if the work had succeeded"),)
    yield Finding(site.node, message, related, fault="swallowed")


#: Values that say the call failed whatever path they are on (the flag set, a JSON-RPC error).
_FAILED_RESULTS = {"result-error", "error-data"}


def _swallowed_message(server, handler, site: ReturnSite, helper: bool) -> str | None:
    """A tool's value returned past a ``with`` block whose manager swallowed the block's failure."""
    if handler.kind != "tool" or site.value in _FAILED_RESULTS:
        return None
    stack = server.stack
    where = served_label(handler, site.served)
    if helper:
        where = f"this helper, whose value a {handler.kind} returns,"
    if site.key == "helper":
        how = "This except clause logs the failure and answers an empty value in place of the work's"
    elif site.node is site.returned:
        how = "This return in a finally block discards the exception the try block raised"
    elif isinstance(site.node, cst.With):
        how = "This contextlib.suppress block ends quietly when its work fails"
    elif isinstance(site.node, cst.Return):
        how = "This __exit__ returns True, which swallows the exception of the with-block it manages"
    else:
        how = "This context manager catches the failure of the with-block it manages and does not re-raise it"
    return (f"{how}, so {_subject(where)[0].lower() + _subject(where)[1:]} {_shape_text(site.value, site.returned)} "
            f"as if the work had succeeded: on {LABELS[stack]} the client receives a successful result (isError "
            f"false) although the call failed; let the failure reach the tool: "
            f"{_tool_fix(stack, 'except', server.error_middleware)}")


def _tool_message(server, handler, site: ReturnSite, helper: bool = False) -> str | None:
    if site.failure == "swallowed":
        return _swallowed_message(server, handler, site, helper)
    if site.value not in _TOOL_RESULTS or not _carries_error(site):
        return None
    stack = server.stack
    if site.value in ("dict-list", "false") and stack.is_lowlevel:
        return None  # not content a low-level handler may return: its result fails validation
    if stack in (Stack.FASTMCP4, Stack.FASTMCP) and server.error_middleware is not False:
        return None
    where = served_label(handler, site.served)
    if helper and not _kept_in_handler(handler, site):  # the handler is named in the related note:
        where = f"this helper, whose value a {handler.kind} returns,"  # one finding per helper line
    shape = _shape_text(site.value, site.node, site.result_class)
    model = _model_instance(site) if site.value == "dict" else None
    if model is not None:  # `return Report(valid=False, ...)`: structured content, a dict on the wire
        shape = f"{'an' if model[:1] in 'AEIOU' else 'a'} {model} object (a dict on the wire)"
    received = ("the value false as a successful result (isError false), without the error"
                if site.value == "false" else "a successful result (isError false) carrying the error")
    head = (f"{_subject(where)} {shape} {_FAILURE_WORDS[site.failure]}: "
            f"on {LABELS[stack]} the client receives {received}")
    return f"{head}; {_tool_fix(stack, site.failure, server.error_middleware)}"


#: Empty values a tool may return that its stack sends as a successful, empty result: any of
#: them from a decorated tool (the FastMCP family), a list of content from a low-level one.
_EMPTY_TOOL_VALUES = {"empty", "none"}


def _logged_empty_message(server, handler, site: ReturnSite) -> str | None:
    """A tool's own ``return ""`` / ``[]`` / ``None`` right after it logged the path as an error
    (``await ctx.error(...)``, ``logger.error(...)``: :mod:`mcplint.model.logged_empty`)."""
    stack = server.stack
    if site.value not in _EMPTY_TOOL_VALUES or (stack.is_lowlevel and not _empty_list(site.node)):
        return None
    if stack in (Stack.FASTMCP4, Stack.FASTMCP) and server.error_middleware is not False:
        return None
    if not logged_before_empty_return(handler.function, site.node):
        return None
    where = served_label(handler, site.served)
    return (f"{_subject(where)} an empty value right after logging the path as an error: on {LABELS[stack]} the "
            f"client receives a successful, empty result (isError false), and a log line never reaches the model "
            f"that called the tool; {_tool_fix(stack, 'logged', server.error_middleware)}")


def _empty_list(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Return) and isinstance(node.value, cst.List) and not node.value.elements


def _tool_fix(stack: Stack, failure: str, middleware: bool | None) -> str:
    if failure == "unknown-name":
        if stack is Stack.MCP2_LOWLEVEL:
            return "an unknown tool is a protocol error: raise MCPError(code=INVALID_PARAMS, message=...)"
        if stack in (Stack.MCP1_LOWLEVEL, Stack.LOWLEVEL):
            return ("return types.CallToolResult(isError=True, content=[...]) (a mcp 1.x tool handler cannot "
                    "send -32602: every exception it raises becomes an isError result)")
    if stack is Stack.MCP1_LOWLEVEL:
        return ("return types.CallToolResult(isError=True, content=[...]), or let the exception propagate "
                "(mcp 1.x sends it as an isError result)")
    if stack is Stack.MCP2_LOWLEVEL:
        return "return types.CallToolResult(is_error=True, content=[...])"
    if stack is Stack.LOWLEVEL:
        return "return types.CallToolResult(isError=True, content=[...])"
    fix = f"raise {_TOOL_ERROR_CLASS[stack]}(...), which the framework sends as an isError result"
    if stack in (Stack.FASTMCP3, Stack.FASTMCP4):  # fastmcp/tools/base.py: ToolResult(is_error=...) since 3.x
        fix += ", or return ToolResult(..., is_error=True)"
    return fix


def _prompt_message(server, handler, site: ReturnSite, helper: bool = False) -> str | None:
    where = served_label(handler, site.served)
    if helper:  # the handler is named in the related note: one finding per helper line, however many use it
        where = f"this helper, whose value a {handler.kind} returns,"
    stack = server.stack
    if handler.style == "mapping" and stack.is_lowlevel and site.value in _LOWLEVEL_PROMPT_INVALID:
        received = "a result-validation error instead of an error saying what went wrong"
        what = {"none": "None", "empty": "an empty value", "str": "a string", "dict": "a dict",
                "content": "bare content", "messages": "a list of messages"}[site.value]
        what = f"{what}, not a GetPromptResult,"
    elif site.value in ("prompt-empty", "empty", "none"):
        received = "a prompt with no messages instead of an error"
        what = "an empty prompt"
    elif site.value in ("prompt-result", "messages", "str") and _prompt_text_is_error(site):
        received = "a prompt whose message is the error text instead of an error"
        what = "the error text as the prompt's message"
    elif site.value == "dict" and handler.style != "mapping" and _carries_error(site) and stack in _DICT_PROMPT:
        received = _DICT_PROMPT[stack]
        what = "a dict"
    else:
        return None
    return (f"{_subject(where)} {what} {_FAILURE_WORDS[site.failure]}: on {LABELS[stack]} "
            f"the client receives {received}; {_prompt_fix(server, site)}")


def _subject(where: str) -> str:
    """``Tool 'x' returns`` / ``Tools 'x', 'y' return`` / ``The tool handler returns``."""
    verb = "return" if where.startswith(("tools ", "prompts ")) and "helper" not in where else "returns"
    return f"{where[0].upper()}{where[1:]} {verb}"


def _prompt_text_is_error(site: ReturnSite) -> bool:
    if site.failure == "except":  # "echo": names the argument value that failed; "empty": a result with nothing in it
        return site.text in ("exception", "echo", "failure-text", "empty")
    if site.failure == "exhausted":  # past a loop whose every attempt failed
        return site.text in ("exception", "failure-text")
    if site.failure in ("unknown-name", "lookup"):  # "lookup": its wording says "not found"
        return site.text == "constant"
    if site.failure == "logged":  # the handler logged the path as an error, then answered anyway
        return site.text in ("constant", "exception", "failure-text")
    # fixed text on a failed argument check is a fallback prompt unless it opens with the
    # refusal ("Unknown level 'x': ..."): a prompt that degrades does the task
    return site.failure in ("argument", "refusal") and site.text == "failure-text"


def _prompt_fix(server, site: ReturnSite) -> str:
    invalid = idiomatic_invalid_params(server.stack, server.error_middleware)
    if site.failure == "except":
        return f"let the exception propagate, or for a caller error {invalid}"
    if site.failure == "logged":
        return f"raise an exception there (the client gets an error, not a prompt), or for a caller error {invalid}"
    return invalid
