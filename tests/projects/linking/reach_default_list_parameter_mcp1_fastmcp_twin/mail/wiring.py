from .handlers import DEFAULT_TOOLS


def register(server, funcs=DEFAULT_TOOLS) -> None:
    for func in funcs:
        server.add_tool(func)
