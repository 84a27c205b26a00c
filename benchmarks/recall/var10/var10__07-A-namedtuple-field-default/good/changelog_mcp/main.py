from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import PROMPT_TYPES


def build() -> FastMCP:
    server = FastMCP("changelog", middleware=[ErrorHandlingMiddleware()])
    for cls, name, description, arguments in PROMPT_TYPES:
        server.add_prompt(cls(name=name, description=description, arguments=arguments))
    return server


if __name__ == "__main__":
    build().run()
