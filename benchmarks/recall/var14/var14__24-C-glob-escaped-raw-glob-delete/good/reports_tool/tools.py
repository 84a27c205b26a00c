import mcp.types as types

from .storage import matching

PURGE = types.Tool(
    name="purge_reports",
    description="Delete the PDF reports whose name starts with a prefix",
    inputSchema={
        "type": "object",
        "properties": {"prefix": {"type": "string", "minLength": 4}, "confirm": {"type": "boolean"}},
        "required": ["prefix"],
    },
)


def purge_reports(arguments: dict) -> list[types.TextContent]:
    files = matching(arguments["prefix"])
    if not arguments.get("confirm", False):
        return [types.TextContent(type="text", text="would delete: " + ", ".join(f.name for f in files))]
    for path in files:
        path.unlink()
    return [types.TextContent(type="text", text=f"deleted {len(files)} reports")]
