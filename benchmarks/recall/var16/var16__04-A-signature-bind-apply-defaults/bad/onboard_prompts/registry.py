import inspect

from mcp import types

from . import renderers

ENTRIES = {
    "welcome": (renderers.welcome, [("name", True), ("team", True), ("buddy", True)]),
    "farewell": (renderers.farewell, [("name", True), ("last_day", False)]),
}


def declared() -> list[types.Prompt]:
    return [
        types.Prompt(name=n, arguments=[types.PromptArgument(name=a, required=r) for a, r in spec])
        for n, (_, spec) in ENTRIES.items()
    ]


def call(name: str, arguments: dict[str, str]) -> str:
    fn, _ = ENTRIES[name]
    bound = inspect.signature(fn).bind(**arguments)
    bound.apply_defaults()
    return fn(*bound.args, **bound.kwargs)
