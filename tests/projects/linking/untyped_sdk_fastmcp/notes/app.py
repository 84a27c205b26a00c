"""The server is made in a class, in either branch of __init__, and handed to registration
functions of a sub-package (imported through the package's re-exports)."""
from mcp.server.fastmcp import FastMCP

from .registrations import register_prompts, register_tools


class NotesApp:
    def __init__(self, debug: bool) -> None:
        if debug:
            self.server = FastMCP("notes", debug=True)
        else:
            self.server = FastMCP("notes")
        register_prompts(self.server)
        register_tools(self.server, read_only=not debug)
