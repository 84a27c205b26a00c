from fastmcp import FastMCP

from .mailer import Mailer


def create_server(transport) -> FastMCP:
    mcp = FastMCP("notify")
    mailer = Mailer(transport)
    mcp.tool(mailer.send_summary)
    return mcp
