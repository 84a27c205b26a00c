"""MCP702 contract-argument-removed: a prompt argument or tool property the baseline lists is gone; a rename is one finding at the new
name's declaration, a plain removal is reported at its prompt's or tool's declaration.

The comparison is :mod:`mcplint.contract.findings` (baseline: the lockfile written by
``mcplint contract --write``, or ``--contract-base REF``); without a baseline it reports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.contract.findings import breaking_changes


class ContractArgumentRemoved(Rule):
    """Reports the MCP702 changes of the file's servers against the baseline contract."""

    code = "MCP702"
    name = "contract-argument-removed"
    summary = "A prompt argument or tool property of the baseline contract is gone (or renamed)"

    def check(self, model) -> Iterator[Finding]:
        for change in breaking_changes(model):
            if change.code == self.code:
                yield Finding(change.node, change.message)
