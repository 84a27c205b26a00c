"""The server is made in either branch of an if at the top of the package: whichever runs,
`mcp` is this package's server, and the tool modules import it (fastmcp 2)."""
import os

from fastmcp import FastMCP

if os.environ.get("NOTES_TOKEN"):
    mcp = FastMCP("notes", instructions="Authenticated notes")
else:
    mcp = FastMCP("notes")
