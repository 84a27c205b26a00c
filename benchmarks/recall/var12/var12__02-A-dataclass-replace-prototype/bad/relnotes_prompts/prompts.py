import mcp.types as types
from mcp.shared.exceptions import McpError

from .model import request_from

RELEASE_NOTES = types.Prompt(
    name="release_notes",
    description="Draft release notes from a changelog",
    arguments=[
        types.PromptArgument(name="version", description="Version being released, e.g. 3.2.0", required=True),
        types.PromptArgument(name="changelog", description="Raw changelog entries", required=True),
        types.PromptArgument(name="channel", description="stable, beta or nightly", required=False),
        types.PromptArgument(name="audience", description="Who reads the notes", required=False),
    ],
)


def render_release_notes(arguments: dict[str, str]) -> str:
    changelog = arguments.get("changelog", "").strip()
    if not changelog:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="changelog is required"))
    req = request_from(arguments)
    return (
        f"Write {req.channel} release notes for version {req.version}, aimed at {req.audience}.\n"
        f"Use only these changelog entries:\n{changelog}"
    )
