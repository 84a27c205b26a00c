"""MCP502 completion-values-unbounded: more than 100 completion values possible.

The spec limits ``Completion.values`` to 100 items ("Must not exceed 100 items", mcp 1.29.0
``src/mcp/types.py`` ``Completion``; mcp 2.0.0 ``src/mcp-types/mcp_types/_types.py``). Neither
SDK enforces it: the mcp 1.x low-level and FastMCP handlers and the mcp 2.x ``on_completion``
and ``MCPServer`` handlers send what they are given (mcp 2.0.0
``src/mcp/server/mcpserver/server.py`` ``completion``). fastmcp 4's ``@mcp.completion``
truncates to 100 (``../shared/FRAMEWORKS.md`` §7), so it is exempt; fastmcp 2/3 register on the
wrapped mcp 1.x server (``@mcp._mcp_server.completion()``) and are not.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.model.completions import MAX_VALUES, Unbounded, values_sites
from mcplint.model.registrations import module_info, registrations, stack_of
from mcplint.model.stacks import LABELS


class CompletionValuesUnbounded(Rule):
    """Fires at the ``values`` of a ``Completion(...)`` that may hold more than 100 items.

    A literal list over 100 items, or a source whose size nothing limits (a file listing, a
    query, a list from a call) with no ``[:100]`` slice or other cap. Unknown sizes are silent.
    """

    code = "MCP502"
    name = "completion-values-unbounded"
    summary = "A completion may return more than the 100 values the spec allows"

    def check(self, model) -> Iterator[Finding]:
        info = module_info(model)
        for handler in registrations(model).completions:
            if handler.capped:
                continue
            stack = LABELS[stack_of(model, handler.server)]
            for site in values_sites(handler, info):
                if isinstance(site.size, Unbounded):
                    yield Finding(site.node, f"Completion values of {handler.function.name.value}() come from "
                                             f"{site.size.what} with no limit, and {stack} does not truncate them: "
                                             f"more than {MAX_VALUES} values break the spec; slice them "
                                             f"([:{MAX_VALUES}]) and set has_more/total")
                elif isinstance(site.size, int) and site.size > MAX_VALUES:
                    yield Finding(site.node, f"Completion values of {handler.function.name.value}() can hold "
                                             f"up to {site.size} items, more than the {MAX_VALUES} the spec allows, and "
                                             f"{stack} does not truncate them; send the first {MAX_VALUES} and set "
                                             f"has_more=True")
