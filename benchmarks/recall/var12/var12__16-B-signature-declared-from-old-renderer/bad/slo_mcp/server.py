from fastmcp import FastMCP

from .prompts import SLO_ARGS, SloReviewPrompt

mcp = FastMCP("slo")
mcp.add_prompt(SloReviewPrompt(name="slo_review", description="Review a service SLO", arguments=SLO_ARGS))
