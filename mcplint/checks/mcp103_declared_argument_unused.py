"""MCP103 declared-argument-unused: a declared argument the handler never reads.

The caller fills in every declared argument; one the handler never reads is dropped on
the floor, usually because the handler reads it under another name.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

import libcst as cst

from mcplint.checks._common import did_you_mean
from mcplint.checks.base import Finding, Related, Rule
from mcplint.checks.mcp102_undeclared_argument_read import undeclared_reads
from mcplint.checks.mcp105_declared_prompt_unhandled import unhandled_declarations
from mcplint.model.dead_parameters import names_loaded, overwritten_parameter
from mcplint.model.dropped_reads import drop_detail, is_stub, loss_site
from mcplint.model.meant_slots import (
    doubled_argument,
    quoted_name,
    stand_in_read,
    string_literals,
    string_value,
    unformatted_placeholder,
)
from mcplint.model.module_info import fast_children, literal_value, names_under
from mcplint.model.overwritten_entries import overwritten_entries
from mcplint.model.value_fates import deleted_unread


class DeclaredArgumentUnused(Rule):
    """Fires at the declaration of each argument no read of its handler touches.

    Silent when the mapping escapes to code mcplint cannot follow, when the name appears as
    a string literal anywhere in the handler (a loop over names, say), and when MCP102
    already suggested this name for a misspelt read.
    """

    code = "MCP103"
    name = "declared-argument-unused"
    summary = "A declared argument is never read by its handler"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            if handler.escaped or handler.declarations is None:
                continue
            suggested = {suggestion for _, suggestion, _ in undeclared_reads(handler) if suggestion}
            mentioned: Counter | None = None  # walks the whole handler: only when needed
            unhandled = {id(d) for d in unhandled_declarations(handler)}  # MCP105 reports those
            for declaration in handler.declarations:
                if id(declaration) in unhandled:
                    continue
                for argument in declaration.arguments or ():
                    overwritten = _overwritten_parameter(handler, argument.name)
                    if overwritten is not None:
                        yield _overwritten_finding(argument, f"{handler.kind} '{declaration.name}'", overwritten)
                        continue
                    if argument.name in suggested or _is_read(handler, declaration.name, argument.name):
                        continue
                    mentioned = _unexplained_mentions(handler) if mentioned is None else mentioned
                    dropped = _dropped_reads(handler, declaration.name, argument.name)
                    quoted = quoted_name(handler.function, argument.name) if handler.style == "signature" else []
                    elsewhere = _reads_elsewhere(handler, declaration.name, argument.name) if dropped else 0
                    if mentioned[argument.name] - elsewhere > sum(1 + (key is not None) for _, key in quoted):
                        continue  # named elsewhere in the handler too (a loop over names, say)
                    what = f"{handler.kind} '{declaration.name}'" if declaration.name else f"the {handler.kind}"
                    if declaration.style == "explicit" and not _takes_any_keyword(handler.function):
                        yield _explicit_mismatch(handler, declaration, argument, what)
                        continue
                    if dropped:
                        yield _dropped_finding(argument, what, dropped, handler, model.info)
                        continue
                    if quoted:
                        yield _quoted_finding(argument, what, quoted[0][0])
                        continue
                    doubled = doubled_argument(handler.function, argument.name, None if handler.style == "signature"
                                                else {a.name for a in declaration.arguments or ()})
                    if doubled is not None:
                        yield _doubled_finding(argument, what, doubled)
                        continue
                    unformatted = unformatted_placeholder(handler.function, argument.name) \
                        if handler.style == "signature" else None
                    if unformatted is not None:
                        yield _unformatted_finding(argument, what, unformatted)
                        continue
                    stand_in = stand_in_read(handler.function, argument) if handler.style == "signature" else None
                    if stand_in is not None:
                        yield _stand_in_finding(argument, what, stand_in)
                        continue
                    deleted = deleted_unread(handler.function, argument.name) if handler.style == "signature" else None
                    yield Finding(deleted or argument.node,
                                  f"Argument '{argument.name}' is declared for {what} but never read"
                                  f"{': it is only deleted' if deleted else ''}: the caller's value is dropped",
                                  (Related(argument.node, f"'{argument.name}' is declared here"),) if deleted else ())
        yield from _unused_tool_parameters(model)
        yield from _overwritten_entry_findings(model)


def _overwritten_entry_findings(model) -> Iterator[Finding]:
    """A declared argument's value written into a mapping and replaced there before anything
    reads the mapping (:mod:`mcplint.model.overwritten_entries`): ``{"focus": focus, ...,
    "focus": "general"}``. The finding sits at the replacing entry; the argument may be read
    elsewhere (validated, logged), but this payload never carries the caller's value."""
    seen: set[int] = set()
    for function, kind, declarations, reads in _handler_functions(model):
        if id(function) in seen:
            continue
        seen.add(id(function))
        for entry in overwritten_entries(function, _constant_dicts(model.info, function)):
            found = _argument_written(entry.value, reads, declarations)
            if found is None or _reads_again(entry.later_value, found[1].name):
                continue
            declaration, argument = found
            yield Finding(entry.later, f"Argument '{argument.name}' is declared for {kind} '{declaration.name}', but "
                                       f"the value written under '{entry.key}' is replaced here before anything "
                                       f"reads the mapping: the caller's value is dropped",
                          (Related(entry.value, f"'{argument.name}' written here"),
                           Related(argument.node, f"'{argument.name}' is declared here")))


def _constant_dicts(info, function: cst.FunctionDef):
    """``resolve(name)``: the value the module constant ``name`` is bound to in the module of
    ``function`` (followed through a project import), for
    :func:`mcplint.model.overwritten_entries.overwritten_entries`; None without the bindings."""
    if info is None:
        return None
    home = (info.home_of(function) if info.home_of is not None else None) or info

    def resolve(name: str):
        value = home.constants.get(name)
        if value is None and home.imports.get(name) and home.origin is not None:
            found = home.origin(name)
            value = found[0].constants.get(found[1]) if found is not None else None
        return value
    return resolve


def _handler_functions(model):
    """(function, kind, declarations, reads) of each handler that declares what it takes."""
    for server in model.servers:
        for handler in server.handlers:
            if isinstance(handler.function, cst.FunctionDef) and handler.declarations:
                yield handler.function, handler.kind, handler.declarations, handler.reads
        for tool in server.signature_tools:
            if isinstance(tool.function, cst.FunctionDef) and tool.declarations:
                yield tool.function, "tool", tool.declarations[:1], ()


def _argument_written(value: cst.BaseExpression, reads, declarations):
    """(declaration, argument) whose value ``value`` holds: a read of it written in place
    (``arguments.get("focus")``, on the path of the one declaration it serves), or a name spelt
    as an argument only one declaration has (its parameter, or the local it was read into).
    None when it is no argument's or the declaration is not known."""
    read = next((read for read in reads if read.node is value or _read_into(read, value)), None)
    key = read.key if read is not None else value.value if isinstance(value, cst.Name) else None
    candidates = [(declaration, argument) for declaration in declarations for argument in declaration.arguments or ()
                  if argument.name == key and (read is None or read.served is None or declaration.name in read.served)]
    return candidates[0] if len(candidates) == 1 else None


def _read_into(read, value: cst.BaseExpression) -> bool:
    """``budget = arguments.get("budget")``: ``read`` is the whole value assigned to the name
    ``value`` loads (so its path, ``read.served``, is that name's)."""
    statement = read.statement
    if not isinstance(value, cst.Name) or read.key != value.value or not isinstance(statement, cst.SimpleStatementLine):
        return False
    small = statement.body[0] if len(statement.body) == 1 else None
    return isinstance(small, cst.Assign) and small.value is read.node and len(small.targets) == 1 \
        and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == value.value


def _reads_again(value: cst.BaseExpression, name: str) -> bool:
    """Whether the replacing value is made from the argument itself (``focus.lower()``,
    ``args.get("focus")``): the caller's value is then kept in another form."""
    for node in names_under(value):
        if node.value == name:
            return True
    return any(string_value(node) == name for node in string_literals(value))


def _doubled_finding(argument, what: str, doubled: tuple[cst.CSTNode, str]) -> Finding:
    """The finding at the place (a call's argument, a display's element) that carries another
    input a second time where the never-read argument was meant."""
    place, passed = doubled
    where = "this call passes" if isinstance(place, cst.Arg) else "this place carries"
    return Finding(place, f"Argument '{argument.name}' is declared for {what} but never read: {where} "
                          f"'{passed}' a second time where '{argument.name}' was meant, so the caller's value "
                          f"is dropped",
                   (Related(argument.node, f"'{argument.name}' is declared here"),))


def _quoted_finding(argument, what: str, literal: cst.SimpleString) -> Finding:
    """The finding at the text that spells the parameter's name where its value was meant."""
    return Finding(literal, f"Argument '{argument.name}' is declared for {what} but never read: this sends the "
                            f"text '{argument.name}', not the parameter's value; drop the quotes",
                   (Related(argument.node, f"'{argument.name}' is declared here"),))


def _stand_in_finding(argument, what: str, read: cst.Name) -> Finding:
    """The finding at the read of the name used where the parameter was meant."""
    return Finding(read, f"Argument '{argument.name}' is declared for {what} but never read: the body reads "
                         f"'{read.value}' where the caller's '{argument.name}' was meant; read the parameter",
                   (Related(argument.node, f"'{argument.name}' is declared here"),))


def _unformatted_finding(argument, what: str, literal: cst.SimpleString) -> Finding:
    """The finding at the plain string whose ``{name}`` was meant to read the argument."""
    return Finding(literal, f"Argument '{argument.name}' is declared for {what} but never read: this text holds "
                            f"'{{{argument.name}}}' but is no f-string, so the model receives the placeholder "
                            f"itself; add the f prefix",
                   (Related(argument.node, f"'{argument.name}' is declared here"),))


def _unused_tool_parameters(model) -> Iterator[Finding]:
    """FastMCP-family tool functions (their parameters are the tool's published arguments) with
    a parameter the body never reads while it reads others (``labels`` declared,
    ``self.default_labels`` sent). Silent for stubs and functions that read none of their
    parameters, for bodies that read ``locals()``/``vars()``, and for functions with a
    decorator besides the registration (a wrapper may consume the parameter)."""
    seen: set[int] = set()
    for server in model.servers:
        for tool in server.signature_tools:
            function = tool.function
            if id(function) in seen or not tool.declarations or not _plainly_registered(function):
                continue
            seen.add(id(function))
            read = names_loaded(function.body)
            if not read or read & {"locals", "vars"} or is_stub(function, not_implemented=True):
                continue
            arguments = tool.declarations[0].arguments or ()
            if not any(argument.name in read and not argument.name.startswith("_") for argument in arguments):
                continue  # reads none of its inputs: a demo returning canned data, not a dropped one
            for argument in arguments:
                overwritten = overwritten_parameter(function, argument.name) if argument.name in read else None
                if overwritten is not None and not argument.name.startswith("_"):
                    yield _overwritten_finding(argument, f"tool '{tool.declarations[0].name}'", overwritten)
                elif argument.name not in read and not argument.name.startswith("_"):
                    doubled = doubled_argument(function, argument.name)
                    if doubled is not None:
                        yield _doubled_finding(argument, f"tool '{tool.declarations[0].name}'", doubled)
                        continue
                    quoted = quoted_name(function, argument.name)
                    if quoted:
                        yield _quoted_finding(argument, f"tool '{tool.declarations[0].name}'", quoted[0][0])
                        continue
                    yield Finding(argument.node, f"Argument '{argument.name}' is declared for tool "
                                                 f"'{tool.declarations[0].name}' but its function never reads it: "
                                                 f"the caller's value is dropped")
                elif not tool.escaped and not argument.name.startswith("_"):
                    yield from _dropped_parameter(tool, argument, model.info)


def _overwritten_parameter(handler, name: str) -> cst.CSTNode | None:
    """The statement overwriting ``name`` before any read when it is a parameter of a
    signature-style handler (``@mcp.prompt()`` function, ``Prompt(fn=...)``) that is dead on
    entry (:mod:`mcplint.model.dead_parameters`); None otherwise."""
    function = handler.function
    if handler.style != "signature" or not isinstance(function, cst.FunctionDef) \
            or not _plainly_registered(function, handler.kind):
        return None
    params = function.params
    if name not in {p.name.value for p in (*params.params, *params.kwonly_params)}:
        return None
    return overwritten_parameter(function, name)


def _overwritten_finding(argument, what: str, statement: cst.CSTNode) -> Finding:
    """A declared argument whose parameter the function overwrites before any read."""
    how = "a loop variable of the same name replaces it" if isinstance(statement, cst.For) \
        else "the function overwrites it"
    return Finding(argument.node, f"Argument '{argument.name}' is declared for {what}, but {how} before "
                                  f"any read: the caller's value is dropped",
                   (Related(statement.target if isinstance(statement, cst.For) else statement,
                            f"'{argument.name}' overwritten here"),))


def _dropped_parameter(tool, argument, info=None) -> Iterator[Finding]:
    """A tool parameter whose every use hands it to a project function that drops it (a
    parameter it never loads, or a ``**options`` it never reads that key of:
    :mod:`mcplint.model.dropped_reads`)."""
    reads = [read for read in tool.reads if read.key == argument.name]
    if reads and all(read.dropped and (read.dropped_into is not None or read.dropped_how) for read in reads):
        yield _dropped_finding(argument, f"tool '{tool.declarations[0].name}'", reads, tool, info)


def _plainly_registered(function: cst.FunctionDef, kind: str = "tool") -> bool:
    """No decorator, or only registration decorators (``@mcp.tool()``, ``@server.tool``;
    ``@mcp.prompt()`` for ``kind`` prompt): any other decorator may consume a parameter."""
    for decorator in function.decorators:
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if not isinstance(target, cst.Attribute) or target.attr.value != kind:
            return False
    return True


def _takes_any_keyword(function: cst.FunctionDef) -> bool:
    """``def explain(**kwargs)``: every declared name is accepted (and read from ``kwargs``)."""
    return isinstance(function.params.star_kwarg, cst.Param)


def _explicit_mismatch(handler, declaration, argument, what: str) -> Finding:
    """``Prompt(arguments=[...], fn=f)`` declaring a name ``f`` has no parameter for."""
    params = {p.name.value: p for p in handler.function.params.params[handler.bound_parameters:]}
    declared = {a.name for a in declaration.arguments or ()}
    spare = set(params) - declared
    suggestion = did_you_mean(argument.name, spare, spare)
    hint = f"; did you mean '{suggestion}'?" if suggestion else ""
    related = (Related(params[suggestion], f"parameter '{suggestion}' of {handler.function.name.value}"),) if suggestion else ()
    return Finding(argument.node, f"Argument '{argument.name}' is declared for {what} but its function "
                                  f"{handler.function.name.value}() takes no such parameter: every call fails{hint}", related)


def _is_read(handler, prompt_name, key: str) -> bool:
    """A read of ``key`` on the path of ``prompt_name`` whose value is used."""
    for read in handler.reads:
        if read.key == key and not read.dropped and (read.served is None or prompt_name in read.served):
            return True
    return False


def _dropped_reads(handler, prompt_name, key: str) -> list:
    """The reads of ``key`` on the path of ``prompt_name`` whose value is assigned to a local
    nothing uses (``_tone = args.get("tone")``)."""
    return [read for read in handler.reads
            if read.key == key and read.dropped and (read.served is None or prompt_name in read.served)]


def _dropped_finding(argument, what: str, dropped: list, handler=None, info=None) -> Finding:
    """A declared argument whose every read is dropped (:mod:`mcplint.model.dropped_reads`). The
    finding sits where the value is lost (the call that hands it to a function ignoring it, or
    the read whose local nothing uses), with the declaration and the reads as related places;
    at the declaration when that place is not known."""
    into = next((read.dropped_into for read in dropped if read.dropped_into is not None), None)
    if into is None and all(read.dropped_how for read in dropped):
        return _without_effect_finding(argument, what, dropped)
    if isinstance(into, (cst.SimpleString, cst.ConcatenatedString)) and all(read.dropped_into is into for read in dropped):
        return _unfilled_finding(argument, what, into, dropped)
    first = next((read for read in dropped if read.dropped_into is not None), dropped[0])
    site = loss_site(handler, first, info) if handler is not None else argument.node
    declared = (Related(argument.node, f"'{argument.name}' is declared here"),) if site is not argument.node else ()
    if into is not None and all(read.dropped_into is not None or read.dropped_how for read in dropped):
        helper = f"{into.name.value}()"
        detail = drop_detail(handler, first) if handler is not None else None
        related = declared + tuple(Related(read.node, f"read here, then handed to {helper}" if read.dropped_into
                                           else f"read here, and {read.dropped_how}") for read in dropped[:3]
                                   if read.node is not site)
        if detail is not None:  # a wrong slot, or a **kwargs that ignores it
            return Finding(site, f"Argument '{argument.name}' is declared for {what} and read, but its "
                                 f"value {detail}: the caller's value is dropped", related)
        if isinstance(site, cst.Param):
            return Finding(site, f"Argument '{argument.name}' is declared for {what} and read, but its value is "
                                 f"handed to {helper} and passed on to this parameter, which nothing reads: the "
                                 f"caller's value is dropped", related)
        return Finding(site, f"Argument '{argument.name}' is declared for {what} and read, but its value is "
                             f"only handed to {helper}, which never uses it: the caller's value is dropped", related)
    return Finding(site, f"Argument '{argument.name}' is declared for {what} and read, but the value read "
                         f"is assigned to a name nothing uses before it is overwritten or the function "
                         f"ends: the caller's value is dropped",
                   declared + tuple(Related(read.node, "the value read here is never used") for read in dropped[:3]
                                    if read.node is not site))


def _without_effect_finding(argument, what: str, dropped: list) -> Finding:
    """A declared argument whose every read reaches nothing that affects the result
    (:mod:`mcplint.model.value_fates`): the finding sits where its value ends (the logging
    call, the ``del``, the overwritten assignment, the parameter nothing reads)."""
    how = " or ".join(dict.fromkeys(read.dropped_how for read in dropped))
    site = dropped[0].dropped_at or dropped[0].node
    return Finding(site, f"Argument '{argument.name}' is declared for {what} and read, but its value is {how}: "
                         f"nothing the handler returns or does depends on it, so the caller's value is dropped",
                   (Related(argument.node, f"'{argument.name}' is declared here"),
                    *(Related(read.node, "read here") for read in dropped[:2] if read.node is not site)))


def _unfilled_finding(argument, what: str, literal: cst.CSTNode, dropped: list) -> Finding:
    """The finding at the template text that names no placeholder for the value handed to it
    (``"{0} ... {0}".format(title, highlights)``): the fault is in the text, as often a module
    constant of another module; the declaration and the read are the related places."""
    return Finding(literal, f"Argument '{argument.name}' is declared for {what} and read, but the template this "
                            f"text fills has no placeholder for the slot its value is passed in, and surplus "
                            f"arguments are ignored: the caller's value is dropped",
                   (Related(argument.node, f"'{argument.name}' is declared here"),
                    *(Related(read.node, "its value is passed to the template here") for read in dropped[:2])))


def _unexplained_mentions(handler) -> Counter:
    """How often each name is written as a string in the handler other than as the key of a
    dropped read (``_tone = args.get("tone")``, reported as such) or as the key of a dict
    literal entry whose value is not a string (``search({"q": query, "limit": 10})`` sends an
    API its own parameter; it reads nothing from the caller). What is left may be a read the
    model cannot see (a loop over names), and keeps the rule silent."""
    found = _mentioned_names(handler.function)
    for read in handler.reads:
        if read.dropped and read.function is None:
            found[read.key] -= 1
    for key in _payload_keys(handler.function):
        found[key] -= 1
    return found


def _reads_elsewhere(handler, prompt_name, key: str) -> int:
    """The reads of ``key`` written in the handler on the path of other declarations than
    ``prompt_name`` (the branch of another prompt): when this declaration's own reads of the
    key are all dropped, those mentions explain themselves and keep nothing silent."""
    return sum(1 for read in handler.reads if read.key == key and read.function is None and not read.dropped
               and read.form in ("get", "subscript") and read.served is not None and prompt_name not in read.served)


def _payload_keys(function: cst.FunctionDef) -> Iterator[str]:
    """String keys of dict literal entries whose value is not a string literal (a rename table
    ``{"limit": "max_results"}`` names argument keys; ``{"limit": 10}`` is a payload)."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.DictElement) and isinstance(node.key, cst.SimpleString) \
                and not isinstance(node.value, (cst.SimpleString, cst.ConcatenatedString)):
            value = string_value(node.key)
            if value is not None:
                yield value
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            continue
        stack.extend(fast_children(node, tokens=False))


def _mentioned_names(function: cst.FunctionDef) -> Counter:
    """String literals in the handler, and for signature handlers, names used in nested code,
    with how often each occurs."""
    found: Counter = Counter()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleString):
            try:
                value = literal_value(node)
            except Exception:  # noqa: BLE001 - odd literals are simply not names
                continue
            if isinstance(value, str):
                found[value] += 1
        elif isinstance(node, (cst.FunctionDef, cst.Lambda)):
            found.update(n.value for n in names_under(node))
            continue
        stack.extend(fast_children(node, tokens=False))
    return found
