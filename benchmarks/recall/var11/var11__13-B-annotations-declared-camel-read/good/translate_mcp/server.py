from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import TranslatePrompt
from .specs import TranslateArgs, arguments_from


def create_server() -> FastMCP:
    mcp = FastMCP("translate", middleware=[ErrorHandlingMiddleware()])
    mcp.add_prompt(
        TranslatePrompt(name="translate", description="Translate a text", arguments=arguments_from(TranslateArgs))
    )
    return mcp
