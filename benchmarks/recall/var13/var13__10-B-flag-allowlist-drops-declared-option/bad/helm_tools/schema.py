from mcp import types

APPLY_TOOL = types.Tool(
    name="helm_upgrade",
    description="Install or upgrade a Helm release",
    input_schema={
        "type": "object",
        "properties": {
            "release": {"type": "string"},
            "chart": {"type": "string"},
            "namespace": {"type": "string"},
            "dry_run": {"type": "boolean", "description": "Render and validate only, change nothing"},
        },
        "required": ["release", "chart"],
    },
)
