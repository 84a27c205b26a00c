"""MCP202 unguarded-argument-access: ``arguments["k"]`` with no presence check, or
``arguments`` used while it may be None.

On the low-level servers nothing checks ``required`` before the handler runs, and
``arguments`` is None when the client sends none (mcp 1.x ``get_prompt``; mcp 2.x
``params.arguments``). A KeyError/AttributeError then reaches the client as code 0 or
-32603 with a message like ``'language'`` instead of -32602 naming the argument.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._fix_support import (
    Names,
    invalid_params_raise,
    locate,
    string_literal,
)
from mcplint.checks.base import Finding, FixPlan, NodeEdit, Rule
from mcplint.checks.mcp102_undeclared_argument_read import undeclared_reads
from mcplint.diagnostics import Applicability
from mcplint.model.facts import Stack
from mcplint.model.module_info import dotted_name
from mcplint.model.stacks import generic_outcome, idiomatic_invalid_params, middleware_outcome


class UnguardedArgumentAccess(Rule):
    """Fires on an unguarded subscript (or ``helper(**arguments)`` into a parameter without a
    default, which raises TypeError for a missing key), and once per function (the handler, each helper it
    hands the mapping to) on the first use of a mapping that may still be None. A subscript of a property the SDK already validated (mcp 1.10+
    low-level tools with ``required`` in the inputSchema) is safe."""

    code = "MCP202"
    name = "unguarded-argument-access"
    summary = "An argument is subscripted without a presence check, or the mapping may be None"

    def check(self, model) -> Iterator[Finding]:
        yield from self._findings(model, _Fixer(model))

    def _findings(self, model, fixer: _Fixer) -> Iterator[Finding]:
        unguarded = []
        for server, handler in model.handlers():
            reported_none: set[int] = set()  # functions (handler, helpers) already told
            seen: set = set()  # nodes reported (a call filling several keys: each of its keys)
            misread = _undeclared_subscripts(handler)
            for read in handler.reads:
                if id(read.node) in seen or (id(read.node), read.key) in seen:
                    continue
                if read.mapping_may_be_none and id(read.function) not in reported_none:
                    reported_none.add(id(read.function))
                    seen.add(id(read.node))
                    yield Finding(read.node, _none_message(server, handler))
                    continue
                if (read.form not in ("subscript", "splat", "format") or read.guarded or _validated_by_sdk(handler, read)
                        or _becomes_error_result(server, handler, read) or (id(read.node), read.key) in misread):
                    continue
                seen.add((id(read.node), read.key) if read.form in ("splat", "format") else id(read.node))
                unguarded.append((server, handler, read))
        fixer.place_all(read.node for _, _, read in unguarded)  # one walk for every fix
        for server, handler, read, keys in _one_per_call(unguarded):
            fix = fixer.plan(server, handler, read) if read.form != "format" else None
            yield Finding(read.node, _missing_message(server, handler, read, keys), fix=fix,
                          fault=read.key if read.form not in ("format", "splat") else None)


def _undeclared_subscripts(handler) -> set[tuple[int, str]]:
    """``(id(node), key)`` of the subscripts MCP102 reports (a key no declaration lists): the
    fault is the name, and its fix (read the declared name) is not a presence check, so one
    fault gets one diagnostic rather than a second with the wrong advice."""
    return {(id(read.node), read.key) for read, _suggestion, _declaration in undeclared_reads(handler)
            if read.form == "subscript"}


def _one_per_call(unguarded):
    """``TEMPLATE.format(**args)`` and ``render(**args)`` fill several keys at one call: one
    finding per call naming every key it may miss, not one per placeholder or parameter."""
    calls: dict[int, list] = {}
    findings = []
    for server, handler, read in unguarded:
        if read.form in ("format", "splat"):
            found = calls.get(id(read.node))
            if found is not None:
                if read.key not in found[3]:
                    found[3].append(read.key)
                continue
            calls[id(read.node)] = entry = [server, handler, read, [read.key]]
            findings.append(entry)
        else:
            findings.append((server, handler, read, [read.key]))
    return findings


def _becomes_error_result(server, handler, read) -> bool:
    """A tool's KeyError for a *required* property, which the stack itself turns into an
    ``isError`` result: every stack but mcp 2.x low-level (``../shared/FRAMEWORKS.md`` §1-7 and
    its tools table). Spec 2025-11-25, server/tools "Error Handling": an argument error belongs
    in an isError result, so the caller's mistake costs only a terse message, not the contract.
    An optional or undeclared key still fails a valid call, and is still reported; so is every
    KeyError on mcp 2.x low-level, where it becomes a JSON-RPC error instead."""
    if handler.kind != "tool" or server.stack is Stack.MCP2_LOWLEVEL:
        return False
    return _required_everywhere(handler, read)


def _validated_by_sdk(handler, read) -> bool:
    return handler.framework_checks_required and _required_everywhere(handler, read)


def _required_everywhere(handler, read) -> bool:
    """True when every declaration the read serves makes its key required, or one of them
    is unknown (a schema the model could not evaluate: stay silent rather than guess)."""
    declarations = handler.served_declarations(read.served)
    if not declarations or any(d.arguments is None for d in declarations):
        return True
    return all(
        (d.argument(read.key) is not None and d.argument(read.key).required) for d in declarations)


def _outcome(server, handler, error: str | None = None) -> str:
    """What the client receives when the handler raises ``error`` (a builtin exception's
    name; None: whichever the access raises) on this server's stack, its
    ErrorHandlingMiddleware included (FRAMEWORKS.md §5-7)."""
    if server.error_middleware and server.stack in _MIDDLEWARE_STACKS and error is not None \
            and (handler.kind == "prompt" or server.stack is Stack.FASTMCP4):
        return middleware_outcome(error)[1]  # fastmcp 4's middleware turns tool failures into errors too
    if handler.kind == "tool" and server.stack is not Stack.MCP2_LOWLEVEL:
        return "an error result carrying only the exception text"
    return generic_outcome(server.stack)


_MIDDLEWARE_STACKS = (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP4, Stack.FASTMCP)


def _with_advice(failure: str, server, handler) -> str:
    """``failure`` followed by what the handler should do instead (MCP spec 2025-11-25: a tool's
    argument error is an isError result, a prompt's missing argument -32602)."""
    if handler.kind == "tool":
        return f"{failure}; check presence first and return an isError result naming the missing argument"
    return (f"{failure} instead of -32602 Invalid params; check presence first and "
            f"{idiomatic_invalid_params(server.stack, server.error_middleware)}")


def _missing_message(server, handler, read, keys: list[str]) -> str:
    key = read.key
    if read.form == "splat":
        # `render(**arguments)` into a parameter without a default: Python's own TypeError.
        named = _listed(keys)
        failure = (f"This call passes the arguments with ** to {_plural(keys, 'parameter')} {named}, which "
                   f"{'has' if len(keys) == 1 else 'have'} no default: it raises TypeError when the caller omits "
                   f"{_listed(keys, 'or')}, and the client receives {_outcome(server, handler, 'TypeError')}")
        return _with_advice(failure, server, handler)
    if read.form == "format":
        # `TEMPLATE.format(**arguments)`: the placeholder is filled by key, a KeyError when absent.
        placeholders = ", ".join(f"'{{{k}}}'" for k in keys)
        failure = (f"The template's {_plural(keys, 'placeholder')} {placeholders} {'is' if len(keys) == 1 else 'are'} "
                   f"filled from the arguments by key: formatting raises KeyError when the caller omits "
                   f"{_listed(keys, 'or')}, and the client receives {_outcome(server, handler)}")
        return _with_advice(failure, server, handler)
    declarations = handler.served_declarations(read.served)
    if handler.kind == "tool" and declarations and not _required_everywhere(handler, read):
        declared = all(d.argument(key) is not None for d in declarations)
        schema = "makes optional" if declared else "does not declare"
        return (f"{_access_text(read)} raises KeyError when the caller omits '{key}', which the input schema "
                f"{schema}: a valid call fails and the client receives {_outcome(server, handler)}; read it with "
                f".get() and a default")
    if handler.kind == "tool":
        # MCP spec 2025-11-25, server/tools "Error Handling": argument problems belong in an
        # isError result the model can read (MCP207 says the same of raises).
        return (f"{_access_text(read)} raises KeyError when the caller omits '{key}': the client receives "
                f"{_outcome(server, handler)}; check presence first and return an isError result "
                f"naming the missing argument")
    return (f"{_access_text(read)} raises KeyError when the caller omits '{key}': the client receives "
            f"{_outcome(server, handler, 'KeyError')} instead of -32602 Invalid params; check presence first and "
            f"{idiomatic_invalid_params(server.stack, server.error_middleware)}")


def _access_text(read) -> str:
    """The access as the code wrote it: ``args.pop('k')`` (a pop without a default raises
    KeyError like a subscript, and the model records it as one), else ``arguments['k']``."""
    node = read.node
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "pop":
        return f"{dotted_name(node.func.value) or 'arguments'}.pop('{read.key}')"
    return f"arguments['{read.key}']"


def _listed(keys: list[str], word: str = "and") -> str:
    quoted = [f"'{k}'" for k in keys]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} {word} {quoted[-1]}"


def _plural(keys: list[str], noun: str) -> str:
    return noun if len(keys) == 1 else noun + "s"


def _none_message(server, handler) -> str:
    return (f"The arguments mapping may be None here (the client sent no arguments), so this access raises "
            f"and the client receives {_outcome(server, handler)}; use `arguments or {{}}` or reject a missing mapping first")


class _Fixer:
    """Builds MCP202's fix for a prompt handler: a presence check raising the stack's -32602
    error, inserted before the statement holding the subscript::

        if "language" not in args:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="Missing required argument 'language'"))

    Always UNSAFE: a caller that omitted the argument used to reach whatever the KeyError
    did (an enclosing handler, a generic error) and now gets -32602, and a test written on
    a ``while`` condition runs once, before the loop. Display-only on mcp 1.x FastMCP, whose
    prompts send code 0 whatever they raise. No fix for tools (their argument errors belong
    in an ``isError`` result, MCP207), when the mapping may be None, for a read through a
    helper call, or inside a lambda or comprehension.
    """

    def __init__(self, model) -> None:
        self.module = model.module
        self._names: Names | None = None
        self._places = None

    def place_all(self, nodes) -> None:
        """Find where every node a fix will be planned for sits, in one walk."""
        self._places = locate(self.module, nodes)

    def _place(self, node):
        if self._places is None:  # plan() called without place_all()
            self._places = locate(self.module, [node])
        return self._places.get(id(node))

    def plan(self, server, handler, read) -> FixPlan | None:
        node = read.node
        if handler.kind != "prompt" or read.mapping_may_be_none or not isinstance(node, cst.Subscript):
            return None
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        mapping = node.value
        if not isinstance(mapping, (cst.Name, cst.Attribute)):
            return None
        place = self._place(node)
        if place is None or not place.in_header or place.scoped:
            return None
        self._names = self._names or Names(self.module)
        message = string_literal(f"Missing required argument '{read.key}'")
        error = invalid_params_raise(self._names, server.stack, server.error_middleware, message)
        if error is None:
            return None
        key = self.module.code_for_node(node.slice[0].slice.value)
        guard = (f"if {key} not in {self.module.code_for_node(mapping)}:\n"
                 f"{place.indent}{self.module.default_indent}raise {error.code}\n{place.indent}")
        applicability = Applicability.DISPLAY_ONLY if server.stack is Stack.MCP1_FASTMCP else Applicability.UNSAFE
        return FixPlan(f"Check that '{read.key}' is present and raise -32602 Invalid params",
                       (NodeEdit(place.statement, guard, at="before"), *error.imports), applicability)
