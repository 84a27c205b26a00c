from collections.abc import Callable, Mapping

import mcp.types as types
from mcp.shared.exceptions import McpError

Builder = Callable[[Mapping[str, str]], str]


class PromptNotFound(LookupError):
    pass


def need(args: Mapping[str, str], key: str) -> str:
    value = args.get(key, "").strip()
    if not value:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"argument '{key}' is required"))
    return value


class Registry:
    def __init__(self) -> None:
        self._entries: dict[str, tuple[types.Prompt, Builder]] = {}

    def add(self, prompt: types.Prompt, build: Builder) -> None:
        self._entries[prompt.name] = (prompt, build)

    def declared(self) -> list[types.Prompt]:
        return [prompt for prompt, _ in self._entries.values()]

    def lookup(self, name: str) -> tuple[types.Prompt, Builder]:
        try:
            return self._entries[name]
        except KeyError:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"no playbook prompt named {name!r}")) from None


REGISTRY = Registry()
