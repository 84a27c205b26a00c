from fastmcp import FastMCP

from .prompts import PROMPTS


def make_server() -> FastMCP:
    server = FastMCP("reviewer")
    for prompt in PROMPTS:
        server.add_prompt(prompt)
    return server


mcp = make_server()
