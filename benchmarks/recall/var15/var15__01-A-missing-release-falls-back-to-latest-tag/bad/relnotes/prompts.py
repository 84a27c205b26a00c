from mcp import types
from mcp.shared.exceptions import McpError

from .tags import previous_tag, resolve_tag

DECLARED = [
    types.Prompt(
        name="release_notes",
        description="Draft release notes for a tag",
        arguments=[
            types.PromptArgument(name="release", description="tag, e.g. v1.5.1", required=True),
            types.PromptArgument(name="audience", description="who reads it", required=False),
        ],
    )
]


def release_notes(args: dict[str, str]) -> types.GetPromptResult:
    tag = resolve_tag(args.get("release"))
    if tag is None:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown or missing release"))
    audience = args.get("audience") or "end users"
    text = f"Write release notes for {tag} (changes since {previous_tag(tag)}) for {audience}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


HANDLERS = {"release_notes": release_notes}
