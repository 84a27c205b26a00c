"""MCP703 contract-argument-now-required: an argument or tool property that was optional is now required, or a new required one appeared
(a renamed one is MCP702 instead); reported at its declaration.

The comparison is :mod:`mcplint.contract.findings` (baseline: the lockfile written by
``mcplint contract --write``, or ``--contract-base REF``); without a baseline it reports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.contract.findings import breaking_changes


class ContractArgumentNowRequired(Rule):
    """Reports the MCP703 changes of the file's servers against the baseline contract."""

    code = "MCP703"
    name = "contract-argument-now-required"
    summary = "An optional argument became required, or a new required argument appeared"

    def check(self, model) -> Iterator[Finding]:
        for change in breaking_changes(model):
            if change.code == self.code:
                yield Finding(change.node, change.message)
