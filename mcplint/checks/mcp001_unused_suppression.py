"""MCP001 unused-suppression: a ``# noqa: MCPxxx`` that suppresses nothing."""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule


class UnusedSuppression(Rule):
    """Reported by the engine after suppressions are applied (it needs every other finding)."""

    code = "MCP001"
    name = "unused-suppression"
    summary = "A `# noqa: MCPxxx` comment suppresses nothing"

    def check(self, model) -> Iterator[Finding]:
        return iter(())
