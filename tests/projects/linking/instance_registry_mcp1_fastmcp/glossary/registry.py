"""A registry object: prompt modules fill it, the server module installs it."""

from mcp.server.fastmcp import FastMCP


class PromptRegistry:
    def __init__(self) -> None:
        self._prompts = []

    def register(self, fn):
        self._prompts.append(fn)
        return fn

    def install(self, mcp: FastMCP) -> None:
        for fn in self._prompts:
            mcp.prompt()(fn)


registry = PromptRegistry()
