from mcp import types

LINT_FILES = types.Tool(
    name="lint_files",
    description="Run ruff on some files of the workspace",
    input_schema={
        "type": "object",
        "properties": {
            "paths": {"type": "array", "items": {"type": "string"}, "description": "Files or folders, relative to the workspace"},
            "mode": {"type": "string", "enum": ["check", "fix"]},
        },
        "required": ["paths", "mode"],
    },
)
TOOLS = {LINT_FILES.name: LINT_FILES}
