from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompt_classes import PROMPT_CLASSES


class SupportServer:
    def __init__(self) -> None:
        self.mcp = FastMCP("support-desk", middleware=[ErrorHandlingMiddleware()])
        for name, (cls, description, arguments) in PROMPT_CLASSES.items():
            self.mcp.add_prompt(cls(name=name, description=description, arguments=arguments))


server = SupportServer()
