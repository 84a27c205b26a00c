"""MCP701 contract-item-removed: a prompt, tool, resource or resource template the baseline lists is gone; a removed name paired
with an added one (a likely rename) is one finding at the new name's declaration, else the finding
is at the first item its module still declares on that server, or at the server's constructor.

The comparison is :mod:`mcplint.contract.findings` (baseline: the lockfile written by
``mcplint contract --write``, or ``--contract-base REF``); without a baseline it reports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.contract.findings import breaking_changes


class ContractItemRemoved(Rule):
    """Reports the MCP701 changes of the file's servers against the baseline contract."""

    code = "MCP701"
    name = "contract-item-removed"
    summary = "A prompt, tool, resource or template of the baseline contract is gone (or renamed)"

    def check(self, model) -> Iterator[Finding]:
        for change in breaking_changes(model):
            if change.code == self.code:
                yield Finding(change.node, change.message)
