"""MCP000 syntax-error: the file cannot be parsed, so nothing else can be checked."""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule


class SyntaxErrorRule(Rule):
    """Reported by the engine itself (there is no model to query when parsing fails)."""

    code = "MCP000"
    name = "syntax-error"
    summary = "File cannot be parsed (or nests deeper than CPython accepts)"

    def check(self, model) -> Iterator[Finding]:
        return iter(())
