from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import TRIAGE_ARGS, TemplatePrompt


def create() -> FastMCP:
    mcp = FastMCP("triage")
    mcp.add_middleware(ErrorHandlingMiddleware())
    mcp.add_prompt(TemplatePrompt(name="triage_ticket", description="Triage one ticket", arguments=TRIAGE_ARGS))
    return mcp
