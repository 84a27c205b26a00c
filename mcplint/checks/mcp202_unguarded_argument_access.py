"""MCP202 unguarded-argument-access: ``arguments["k"]`` with no presence check, or
``arguments`` used while it may be None.

On the low-level servers nothing checks ``required`` before the handler runs, and
``arguments`` is None when the client sends none (mcp 1.x ``get_prompt``; mcp 2.x
``params.arguments``). A KeyError/AttributeError then reaches the client as code 0 or
-32603 with a message like ``'language'`` instead of -32602 naming the argument.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.stacks import generic_outcome, idiomatic_invalid_params


class UnguardedArgumentAccess(Rule):
    """Fires on an unguarded subscript, and once per handler on the first use of a mapping
    that may still be None. A subscript of a property the SDK already validated (mcp 1.10+
    low-level tools with ``required`` in the inputSchema) is safe."""

    code = "MCP202"
    name = "unguarded-argument-access"
    summary = "An argument is subscripted without a presence check, or the mapping may be None"

    def check(self, model) -> Iterator[Finding]:
        for server, handler in model.handlers():
            reported_none = False
            seen: set[int] = set()
            for read in handler.reads:
                if id(read.node) in seen:
                    continue
                if read.mapping_may_be_none and not reported_none:
                    reported_none = True
                    seen.add(id(read.node))
                    yield Finding(read.node, _none_message(server, handler))
                    continue
                if read.form != "subscript" or read.guarded or _validated_by_sdk(handler, read):
                    continue
                seen.add(id(read.node))
                yield Finding(read.node, _missing_message(server, handler, read.key))


def _validated_by_sdk(handler, read) -> bool:
    if not handler.framework_checks_required:
        return False
    declarations = handler.served_declarations(read.served)
    if not declarations:
        return True  # the schema the SDK checks against is unknown: stay silent
    return all(
        (d.argument(read.key) is not None and d.argument(read.key).required) for d in declarations)


def _outcome(server, handler) -> str:
    if handler.kind == "tool" and server.stack is not Stack.MCP2_LOWLEVEL:
        return "an error result carrying only the exception text"
    return generic_outcome(server.stack)


def _missing_message(server, handler, key: str) -> str:
    return (f"arguments['{key}'] raises KeyError when the caller omits '{key}': the client receives "
            f"{_outcome(server, handler)} instead of -32602 Invalid params; check presence first and "
            f"{idiomatic_invalid_params(server.stack, server.error_middleware)}")


def _none_message(server, handler) -> str:
    return (f"The arguments mapping may be None here (the client sent no arguments), so this access raises "
            f"and the client receives {_outcome(server, handler)}; use `arguments or {{}}` or reject a missing mapping first")
