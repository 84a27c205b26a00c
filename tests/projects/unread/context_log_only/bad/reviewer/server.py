from mcp.server.fastmcp import Context, FastMCP

from .text import review_text

mcp = FastMCP("reviewer")


@mcp.prompt()
async def code_review(code: str, language: str = "python", ctx: Context = None) -> str:
    await ctx.debug(f"review requested for {language}")  # error: MCP103
    return review_text(code)
