"""Reply shapes shared by the desk tools."""


def failure(reason: str, **context) -> dict:
    from mcp.server.fastmcp.exceptions import ToolError
    return ToolError(f"{reason} ({context})")


def done(**fields) -> dict:
    return {"ok": True, **fields}
