from mcp.server.fastmcp import FastMCP

from .client import put_report

app = FastMCP("uploader")


def upload_report(filename: str, content: str) -> str:
    return f"uploaded to {put_report(filename, content)}"


for fn in (upload_report,):
    app.add_tool(fn)
