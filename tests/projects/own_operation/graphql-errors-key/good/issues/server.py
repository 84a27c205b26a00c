from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from . import gql

CREATE = "mutation($t: String!, $b: String) { createIssue(title: $t, body: $b) { id url } }"

mcp = FastMCP("issues")


@mcp.tool()
def create_issue(title: str, body: str = "") -> dict:
    """Open an issue in the tracker."""
    payload = gql.run(CREATE, {"t": title, "b": body})
    if payload.get("errors"):
        raise ToolError(payload["errors"][0]["message"])
    return payload["data"]["createIssue"]
