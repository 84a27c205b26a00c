"""MCP704 contract-schema-narrowed: a tool property accepts fewer JSON types than the baseline (``number`` to ``integer``, a union
losing a member, a free value becoming an enum) or an enum value disappeared; at the property. Also a value a
completion handler advertised for a prompt or resource template argument that is no longer returned, at the
expression that builds the values (the export reads literal lists, constant dicts of lists indexed by the
argument's name and ``startswith`` filters, :func:`mcplint.model.completions.advertised_values`; a pair whose
values are unknown on either side is not compared).

The comparison is :mod:`mcplint.contract.findings` (baseline: the lockfile written by
``mcplint contract --write``, or ``--contract-base REF``); without a baseline it reports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.contract.findings import breaking_changes


class ContractSchemaNarrowed(Rule):
    """Reports the MCP704 changes of the file's servers against the baseline contract."""

    code = "MCP704"
    name = "contract-schema-narrowed"
    summary = "A tool property's type narrowed, or an enum or completion value disappeared"

    def check(self, model) -> Iterator[Finding]:
        for change in breaking_changes(model):
            if change.code == self.code:
                yield Finding(change.node, change.message)
