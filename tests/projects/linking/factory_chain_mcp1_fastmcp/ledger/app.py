"""Three calls deep in one module, the last by keyword: main() builds the server, setup()
and install() pass it along, and the handler modules' register(app) receives it (mcp 1.x
FastMCP)."""
from mcp.server.fastmcp import FastMCP

from ledger.handlers import accounts, entries


def install(*, app):
    for module in (accounts, entries):
        module.register(app)


def setup(app):
    install(app=app)


def main():
    server = FastMCP("ledger")
    setup(server)
    server.run()
