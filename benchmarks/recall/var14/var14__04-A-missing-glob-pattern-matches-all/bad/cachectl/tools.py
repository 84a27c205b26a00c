import mcp.types as types

from . import store

PURGE = types.Tool(
    name="purge_cache",
    description="Delete the cache keys of a region that match a glob pattern",
    input_schema={
        "type": "object",
        "properties": {
            "region": {"type": "string", "enum": ["eu", "us"]},
            "pattern": {"type": "string", "description": "glob, e.g. render:*"},
            "dry_run": {"type": "boolean"},
        },
        "required": ["region", "pattern"],
    },
)


def _text(message: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=error)


async def purge(arguments: dict) -> types.CallToolResult:
    region = arguments.get("region")
    if region not in store.KEYS:
        return _text(f"region must be one of {sorted(store.KEYS)}", error=True)
    pattern = arguments.get("pattern", "*")
    keys = store.matching(region, pattern)
    if arguments.get("dry_run", False):
        return _text("would delete: " + ", ".join(keys))
    return _text(f"deleted {store.delete(region, keys)} keys")


TOOLS = {"purge_cache": (PURGE, purge)}
