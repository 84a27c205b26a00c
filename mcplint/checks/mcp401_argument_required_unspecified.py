"""MCP401 argument-required-unspecified: a ``PromptArgument`` that does not say ``required=``.

``PromptArgument.required`` defaults to ``None`` on the wire type, which means "optional"
(``../shared/FRAMEWORKS.md`` §0; mcp 1.x ``mcp/types.py``, mcp 2.x ``mcp_types/_types.py``).
Authors who leave it out usually meant the argument to be required, and the low-level
handler then treats a missing value as an error or renders ``None``.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._arguments import last_value, prompt_arguments, where
from mcplint.checks.base import Finding, FixPlan, NodeEdit, Rule
from mcplint.diagnostics import Applicability


class ArgumentRequiredUnspecified(Rule):
    """Fires at each ``PromptArgument(...)`` call or ``{"name": ...}`` argument dict without
    ``required``; the fix spells out the protocol default, ``required=False``."""

    code = "MCP401"
    name = "argument-required-unspecified"
    summary = "A prompt argument does not say whether it is required"

    def check(self, model) -> Iterator[Finding]:
        for _server, declaration, argument in prompt_arguments(model):
            if argument.literal is None or argument.required_explicit:
                continue
            yield Finding(argument.literal,
                          f"Argument '{argument.name}' {where(declaration)} does not say whether it is required: "
                          f"an omitted `required` means optional, so clients may leave it out",
                          fix=_fix(argument.literal))


def _fix(literal: cst.CSTNode) -> FixPlan | None:
    anchor = last_value(literal)
    if anchor is None:
        return None
    content = ", required=False" if isinstance(literal, cst.Call) else ', "required": False'
    return FixPlan(title="Make `required=False` explicit (or set `required=True` if callers must send it)",
                   edits=(NodeEdit(anchor, content, at="after"),), applicability=Applicability.SAFE)
