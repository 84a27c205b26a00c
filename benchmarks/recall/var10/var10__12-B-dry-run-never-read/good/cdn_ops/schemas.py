from mcp import types

TOOLS = [
    types.Tool(
        name="purge_cache",
        description="Purge CDN cache entries matching a glob pattern",
        input_schema={
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "Glob, e.g. /assets/*.css"},
                "dry_run": {"type": "boolean", "description": "Only report what would be purged"},
            },
            "required": ["pattern"],
        },
    ),
    types.Tool(
        name="cache_size",
        description="Number of cached entries matching a pattern",
        input_schema={"type": "object", "properties": {"pattern": {"type": "string"}}, "required": ["pattern"]},
    ),
]
TOOL_NAMES = frozenset(t.name for t in TOOLS)
