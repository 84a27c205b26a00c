from fastmcp import FastMCP

from .prompts import FeedbackPrompts

mcp = FastMCP("feedback")
FeedbackPrompts(mcp)
