from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import REVIEW_ARGS, ReviewPlanPrompt

mcp = FastMCP("review-planner")
mcp.add_middleware(ErrorHandlingMiddleware())
mcp.add_prompt(ReviewPlanPrompt(name="review_plan", description="Plan a code review", arguments=REVIEW_ARGS))
