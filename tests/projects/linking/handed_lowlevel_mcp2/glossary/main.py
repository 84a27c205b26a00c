"""The server is a local of main(), handed to wire() of another module."""
import anyio
from mcp.server import Server

from .wiring import wire


def main() -> None:
    server = Server("glossary")
    wire(server)
    anyio.run(server.run)
