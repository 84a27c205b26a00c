import mcp.types as types

from .registry import registry

ARTIFACTS = {"b1": ["b1-r1.tar", "b1-r2.tar", "b1-r3.tar"]}

SPEC = types.Tool(
    name="delete_artifacts",
    description="Delete the stored artifacts of a build",
    input_schema={
        "type": "object",
        "properties": {
            "build": {"type": "string"},
            "options": {
                "type": "object",
                "properties": {"keep_latest": {"type": "boolean", "description": "keep the newest artifact"}},
            },
        },
        "required": ["build"],
    },
)


@registry.tool(SPEC)
async def delete_artifacts(arguments: dict) -> types.CallToolResult:
    build = arguments.get("build")
    if build not in ARTIFACTS:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"no build {build}")], is_error=True)
    options = arguments.get("options") or {}
    keep_latest = bool(arguments.get("keep_latest", False))
    doomed = ARTIFACTS[build][:-1] if keep_latest else list(ARTIFACTS[build])
    for name in doomed:
        ARTIFACTS[build].remove(name)
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"deleted {doomed}; options={sorted(options)}")])
