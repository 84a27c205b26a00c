"""MCP101 required-argument-default: a required argument the handler silently defaults.

The protocol lets a prompt argument be ``required`` (MCP spec, server/prompts,
``PromptArgument.required``) and expects -32602 Invalid params when it is missing. A
handler that substitutes a default instead (``arguments.get("env", "production")``,
``value or "neutral"``) answers a broken request with a plausible but wrong result.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._common import is_required_everywhere, served_label
from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.argvalues import overlaps
from mcplint.model.module_info import walk


class RequiredArgumentDefault(Rule):
    """Fires on a default applied to an argument every served declaration requires,
    unless a later guard that raises would reject that default."""

    code = "MCP101"
    name = "required-argument-default"
    summary = "A required argument is silently replaced by a default instead of rejected"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            # one finding per site and key (`{**DEFAULTS, **args}` defaults several), and per
            # prompt served when the site is a default two branches' reads share
            seen: set[tuple] = set()
            for use in handler.defaults:
                if use.rejected or use.uncertain:
                    continue
                site = _defect_site(use)
                once = (id(site), use.key) if site is use.node else (id(site), use.key, use.served)
                if once in seen:
                    continue
                argument = is_required_everywhere(handler, use.key, use.served)
                if argument is None or _dead(handler, use) or _in_dropped_read(handler, use) \
                        or _replaced_later(handler, use):
                    continue
                seen.add(once)
                yield _finding(handler, use, site, argument)


def _defect_site(use):
    """Where the author must change the code: the default itself when it is written apart from
    the read (a parameter default ``f(**arguments)`` fills, a model, dataclass or NamedTuple
    field default, a ``functools.partial`` keyword), else the read that applies it."""
    return use.origin if use.origin is not None else use.node


def _finding(handler, use, site, argument) -> Finding:
    """One finding at ``site``; when that is the default written apart, the read that lets it
    stand in is a related location, and the finding is one fault per prompt or tool served
    (``fault=None``: a default two prompts share is reported for each, a prompt that reaches it
    twice once, as their messages are then equal)."""
    related = (Related(argument.node, f"'{use.key}' is declared required here"),)
    if site is use.node:
        return Finding(site, _message(handler, use), related, fault=use.key)
    related += (Related(use.node, f"the read that lets this default stand in for '{use.key}'"),)
    return Finding(site, _message(handler, use), related, fault=None)

def _message(handler, use) -> str:
    where = served_label(handler, use.served)
    if use.implicit and handler.kind == "tool":
        # MCP spec 2025-11-25, server/tools "Error Handling": argument errors are isError results.
        return (f"Required argument '{use.key}' of {where} is read with .get() and used as None when the "
                f"caller omits it; return an isError result naming the missing argument instead")
    if use.implicit:
        return (f"Required argument '{use.key}' of {where} is read with .get() and used as None when the "
                f"caller omits it; the client should get -32602 Invalid params instead")
    shown = repr(use.value) if use.value is not None and not _unknown(use.value) else _computed(use) or "a fallback value"
    if use.ambient:
        shown = "what the server process answers (its environment, locale, user or clock)"
    if handler.framework_checks_required:
        # MCP spec 2025-11-25, server/tools "Error Handling": argument errors are isError results.
        fix = "return an isError result naming the argument" if handler.kind == "tool" else \
            "reject the empty value with an invalid-params error"
        return (f"Required argument '{use.key}' of {where} is replaced by {shown} when the caller sends it empty; "
                f"{fix} instead")
    if handler.kind == "tool":
        # MCP spec 2025-11-25, server/tools "Error Handling": argument errors are isError results.
        return (f"Required argument '{use.key}' of {where} silently defaults to {shown} when the caller omits it; "
                f"return an isError result naming the missing argument instead")
    return (f"Required argument '{use.key}' of {where} silently defaults to {shown} when the caller omits it; "
            f"the client should get -32602 Invalid params instead")


def _dead(handler, use) -> bool:
    """A default for a missing key (``.get(k, d)``) where the framework rejects a call without
    the key before the handler runs (mcp 1.10+ low-level tools validate ``inputSchema``): dead
    code, not a broken contract, so no finding. An ``or`` fallback still replaces an empty value."""
    return handler.kind == "tool" and handler.framework_checks_required and use.missing_key


def _replaced_later(handler, use) -> bool:
    """``target = WORKSPACE.resolve(args.get("path"))`` where ``resolve`` answers ``rel or "."``:
    the None of the bare ``.get`` is not what gets used, the fallback that replaces it is, and
    that fallback is the one finding (at the line the author must change), not a second one
    saying the value is used as None."""
    if use.via_helper:
        # `teams = parse_teams(args.get("teams", ""))` then `teams = teams or ALL_TEAMS`: what the
        # parser made of the "" is replaced by the later fallback, the one finding
        return any(other is not use and other.key == use.key and not other.missing_key and not other.rejected
                   and not other.uncertain and other.node is not use.node and overlaps(other.served, use.served)
                   for other in handler.defaults)
    if not use.implicit:
        return False
    return any(other is not use and other.key == use.key and not other.implicit and not other.missing_key
               and not other.rejected and not other.uncertain and other.node is not use.node
               and overlaps(other.served, use.served) for other in handler.defaults)


def _in_dropped_read(handler, use) -> bool:
    """``day = args.get("day", "today")`` with ``day`` never used: the value read is dropped
    (MCP103 reports it), so its default never reaches anything and is no second finding."""
    for read in handler.reads:
        if read.dropped and read.key == use.key and read.node is use.node:
            return True
    return False


def _computed(use) -> str | None:
    """``what `max(KNOWN_TAGS)` computes``: the text of a default written apart from the read
    (a helper's ``return``, a validator's fill) that calls something, when it is short enough
    to quote; None otherwise."""
    if use.origin is None or not isinstance(use.origin, cst.BaseExpression) \
            or not any(isinstance(node, cst.Call) for node in walk(use.origin)):
        return None
    text = cst.Module([]).code_for_node(use.origin)
    return f"what `{text}` computes" if len(text) <= 60 and "\n" not in text else None


def _unknown(value) -> bool:
    from mcplint.model.evaluate import UNKNOWN
    return value is UNKNOWN
