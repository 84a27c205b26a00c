from collections.abc import Callable

from fastmcp import FastMCP


class PromptRegistry:
    def __init__(self) -> None:
        self._fns: list[Callable[..., str]] = []

    def register(self, fn: Callable[..., str]) -> Callable[..., str]:
        self._fns.append(fn)
        return fn

    def install(self, mcp: FastMCP) -> None:
        for fn in self._fns:
            mcp.prompt(fn)


registry = PromptRegistry()
