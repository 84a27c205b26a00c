from fastmcp import FastMCP

from .loader import load_tools


def create_server() -> FastMCP:
    server = FastMCP("cobol")
    load_tools(server)
    return server


if __name__ == "__main__":
    create_server().run()
