import functools
import logging
from collections.abc import Callable

import mcp.types as types

log = logging.getLogger(__name__)


class PromptRegistry:
    def __init__(self) -> None:
        self.prompts: dict[str, types.Prompt] = {}
        self.handlers: dict[str, Callable[..., str]] = {}

    def prompt(self, name: str, description: str, *arguments: types.PromptArgument):
        def decorate(fn: Callable[..., str]) -> Callable[..., str]:
            @functools.wraps(fn)
            def traced(*args, **kwargs):
                log.debug("rendering %s with %s", name, sorted(kwargs))
                return fn(*args, **kwargs)

            self.prompts[name] = types.Prompt(name=name, description=description, arguments=list(arguments))
            self.handlers[name] = traced
            return traced

        return decorate


registry = PromptRegistry()
