from mcp.server.fastmcp import FastMCP

from .templates import render

mcp = FastMCP("prdesk")


@mcp.prompt()
def pr_summary(pr_title: str, reviewer: str, tone: str = "friendly") -> str:
    return render("pr_summary", title=pr_title, reviewer="reviewer", tone=tone)  # error: MCP103


if __name__ == "__main__":
    mcp.run()
