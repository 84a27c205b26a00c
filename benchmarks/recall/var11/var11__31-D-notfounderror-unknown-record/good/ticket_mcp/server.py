from fastmcp import FastMCP

from .prompts import register
from .store import TicketStore


def create_server(store: TicketStore | None = None) -> FastMCP:
    mcp = FastMCP("tickets")
    register(mcp, store or TicketStore())
    return mcp
