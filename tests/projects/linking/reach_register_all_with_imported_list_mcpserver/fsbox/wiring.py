from typing import Callable, Iterable


def register_all(server, functions: Iterable[Callable]) -> None:
    """Register each function as a tool of server."""
    for fn in functions:
        server.add_tool(fn)
