"""MCP301 render-from-raw-arguments: message text built from the raw ``arguments`` map.

When a handler validates or normalises an argument and then renders the raw client value
(or formats the whole mapping in), the checks it made do not protect the text the model
sees: ``"  Beginner "`` passes a stripped, lower-cased check and is rendered as sent, and
undeclared keys flow into ``TEMPLATE.format(**arguments)``.
"""

from __future__ import annotations

import re

from typing import Iterator

import libcst as cst

from mcplint.checks._common import is_required_everywhere, served_label
from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.module_info import contains


class RenderFromRawArguments(Rule):
    """Fires on a raw value rendered although a validated value of it exists, on the whole
    mapping formatted into text, and on a required argument rendered with no check at all
    (read bare, so a missing value renders as 'None'; with an empty default that leaves a hole
    in the text; with a placeholder default, shown as if the caller had chosen it, MCP101
    reporting the default itself at the read; or by subscript, so an empty value renders as
    sent). An optional argument read with a default and rendered as-is is not a finding."""

    code = "MCP301"
    name = "render-from-raw-arguments"
    summary = "Message text is built from raw arguments instead of validated values"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            seen: set[tuple[int, str | None]] = set()
            for render in handler.renders:
                if (id(render.node), render.key) in seen or _holds_another(render, handler.renders):
                    continue
                finding = _finding(handler, render)
                if finding is not None:
                    seen.add((id(render.node), render.key))
                    yield finding


def _holds_another(render, renders) -> bool:
    """A raw render placed at a helper's call (``summary(args["text"])``) that also holds the
    raw value's own render: one finding, at the value."""
    return render.kind == "raw" and type(render.node) is cst.Call and any(
        other is not render and other.kind == "raw" and other.key == render.key and other.node is not render.node
        and contains(render.node, other.node) for other in renders)


#: An angle-bracket blank anywhere (``"<page_name>"``, ``"Dear <name>"``), or a text that is
#: nothing but a bracketed blank or dots (``"[table]"``, ``"{symbol}"``, ``"..."``).
_PLACEHOLDER = re.compile(r"<[A-Za-z_][^<>]*>|\s*(\[[^\[\]]+\]|\{[^{}]*\}|[.…]+|_{2,})\s*")


#: A default that names the absence of a value (``"UNKNOWN"``, ``"N/A"``, ``"not provided"``):
#: rendered, the text states "video UNKNOWN" as if the caller had sent that.
_SENTINEL = re.compile(r"\s*(?:unknown|n/a|none|null|nil|tbd|undefined|unspecified|missing|"
                       r"not (?:specified|provided|given|set)|\?+)\s*", re.I)


def is_placeholder(text: str, sentinels: bool = False) -> bool:
    """Whether a default is a placeholder rather than a value: ``"<page_name>"``,
    ``"[table]"``, ``"{symbol}"``, ``"..."``, and with ``sentinels`` a word for no value
    (``"UNKNOWN"``, ``"N/A"``: in a prompt's instructions it reads as the caller's choice,
    "analyse video UNKNOWN"; a tool's output text may name an unknown as such). Rendered, it
    shows the model a blank to fill in as if the caller had written it, which is more than
    the silent default MCP101 reports."""
    if sentinels and _SENTINEL.fullmatch(text):
        return True
    found = _PLACEHOLDER.search(text)
    return found is not None and (found.group().startswith("<") or found.group() == text)


def _shown(text: str) -> str:
    """A default for a message: quoted, cut to a readable length."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _finding(handler, render) -> Finding | None:
    where = served_label(handler, render.served)
    if render.kind == "whole-mapping":
        reach = "unvalidated values reach" if render.placeholders_only else \
            "unvalidated values and undeclared keys reach"
        verb = "format" if where.startswith(f"{handler.kind}s ") else "formats"  # tools 'a', 'b' format
        return Finding(render.node, f"{where.capitalize()} {verb} the whole arguments mapping into its text: "
                                    f"{reach} the message; render validated locals")
    via = (Related(render.via, "the helper that renders it is called here"),) if render.via is not None else ()
    if render.kind == "raw":
        related = (Related(render.validated_node, f"validated value of '{render.key}'"),) if render.validated_node else ()
        verb = "render" if where.startswith(f"{handler.kind}s ") else "renders"
        return Finding(render.node, f"{where.capitalize()} {verb} the raw argument '{render.key}' although a "
                                    f"validated value of it exists; render the validated value", related + via,
                       fault=render.key)
    if handler.framework_checks_required or is_required_everywhere(handler, render.key, render.served) is None:
        return None
    default = render.default
    if default is not None and (default.rejected or default.uncertain or not isinstance(default.value, str)
                                or (default.value != "" and not is_placeholder(default.value, sentinels=handler.kind == "prompt"))):
        # a later check rejects the default (the value was checked after all), it is no text
        # the message could show, or it is real text ("production"): the silent default is
        # MCP101's one finding, at the read
        return None
    # MCP spec 2025-11-25: a missing prompt argument is -32602; a tool argument error an isError result
    fix = "return an isError result first" if handler.kind == "tool" else "reject it with -32602 first"
    if render.missing_raises:
        hole = "an empty value renders as sent"
    elif default is None:
        hole = "a missing value renders as 'None'"
    elif default.value == "":
        hole = "a missing value renders as an empty string"
    else:
        # the silent default itself is MCP101's finding at the read; here the text the model
        # gets states the placeholder as if the caller had chosen it
        hole = f"a missing value renders as the placeholder {_shown(default.value)}"
    return Finding(render.node, f"Required argument '{render.key}' of {where} is rendered without any check: "
                                f"{hole}; {fix}", via, fault=render.key)
