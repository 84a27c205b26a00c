"""MCP003 version-setting-contradicted: the configured ``mcp-version`` / ``fastmcp-version``
names a major version whose API the code does not use.

The configured version wins (the user states what they deploy) and every message follows
it; this finding makes the disagreement visible instead of settling it silently. API facts:
``../shared/FRAMEWORKS.md`` (decorator registration on the low-level ``Server`` is mcp 1.x,
``Server(on_*=...)`` and ``add_request_handler`` are mcp 2.x; ``mcp.server.fastmcp`` is mcp
1.x, ``mcp.server.mcpserver`` mcp 2.x; ``@mcp.completion`` and ``MCPError`` are fastmcp 4.x).
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule


class VersionSettingContradicted(Rule):
    """Fires once per server whose API shape contradicts the configured version, at the first
    contradicting use; the model (``ServerModel.version_conflict``) finds it."""

    code = "MCP003"
    name = "version-setting-contradicted"
    summary = "the configured mcp-version / fastmcp-version contradicts the API the code uses"

    def check(self, model) -> Iterator[Finding]:
        for server in model.servers:
            if server.version_conflict is not None:
                node, message = server.version_conflict
                yield Finding(node, message)
