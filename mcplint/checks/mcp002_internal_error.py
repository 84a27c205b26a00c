"""MCP002 internal-error: mcplint itself failed on this file."""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule


class InternalError(Rule):
    """Reported by the engine when the parser, the model or a rule raises; the run goes on."""

    code = "MCP002"
    name = "internal-error"
    summary = "mcplint failed on this file; the run goes on and exits 2"

    def check(self, model) -> Iterator[Finding]:
        return iter(())
