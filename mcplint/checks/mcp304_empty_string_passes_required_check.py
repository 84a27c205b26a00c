"""MCP304 empty-string-passes-required-check: a presence test is the only check of a required argument.

Clients render a prompt's arguments as a form and send ``""`` for a field the user left
empty (MCP spec, server/prompts: arguments are strings; required arguments are the
handler's to enforce on the low-level ``Server``). ``"topic" in arguments`` and
``arguments.get("topic") is not None`` both accept ``""``, so the handler renders a prompt
about nothing instead of answering -32602.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks._common import is_required_everywhere, served_label
from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.argvalues import HandlerValues, handler_values, overlaps
from mcplint.model.module_info import walk


class EmptyStringPassesRequiredCheck(Rule):
    """Fires on ``"k" in arguments`` / ``arguments.get("k") is None`` (and the ``not in`` /
    ``is not`` forms) when it is the only check of a required prompt argument whose value the
    handler then uses. Silent when a truthiness, ``strip``/``len``, comparison or any call
    that may reject the value also looks at it, or when the mapping goes to unknown code."""

    code = "MCP304"
    name = "empty-string-passes-required-check"
    summary = "A presence test is the only check of a required argument, and it accepts \"\""
    preview = True

    def check(self, model) -> Iterator[Finding]:
        for values in handler_values(model):
            handler = values.handler
            if handler.kind != "prompt" or handler.style != "mapping" or values.opaque:
                continue
            inside = _ids_inside(test.node for test in values.presence_tests)
            for test in values.presence_tests:
                if any(overlaps(served, test.served) for _, served in values.checks.get(test.key, ())):
                    continue
                argument = is_required_everywhere(handler, test.key, test.served)
                if argument is None:
                    continue
                uses = [u for u, served in values.uses.get(test.key, ())
                        if id(u) not in inside and id(u) not in values.binding_reads and overlaps(served, test.served)]
                if not uses:
                    continue
                yield Finding(test.node, _message(values, test),
                              (Related(uses[0], f"'{test.key}' is used here, possibly empty"),), fault=test.key)


def _ids_inside(nodes) -> set[int]:
    return {id(current) for node in nodes for current in walk(node)}


def _message(values: HandlerValues, test) -> str:
    where = served_label(values.handler, test.served)
    return (f"The only check of required argument '{test.key}' of {where} is a presence test, which accepts the "
            f"empty string clients send for an unfilled field; also reject an empty value "
            f"(if not value.strip(): ...) with -32602")
