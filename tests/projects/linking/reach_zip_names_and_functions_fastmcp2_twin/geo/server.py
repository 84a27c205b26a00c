from fastmcp import FastMCP

from .funcs import FUNCS, NAMES


def setup(app: FastMCP) -> FastMCP:
    for name, fn in zip(NAMES, FUNCS):
        app.tool(name=name)(fn)
    return app


mcp = setup(FastMCP("geo"))
