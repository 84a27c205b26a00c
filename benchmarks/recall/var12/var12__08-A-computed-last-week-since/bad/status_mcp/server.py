from fastmcp import FastMCP

from .prompts import STATUS_ARGS, StatusReportPrompt


def register(mcp: FastMCP) -> None:
    mcp.add_prompt(StatusReportPrompt(name="status_report", description="Weekly status report", arguments=STATUS_ARGS))


mcp = FastMCP("status")
register(mcp)
