from fastmcp import FastMCP

from . import gql

CREATE = "mutation($t: String!, $b: String) { createIssue(title: $t, body: $b) { id url } }"

mcp = FastMCP("issues")


@mcp.tool()
def create_issue(title: str, body: str = "") -> dict:
    """Open an issue in the tracker."""
    payload = gql.run(CREATE, {"t": title, "b": body})
    if payload.get("errors"):
        return {"created": False, "errors": payload["errors"]}
    return payload["data"]["createIssue"]
